/**
 * A project's milestones for staff (issue 4; fields of SPEC.md 3.1): the list in order, each
 * with move up and move down (keyboard-friendly reordering), edit in place and delete (after
 * asking); and a form to add one. The client sees the same list in the portal.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { type z } from 'zod';
import { MILESTONE_STATUSES, MILESTONE_STATUS_LABELS } from '../../shared/projects.ts';
import { milestoneSchema } from '../../shared/schemas/admin.ts';
import { apiRequest, messageOf } from '../lib/api.ts';
import { formatDate } from '../lib/format.ts';
import { toast } from '../lib/toast-store.ts';
import { ConfirmDelete } from '../ui/confirm-delete.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog.tsx';
import { Field, showServerFieldErrors } from '../ui/form.tsx';
import { Loading } from '../ui/loading.tsx';
import { MilestoneStatusBadge } from '../ui/status-badge.tsx';
import { PROJECTS_KEY, milestonesKey, useMilestones, useRefresh } from './data.ts';
import { IconButton, ListError } from './parts.tsx';
import { SaveButton } from './save-button.tsx';
import type { AdminMilestone } from './types.ts';

type MilestoneInput = z.input<typeof milestoneSchema>;

function MilestoneForm({
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  initial: MilestoneInput;
  submitLabel: string;
  onSave: (values: z.output<typeof milestoneSchema>) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MilestoneInput, unknown, z.output<typeof milestoneSchema>>({
    resolver: zodResolver(milestoneSchema),
    defaultValues: initial,
  });
  const onSubmit = async (values: z.output<typeof milestoneSchema>) => {
    try {
      await onSave(values);
      reset(initial);
    } catch (error) {
      showServerFieldErrors(error, values, setError);
      toast({
        title: 'Could not save the milestone',
        description: messageOf(error, 'An error occurred'),
        variant: 'destructive',
      });
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-3 sm:grid-cols-2">
      <Field label="Milestone title" error={errors.title?.message} className="sm:col-span-2">
        {(control) => <input {...control} className="field-input" {...register('title')} />}
      </Field>
      <Field label="Milestone description (optional)" error={errors.description?.message} className="sm:col-span-2">
        {(control) => <textarea {...control} rows={2} className="field-input" {...register('description')} />}
      </Field>
      <Field label="Milestone status" error={errors.status?.message}>
        {(control) => (
          <select {...control} className="field-input" {...register('status')}>
            {MILESTONE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {MILESTONE_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Due date (optional)" error={errors.dueDate?.message}>
        {(control) => <input {...control} type="date" className="field-input" {...register('dueDate')} />}
      </Field>
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        {onCancel && (
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
        <SaveButton pending={isSubmitting}>{submitLabel}</SaveButton>
      </div>
    </form>
  );
}

function MilestoneRow({
  milestone,
  index,
  count,
  onMove,
}: {
  milestone: AdminMilestone;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
}) {
  const [editing, setEditing] = useState(false);
  const refresh = useRefresh();
  const key = milestonesKey(milestone.projectId);

  if (editing) {
    return (
      <li className="rounded-xl bg-slate-50 p-4 ring-1 ring-ink-700/10">
        <MilestoneForm
          initial={{
            title: milestone.title,
            description: milestone.description ?? '',
            status: milestone.status,
            dueDate: milestone.dueDate ?? '',
          }}
          submitLabel="Save milestone"
          onCancel={() => setEditing(false)}
          onSave={async (values) => {
            await apiRequest('PUT', `/api/admin/milestones/${milestone.id}`, values);
            await refresh(key);
            setEditing(false);
          }}
        />
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-start gap-3 rounded-xl bg-white p-4 ring-1 ring-ink-700/10">
      <span className="mt-1 text-sm font-bold text-ink-700" aria-hidden="true">
        {index + 1}.
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h4 className="font-semibold text-ink-900">{milestone.title}</h4>
          <MilestoneStatusBadge status={milestone.status} />
        </div>
        {milestone.description && <p className="mt-1 text-sm text-ink-700">{milestone.description}</p>}
        {milestone.dueDate && <p className="mt-1 text-sm text-ink-700">Due {formatDate(milestone.dueDate)}</p>}
      </div>
      <div className="flex shrink-0">
        <IconButton
          label={`Move ${milestone.title} up`}
          icon={ArrowUp}
          unavailable={index === 0}
          onClick={() => onMove(index, index - 1)}
        />
        <IconButton
          label={`Move ${milestone.title} down`}
          icon={ArrowDown}
          unavailable={index === count - 1}
          onClick={() => onMove(index, index + 1)}
        />
        <IconButton label={`Edit ${milestone.title}`} icon={Pencil} onClick={() => setEditing(true)} />
        <ConfirmDelete
          label={`Delete ${milestone.title}`}
          title="Delete this milestone?"
          description={`The milestone ${milestone.title} will be deleted; the client will no longer see it.`}
          confirmLabel="Delete milestone"
          failureTitle="Could not delete the milestone"
          onConfirm={async () => {
            await apiRequest('DELETE', `/api/admin/milestones/${milestone.id}`);
            await refresh(key, PROJECTS_KEY);
          }}
        />
      </div>
    </li>
  );
}

function Milestones({ projectId }: { projectId: string }) {
  const milestones = useMilestones(projectId);
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const key = milestonesKey(projectId);
  const reorder = useMutation({
    mutationFn: (ids: string[]) => apiRequest('PUT', `/api/admin/projects/${projectId}/milestones/order`, { ids }),
    // The list moves at once; the server's answer (or the old order, on failure) follows.
    onMutate: (ids) => {
      const byId = new Map((milestones.data ?? []).map((m) => [m.id, m]));
      queryClient.setQueryData(
        key,
        ids.map((id) => byId.get(id)).filter((m) => m !== undefined),
      );
    },
    onSettled: () => refresh(key),
    onError: (error) =>
      toast({
        title: 'Could not reorder the milestones',
        description: messageOf(error, 'Please try again.'),
        variant: 'destructive',
      }),
  });

  if (milestones.isPending) return <Loading label="Loading milestones..." compact />;
  if (milestones.isError) return <ListError what="milestones" />;
  const list = milestones.data;
  const move = (from: number, to: number) => {
    if (reorder.isPending) return;
    const ids = list.map((m) => m.id);
    const [moved] = ids.splice(from, 1);
    if (moved === undefined) return;
    ids.splice(to, 0, moved);
    reorder.mutate(ids);
  };

  return (
    <div className="grid gap-6">
      {list.length === 0 ? (
        <p className="text-ink-700">No milestones defined yet</p>
      ) : (
        <ol className="grid gap-3" aria-label="Milestones in order">
          {list.map((m, i) => (
            <MilestoneRow key={m.id} milestone={m} index={i} count={list.length} onMove={move} />
          ))}
        </ol>
      )}
      {reorder.isPending && (
        <p role="status" className="text-sm text-ink-700">
          Saving the new order...
        </p>
      )}
      <section
        aria-labelledby={`add-milestone-${projectId}`}
        className="rounded-xl bg-slate-50 p-4 ring-1 ring-ink-700/10"
      >
        <h3 id={`add-milestone-${projectId}`} className="mb-3 font-bold text-ink-900">
          Add a milestone
        </h3>
        <MilestoneForm
          initial={{ title: '', description: '', status: 'pending', dueDate: '' }}
          submitLabel="Add Milestone"
          onSave={async (values) => {
            await apiRequest('POST', `/api/admin/projects/${projectId}/milestones`, values);
            await refresh(key, PROJECTS_KEY);
            toast({ title: 'Milestone added', description: values.title });
          }}
        />
      </section>
    </div>
  );
}

export function MilestonesDialog({
  projectId,
  projectTitle,
  trigger,
}: {
  projectId: string;
  projectTitle: string;
  trigger: ReactNode;
}) {
  return (
    <Dialog>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title="Milestones" description={`What the client sees as the plan of ${projectTitle}.`}>
        <Milestones projectId={projectId} />
      </DialogContent>
    </Dialog>
  );
}
