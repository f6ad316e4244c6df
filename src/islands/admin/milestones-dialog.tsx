/**
 * A project's milestones for staff (docs/product.md#milestones): the list in order, each with
 * move up and move down (keyboard-friendly reordering), edit in place and delete (after asking);
 * and a form to add one. The client sees the same list in the portal.
 */
import { ArrowDown, ArrowUp, Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { messageOf } from '../lib/api.ts';
import { formatDate } from '../lib/format.ts';
import { toast } from '../lib/toast-store.ts';
import { ConfirmDelete } from '../ui/confirm-delete.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog.tsx';
import { Loading } from '../ui/loading.tsx';
import { MilestoneStatusBadge } from '../ui/status-badge.tsx';
import { MilestoneForm } from './milestone-form.tsx';
import { useAddMilestone, useDeleteMilestone, useReorderMilestones, useUpdateMilestone } from './mutations.ts';
import { IconButton, ListError } from './parts.tsx';
import { useMilestones, type AdminMilestone } from './queries.ts';

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
  const update = useUpdateMilestone(milestone);
  const remove = useDeleteMilestone(milestone);

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
          mutation={update}
          onSaved={() => setEditing(false)}
        />
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-start gap-3 rounded-xl bg-white p-4 ring-1 ring-ink-700/10">
      <span className="mt-1 text-sm font-bold text-ink-700" aria-hidden="true">
        {index + 1}.
      </span>
      <div className="min-w-48 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h4 className="font-semibold text-ink-900">{milestone.title}</h4>
          <MilestoneStatusBadge status={milestone.status} />
        </div>
        {milestone.description && <p className="mt-1 text-sm text-ink-700">{milestone.description}</p>}
        {milestone.dueDate && <p className="mt-1 text-sm text-ink-700">Due {formatDate(milestone.dueDate)}</p>}
      </div>
      <div className="-my-1 flex flex-wrap">
        <IconButton
          label={`Move ${milestone.title} up`}
          text="Up"
          icon={ArrowUp}
          unavailable={index === 0}
          onClick={() => onMove(index, index - 1)}
        />
        <IconButton
          label={`Move ${milestone.title} down`}
          text="Down"
          icon={ArrowDown}
          unavailable={index === count - 1}
          onClick={() => onMove(index, index + 1)}
        />
        <IconButton label={`Edit ${milestone.title}`} text="Edit" icon={Pencil} onClick={() => setEditing(true)} />
        <ConfirmDelete
          label={`Delete ${milestone.title}`}
          title="Delete this milestone?"
          description={`The milestone ${milestone.title} will be deleted; the client will no longer see it.`}
          confirmLabel="Delete milestone"
          failureTitle="Could not delete the milestone"
          mutation={remove}
        />
      </div>
    </li>
  );
}

function Milestones({ projectId }: { projectId: string }) {
  const milestones = useMilestones(projectId);
  const reorder = useReorderMilestones(projectId);
  const add = useAddMilestone(projectId);

  if (milestones.isPending) return <Loading label="Loading milestones..." compact />;
  if (milestones.isError) return <ListError what="milestones" />;
  const list = milestones.data;
  const move = (from: number, to: number) => {
    if (reorder.isPending) return;
    const ids = list.map((m) => m.id);
    const [moved] = ids.splice(from, 1);
    if (moved === undefined) return;
    ids.splice(to, 0, moved);
    reorder.mutate(ids, {
      onError: (error) =>
        toast({
          title: 'Could not reorder the milestones',
          description: messageOf(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
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
          mutation={add}
          success={(values) => ({ title: 'Milestone added', description: values.title })}
        />
      </section>
    </div>
  );
}

/** The trigger and its 'Milestones' dialog for one project. */
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
