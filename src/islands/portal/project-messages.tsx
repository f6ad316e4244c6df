/**
 * A project's conversation in the portal (docs/product.md#project-detail): the messages, newest
 * first, scrolling past 24rem with a fade and 'Scroll for older messages' where it hides more
 * (ui/scroll-region.tsx), each with its time and its author: 'You' for the reader's own, another
 * member's name for theirs (docs/product.md#client-teams), 'Team' for the studio's; the client's
 * messages 'Seen {time}' or 'Sent', with their attachments; 'via email' beside one that came in as
 * an email reply (docs/product.md#email-replies). And the send-message form, whose
 * message may carry files (dropped, picked or pasted).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, CheckCheck, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { projectMessageSchema, type ProjectMessageValues } from '../../shared/schemas/client.ts';
import { AttachmentsField, useAttachments } from '../files/attachments.tsx';
import { AttachmentList } from '../files/file-list.tsx';
import { messageOf } from '../lib/api.ts';
import { cn } from '../lib/cn.ts';
import { formatDateTime, seenText } from '../lib/format.ts';
import { toast } from '../lib/toast-store.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { Field, SubmitButton } from '../ui/form.tsx';
import { ScrollRegion } from '../ui/scroll-region.tsx';
import { ViaEmail } from '../ui/via-email.tsx';
import { useSendMessage } from './mutations.ts';
import { portalFilesUrl } from './project-work.tsx';
import { useProjectFiles, type PortalCommunication } from './queries.ts';

/** Under the client's own message: 'Seen {time}' once the team read it, else 'Sent'. */
function SeenState({ message }: { message: PortalCommunication }) {
  const seen = message.isRead || message.readAt !== null;
  const Icon = seen ? CheckCheck : Check;
  return (
    <p className="mt-2 flex items-center justify-end gap-1 text-right text-xs text-ink-700">
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {seenText(message, 'Seen', 'Sent')}
    </p>
  );
}

/**
 * Who wrote `message`, as the reader `memberId` sees it (docs/product.md#client-teams): 'You' for
 * their own, another member's name for a teammate's, 'Team' for the studio's.
 */
function authorLabel(message: Pick<PortalCommunication, 'fromClient' | 'authorId' | 'author'>, memberId: string) {
  if (!message.fromClient) return 'Team';
  return message.authorId === memberId ? 'You' : message.author.name;
}

/** The conversation of a project, as member `memberId` reads it. */
export function Messages({ communications, memberId }: { communications: PortalCommunication[]; memberId: string }) {
  if (communications.length === 0) return <p className="text-ink-700">No messages yet</p>;
  return (
    // Newest first, so the newest message shows when the page opens; older ones scroll into view.
    <ScrollRegion label="Conversation" more="Scroll for older messages" tone="page" className="max-h-96 p-1">
      <ul className="space-y-3">
        {communications.map((c) => (
          <li
            key={c.id}
            className={cn(
              'rounded-xl p-4 ring-1',
              c.fromClient ? 'ml-6 bg-brand-50 ring-brand-200' : 'mr-6 bg-white ring-ink-700/10',
            )}
          >
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                <span className={cn('font-bold wrap-anywhere', c.fromClient ? 'text-brand-800' : 'text-ink-900')}>
                  {authorLabel(c, memberId)}
                </span>
                <ViaEmail via={c.via} />
              </span>
              <time dateTime={c.createdAt} className="text-ink-700">
                {formatDateTime(c.createdAt)}
              </time>
            </div>
            <p className="mt-1 font-semibold text-ink-900">{c.subject}</p>
            <p className="mt-1 whitespace-pre-line text-ink-700">{c.message}</p>
            <AttachmentList files={c.attachments} />
            {c.fromClient && <SeenState message={c} />}
          </li>
        ))}
      </ul>
    </ScrollRegion>
  );
}

/** 'Send a message to the team' of project `projectId`. */
export function MessageForm({ projectId }: { projectId: string }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProjectMessageValues>({
    resolver: zodResolver(projectMessageSchema),
    defaultValues: { subject: '', message: '' },
  });
  const files = useProjectFiles(projectId);
  const attachments = useAttachments(portalFilesUrl(projectId), files.data?.storage);
  const submit = useSubmit(useSendMessage(projectId), {
    setError,
    success: { title: 'Message sent!', description: 'Your message has been sent to the project team.' },
    failure: { title: 'Failed to send message', description: (error) => messageOf(error, 'Unable to send message') },
    onSuccess: () => {
      reset();
      attachments.reset();
    },
  });
  const onSubmit = (values: ProjectMessageValues) => {
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
      aria-label="Send a message"
      className="grid gap-4"
    >
      <Field label="Subject" error={errors.subject?.message}>
        {(control) => <input {...control} className="field-input" {...register('subject')} />}
      </Field>
      <Field label="Message" error={errors.message?.message}>
        {(control) => <textarea {...control} rows={4} className="field-input" {...register('message')} />}
      </Field>
      <AttachmentsField attachments={attachments} />
      <SubmitButton pending={isSubmitting} icon={<Send aria-hidden="true" className="size-5" />}>
        Send Message
      </SubmitButton>
    </form>
  );
}
