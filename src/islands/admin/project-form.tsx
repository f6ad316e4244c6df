/**
 * The project form as a full page (docs/product.md#project-form): Client (each client's name and company),
 * Project Title, Description, Status, Start Date, End Date, Estimated Hours (step 0.5, minimum
 * 0), Hours Used (step 0.25, minimum 0; time entries add to it, docs/product.md#time-tracking)
 * and Budget (USD) (step 100, minimum 0). The budget is typed in dollars and sent in cents;
 * empty dates are left out. Cancel, and 'Create Project' or 'Update Project' ('Saving...').
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PROJECT_STATUSES, PROJECT_STATUS_LABELS } from '../../shared/projects.ts';
import {
  projectFormSchema,
  projectToForm,
  type AdminProjectBody,
  type ProjectFormInput,
} from '../../shared/schemas/admin.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { Field } from '../ui/form.tsx';
import { Loading } from '../ui/loading.tsx';
import { FormPage, MissingRecord } from './form-page.tsx';
import { useSaveProject } from './mutations.ts';
import { ClientPicker } from './client-picker.tsx';
import { useProject, type AdminProject } from './queries.ts';
import { navigate } from './route.ts';
import { SaveButton } from './save-button.tsx';

const EMPTY: ProjectFormInput = {
  clientId: '',
  title: '',
  description: '',
  status: 'planning',
  startDate: '',
  endDate: '',
  estimatedHours: '',
  actualHours: '',
  budget: '',
};

function ProjectFormPage({ project }: { project: AdminProject | null }) {
  const editing = project !== null;
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProjectFormInput, unknown, AdminProjectBody>({
    // Checks what was typed and turns it into the API body (budget in cents).
    resolver: zodResolver(projectFormSchema),
    defaultValues: project ? projectToForm(project) : EMPTY,
  });
  const back = () => navigate('projects');
  const save = useSaveProject(project?.id ?? null);
  const onSubmit = useSubmit(save, {
    setError,
    success: (_, values) => ({ title: editing ? 'Project updated' : 'Project created', description: values.title }),
    onSuccess: back,
  });

  return (
    <FormPage
      title={editing ? 'Edit Project' : 'Add Project'}
      backLabel="Back to projects"
      onCancel={back}
      error={save.error}
      onSubmit={handleSubmit(onSubmit)}
      actions={<SaveButton pending={isSubmitting}>{editing ? 'Update Project' : 'Create Project'}</SaveButton>}
    >
      <ClientPicker
        selectedId={watch('clientId')}
        initial={project?.client ? { id: project.clientId, ...project.client } : null}
        error={errors.clientId?.message}
        select={register('clientId')}
      />
      <Field label="Project Title" error={errors.title?.message} className="sm:col-span-2">
        {(control) => <input {...control} className="field-input" {...register('title')} />}
      </Field>
      <Field label="Description" error={errors.description?.message} className="sm:col-span-2">
        {(control) => <textarea {...control} rows={4} className="field-input" {...register('description')} />}
      </Field>
      <Field label="Status" error={errors.status?.message} className="sm:col-span-2">
        {(control) => (
          <select {...control} className="field-input" {...register('status')}>
            {PROJECT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {PROJECT_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Start Date" error={errors.startDate?.message}>
        {(control) => <input {...control} type="date" className="field-input" {...register('startDate')} />}
      </Field>
      <Field label="End Date" error={errors.endDate?.message}>
        {(control) => <input {...control} type="date" className="field-input" {...register('endDate')} />}
      </Field>
      <Field label="Estimated Hours" error={errors.estimatedHours?.message}>
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="decimal"
            step={0.5}
            min={0}
            className="field-input"
            {...register('estimatedHours')}
          />
        )}
      </Field>
      <Field label="Hours Used" error={errors.actualHours?.message}>
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="decimal"
            step={0.25}
            min={0}
            className="field-input"
            {...register('actualHours')}
          />
        )}
      </Field>
      <Field label="Budget (USD)" error={errors.budget?.message}>
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="decimal"
            step={100}
            min={0}
            className="field-input"
            {...register('budget')}
          />
        )}
      </Field>
    </FormPage>
  );
}

/** The edit form of project `id`, once it has loaded. */
function EditProject({ id }: { id: string }) {
  const project = useProject(id);
  if (project.isPending) return <Loading />;
  if (!project.data) return <MissingRecord what="Project" onBack={() => navigate('projects')} />;
  return <ProjectFormPage key={project.data.id} project={project.data} />;
}

/** The add form (`id` null) or the edit form of project `id`. */
export function ProjectForm({ id }: { id: string | null }) {
  if (id === null) return <ProjectFormPage project={null} />;
  return <EditProject id={id} />;
}
