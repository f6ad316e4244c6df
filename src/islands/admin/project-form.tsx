/**
 * The project form as a full page (docs/product.md#project-form): Client (each client's name and company),
 * Project Title, Description, Status, Start Date, End Date, Estimated Hours (step 0.5, minimum
 * 0), Hours Used (step 0.25, minimum 0; time entries add to it, docs/product.md#time-tracking)
 * and Budget (USD) (step 100, minimum 0). The budget is typed in dollars and sent in cents;
 * empty dates are left out. Cancel, and 'Create Project' or 'Update Project' ('Saving...').
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
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
import { itemsOf } from './list-view.tsx';
import { useClientPages, useProject, type AdminProject } from './queries.ts';
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

/** How many clients the picker offers at once; the search box finds any other. */
const PICKER_SIZE = '50';

/**
 * The clients the picker offers: the first 50 by name, or the best 50 matches of what was typed
 * in 'Find a client', and always the project's own client.
 */
function useClientChoices(search: string, current: { id: string; name: string; company: string | null } | null) {
  const words = search.trim();
  const found = useClientPages(
    words ? { q: words, sort: 'relevance', limit: PICKER_SIZE } : { sort: 'name.asc', limit: PICKER_SIZE },
  );
  const choices: { id: string; name: string; company: string | null }[] = itemsOf(found);
  if (current && !choices.some((c) => c.id === current.id)) choices.unshift(current);
  return { choices, total: found.data?.pages[0]?.total, isPending: found.isPending };
}

function ProjectFormPage({ project }: { project: AdminProject | null }) {
  const editing = project !== null;
  const [search, setSearch] = useState('');
  const searchId = useId();
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
  // The chosen client stays an option while the search shows others.
  const known = useRef(
    new Map(project?.client ? [[project.clientId, { id: project.clientId, ...project.client }]] : []),
  );
  const clients = useClientChoices(search, known.current.get(watch('clientId')) ?? null);
  for (const c of clients.choices) known.current.set(c.id, c);
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
      <div className="sm:col-span-2">
        <label htmlFor={searchId} className="block text-sm font-semibold text-ink-900">
          Find a client
        </label>
        <input
          id={searchId}
          type="search"
          className="field-input mt-1"
          value={search}
          maxLength={200}
          aria-describedby={`${searchId}-hint`}
          onChange={(event) => setSearch(event.target.value)}
        />
        <p id={`${searchId}-hint`} className="mt-1 text-sm text-ink-700">
          {clients.isPending
            ? 'Loading clients...'
            : `The list below shows ${clients.choices.length} of ${clients.total ?? 0} ${search.trim() ? 'matching clients' : 'clients'}.`}
        </p>
      </div>
      <Field label="Client" error={errors.clientId?.message} className="sm:col-span-2">
        {(control) => (
          <select {...control} className="field-input" {...register('clientId')}>
            <option value="">Select a client</option>
            {clients.choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.company ? `${c.name} (${c.company})` : c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
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
