/**
 * 'Ask for approval' (docs/product.md#approvals): staff pick a milestone or a file of the project
 * (a file's row presets it) and a title the client will read ('Homepage design v2'). The client
 * is told by email and sees it at once in the portal. Internal files cannot be picked.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { requiredText } from '../../shared/schemas/fields.ts';
import { z } from '../../shared/zod.ts';
import { messageOf } from '../lib/api.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog.tsx';
import { Field } from '../ui/form.tsx';
import { useMilestones } from './queries.ts';
import { SaveButton } from './save-button.tsx';
import { useProjectFiles, useRequestApproval } from './work-queries.ts';

/** The form: what to approve ('milestone:{id}' or 'file:{id}') and the title. */
const formSchema = z.object({
  subject: z.string().min(1, 'Choose a milestone or a file to approve'),
  title: requiredText('Title', 200),
});
type Values = z.infer<typeof formSchema>;

function RequestForm({
  projectId,
  preset,
  onDone,
}: {
  projectId: string;
  preset: { fileId: string; title: string } | undefined;
  onDone: () => void;
}) {
  const milestones = useMilestones(projectId);
  const files = useProjectFiles(projectId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(formSchema),
    defaultValues: { subject: preset ? `file:${preset.fileId}` : '', title: preset?.title ?? '' },
  });
  const ask = useRequestApproval(projectId);
  const submit = useSubmit(ask, {
    success: { title: 'Approval requested', description: 'The client will see it in their portal.' },
    failure: { title: 'Could not ask for approval', description: (error) => messageOf(error, 'Please try again.') },
    onSuccess: onDone,
  });
  const onSubmit = ({ subject, title }: Values) => {
    const [kind, id = ''] = subject.split(':', 2);
    if (!id) {
      setError('subject', { message: 'Choose a milestone or a file to approve' });
      return;
    }
    return submit(kind === 'file' ? { fileId: id, title } : { milestoneId: id, title });
  };
  const shared = files.data?.items.filter((f) => !f.internal) ?? [];
  return (
    <form method="post" noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <Field label="What should the client approve?" error={errors.subject?.message}>
        {(control) => (
          <select {...control} className="field-input" {...register('subject')}>
            <option value="">Choose a milestone or a file</option>
            {(milestones.data ?? []).length > 0 && (
              <optgroup label="Milestones">
                {milestones.data?.map((m) => (
                  <option key={m.id} value={`milestone:${m.id}`}>
                    {m.title}
                  </option>
                ))}
              </optgroup>
            )}
            {shared.length > 0 && (
              <optgroup label="Files">
                {shared.map((f) => (
                  <option key={f.id} value={`file:${f.id}`}>
                    {f.name}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        )}
      </Field>
      <Field label="Title" error={errors.title?.message} hint="What the client reads, e.g. 'Homepage design v2'.">
        {(control) => <input {...control} className="field-input" {...register('title')} />}
      </Field>
      <div className="flex justify-end">
        <SaveButton pending={ask.isPending} icon={<Send aria-hidden="true" className="size-4" />}>
          Ask the client
        </SaveButton>
      </div>
    </form>
  );
}

/** The trigger and its dialog; `preset` picks a file and its title. */
export function RequestApprovalDialog({
  projectId,
  preset,
  trigger,
}: {
  projectId: string;
  preset?: { fileId: string; title: string };
  trigger: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title="Ask for approval" description="The client approves or asks for changes." size="md">
        <RequestForm projectId={projectId} preset={preset} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
