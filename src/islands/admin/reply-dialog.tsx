/**
 * A message from the team on a project (issue 4: POST /api/admin/projects/{id}/communications).
 * The client sees it in the portal as 'Team'. Opened from a client's message ('Reply', subject
 * 'Re: …', and the message is marked read once answered) or from a project card.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { teamMessageSchema } from '../../shared/schemas/admin.ts';
import { apiRequest, messageOf } from '../lib/api.ts';
import { toast } from '../lib/toast-store.ts';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog.tsx';
import { Field, showServerFieldErrors } from '../ui/form.tsx';
import { COMMUNICATIONS_KEY, PROJECTS_KEY, useRefresh } from './data.ts';
import { SaveButton } from './save-button.tsx';

interface Values {
  subject: string;
  message: string;
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
  const refresh = useRefresh();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(teamMessageSchema), defaultValues: { subject, message: '' } });
  const send = useMutation({
    mutationFn: async (values: Values) => {
      await apiRequest('POST', `/api/admin/projects/${projectId}/communications`, values);
      if (inReplyTo) await apiRequest('PATCH', `/api/admin/communications/${inReplyTo}`, { isRead: true });
    },
  });

  const onSubmit = async (values: Values) => {
    try {
      await send.mutateAsync(values);
      await refresh(COMMUNICATIONS_KEY, PROJECTS_KEY);
      toast({ title: 'Message sent!', description: 'The client will see it in their portal.' });
      onDone();
    } catch (error) {
      showServerFieldErrors(error, values, setError);
      toast({
        title: 'Failed to send message',
        description: messageOf(error, 'Unable to send message'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
      <Field label="Subject" error={errors.subject?.message}>
        {(control) => <input {...control} className="field-input" {...register('subject')} />}
      </Field>
      <Field label="Message" error={errors.message?.message}>
        {(control) => <textarea {...control} rows={6} className="field-input" {...register('message')} />}
      </Field>
      <div className="flex justify-end">
        <SaveButton pending={send.isPending} icon={<Send aria-hidden="true" className="size-4" />}>
          Send to client
        </SaveButton>
      </div>
    </form>
  );
}

export function ReplyDialog({
  projectId,
  projectTitle,
  subject = '',
  inReplyTo,
  trigger,
}: {
  projectId: string;
  projectTitle: string;
  subject?: string;
  inReplyTo?: string;
  trigger: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title="Message the client" description={`On the project ${projectTitle}`} size="md">
        <ReplyForm projectId={projectId} subject={subject} inReplyTo={inReplyTo} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
