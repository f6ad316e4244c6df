/**
 * A message from the team on a project (docs/product.md#dashboard; the useTeamReply write). The
 * client sees it in the portal as 'Team'. Opened from a client's message ('Reply', subject
 * 'Re: …', saying whom it answers; the reply names that message, which the server marks read
 * with it, in one request) or from a project card. Files dropped, picked or pasted are uploaded to the project and go
 * with the message (files/attachments.tsx).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { teamMessageSchema } from '../../shared/schemas/admin.ts';
import { api, messageOf } from '../lib/api.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog.tsx';
import { Field } from '../ui/form.tsx';
import { AttachmentsField, useAttachments } from '../files/attachments.tsx';
import { toast } from '../lib/toast-store.ts';
import { useTeamReply } from './mutations.ts';
import { SaveButton } from './save-button.tsx';
import { useProjectFiles } from './work-queries.ts';

interface Values {
  subject: string;
  message: string;
  attachments?: string[] | undefined;
}

function ReplyForm({
  projectId,
  subject,
  inReplyTo,
  onDone,
}: {
  projectId: string;
  subject: string;
  inReplyTo?: string;
  onDone: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(teamMessageSchema), defaultValues: { subject, message: '' } });
  const send = useTeamReply(projectId, inReplyTo);
  const files = useProjectFiles(projectId);
  const attachments = useAttachments(
    api.admin.projects[':id'].files.$path({ param: { id: projectId } }),
    files.data?.storage,
  );
  const submit = useSubmit(send, {
    setError,
    success: { title: 'Message sent!', description: 'The client will see it in their portal.' },
    failure: { title: 'Failed to send message', description: (error) => messageOf(error, 'Unable to send message') },
    onSuccess: () => {
      attachments.reset();
      onDone();
    },
  });
  const onSubmit = (values: Values) => {
    if (attachments.busy) {
      toast({ title: 'Files are still uploading', description: 'Send the message once they are done.' });
      return;
    }
    return submit(attachments.ids.length > 0 ? { ...values, attachments: attachments.ids } : values);
  };

  return (
    <form
      method="post"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      onPaste={attachments.onPaste}
      className="grid gap-4"
    >
      <Field label="Subject" error={errors.subject?.message}>
        {(control) => <input {...control} className="field-input" {...register('subject')} />}
      </Field>
      <Field label="Message" error={errors.message?.message}>
        {(control) => <textarea {...control} rows={6} className="field-input" {...register('message')} />}
      </Field>
      <AttachmentsField attachments={attachments} />
      <div className="flex justify-end">
        <SaveButton pending={send.isPending} icon={<Send aria-hidden="true" className="size-4" />}>
          Send to client
        </SaveButton>
      </div>
    </form>
  );
}

/**
 * The trigger and its 'Message the client' dialog; `inReplyTo` names the client message answered
 * and `to` the person who wrote it ('Dana Reyes (Acme Bakery)', docs/product.md#client-teams).
 */
export function ReplyDialog({
  projectId,
  projectTitle,
  subject = '',
  inReplyTo,
  to,
  trigger,
}: {
  projectId: string;
  projectTitle: string;
  subject?: string;
  inReplyTo?: string;
  to?: string;
  trigger: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title="Message the client"
        description={to ? `Replying to ${to} on the project ${projectTitle}` : `On the project ${projectTitle}`}
        size="md"
      >
        <ReplyForm projectId={projectId} subject={subject} inReplyTo={inReplyTo} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
