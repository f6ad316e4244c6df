/**
 * /portal/projects/{projectId} (docs/product.md#project-detail): overview, milestones ('No milestones defined
 * yet'), the send-message form and the conversation ('No messages yet'), newest first, scrolling
 * past 24rem with a fade and 'Scroll for older messages' where it hides more (ui/scroll-region.tsx),
 * each message marked 'You' or 'Team' with its time, and the client's own messages 'Seen {time}'
 * or 'Sent', with their attachments; the project's approvals, Files and activity
 * (project-work.tsx; docs/product.md#files, docs/product.md#approvals). A message may carry
 * files (dropped, picked or pasted). 'Project not found' with 'Back to Portal' when the project is missing or not the
 * client's. Team messages are marked read once shown. Live updates
 * (docs/product.md#live-updates) bring a reply, a read or a change in without a reload.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ArrowLeft,
  CalendarDays,
  Check,
  CheckCheck,
  CheckCircle2,
  Circle,
  Clock,
  DollarSign,
  Send,
} from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { PROJECT_PROGRESS, PROJECT_STATUS_LABELS } from '../../shared/projects.ts';
import { projectMessageSchema, type ProjectMessageValues } from '../../shared/schemas/client.ts';
import { ApiError, messageOf } from '../lib/api.ts';
import { cn } from '../lib/cn.ts';
import { formatBudget, formatDate, formatDateTime, seenText } from '../lib/format.ts';
import { LiveUpdates } from '../lib/live.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { Field, SubmitButton } from '../ui/form.tsx';
import { Loading } from '../ui/loading.tsx';
import { ScrollRegion } from '../ui/scroll-region.tsx';
import { MilestoneStatusBadge, ProjectStatusBadge } from '../ui/status-badge.tsx';
import { AttachmentsField, useAttachments } from '../files/attachments.tsx';
import { AttachmentList } from '../files/file-list.tsx';
import { toast } from '../lib/toast-store.ts';
import { useMarkTeamMessagesRead, useSendMessage } from './mutations.ts';
import { ActivitySection, ApprovalsSection, FilesSection, portalFilesUrl } from './project-work.tsx';
import { ProgressBar } from './portal-dashboard.tsx';
import { PortalFrame } from './portal-frame.tsx';
import { portalLive, useProject, useProjectFiles, type PortalCommunication, type PortalMilestone } from './queries.ts';

function BackToPortal() {
  return (
    <a href="/portal" className="btn-secondary">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to Portal
    </a>
  );
}

function Milestones({ milestones }: { milestones: PortalMilestone[] }) {
  if (milestones.length === 0) return <p className="text-ink-700">No milestones defined yet</p>;
  return (
    <ol className="space-y-3">
      {milestones.map((m) => (
        <li key={m.id} className="flex gap-3 rounded-xl bg-white p-4 ring-1 ring-ink-700/10">
          {m.status === 'completed' ? (
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
          ) : (
            <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-600" />
          )}
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="min-w-0 font-semibold wrap-break-word text-ink-900">{m.title}</h3>
              <MilestoneStatusBadge status={m.status} />
            </div>
            {m.description && <p className="mt-1 text-sm text-ink-700">{m.description}</p>}
            {m.dueDate && <p className="mt-1 text-sm text-ink-700">Due {formatDate(m.dueDate)}</p>}
          </div>
        </li>
      ))}
    </ol>
  );
}

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

function Messages({ communications }: { communications: PortalCommunication[] }) {
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
              <span className={cn('font-bold', c.fromClient ? 'text-brand-800' : 'text-ink-900')}>
                {c.fromClient ? 'You' : 'Team'}
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

function MessageForm({ projectId }: { projectId: string }) {
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

function Detail({ projectId }: { projectId: string }) {
  const detail = useProject(projectId);
  const { mutate: markRead } = useMarkTeamMessagesRead(projectId);
  const unreadFromTeam = detail.data?.communications.some((c) => !c.fromClient && !c.isRead) ?? false;

  useEffect(() => {
    if (unreadFromTeam) markRead();
  }, [unreadFromTeam, markRead]);

  if (detail.isPending) return <Loading />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <div className="flex flex-col items-center gap-4 rounded-2xl bg-white p-12 text-center ring-1 ring-ink-700/10">
        <h1 className="text-2xl font-bold text-ink-900">{missing ? 'Project not found' : 'Something went wrong'}</h1>
        <p className="text-ink-700">
          {missing ? 'This project does not exist or is not part of your account.' : 'Please reload the page.'}
        </p>
        <BackToPortal />
      </div>
    );
  }

  const { project, milestones, communications } = detail.data;
  const progress = PROJECT_PROGRESS[project.status];
  return (
    <div className="grid gap-8">
      <div>
        <a
          href="/portal"
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> Back to Portal
        </a>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-3xl font-extrabold wrap-break-word text-ink-900">{project.title}</h1>
          <ProjectStatusBadge status={project.status} />
        </div>
      </div>
      <section aria-labelledby="overview-title" className="rounded-2xl bg-white p-6 ring-1 ring-ink-700/10">
        <h2 id="overview-title" className="text-xl font-bold text-ink-900">
          Overview
        </h2>
        {project.description && <p className="mt-2 text-ink-700">{project.description}</p>}
        <div className="mt-4 max-w-md">
          <ProgressBar value={progress} label={`${PROJECT_STATUS_LABELS[project.status]}, ${progress}%`} />
        </div>
        <dl className="mt-5 grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="flex items-center gap-1.5 font-semibold text-ink-900">
              <CalendarDays aria-hidden="true" className="size-4" /> Start date
            </dt>
            <dd className="text-ink-700">{project.startDate ? formatDate(project.startDate) : 'Not set'}</dd>
          </div>
          <div>
            <dt className="flex items-center gap-1.5 font-semibold text-ink-900">
              <CalendarDays aria-hidden="true" className="size-4" /> Target end
            </dt>
            <dd className="text-ink-700">{project.endDate ? formatDate(project.endDate) : 'Not set'}</dd>
          </div>
          <div>
            <dt className="flex items-center gap-1.5 font-semibold text-ink-900">
              <Clock aria-hidden="true" className="size-4" /> Hours
            </dt>
            <dd className="text-ink-700">
              {project.actualHours} used
              {project.estimatedHours !== null ? ` of ${project.estimatedHours} estimated` : ''}
            </dd>
          </div>
          <div>
            <dt className="flex items-center gap-1.5 font-semibold text-ink-900">
              <DollarSign aria-hidden="true" className="size-4" /> Budget
            </dt>
            <dd className="text-ink-700">{formatBudget(project.budget)}</dd>
          </div>
        </dl>
      </section>
      <ApprovalsSection projectId={projectId} />
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="milestones-title">
          <h2 id="milestones-title" className="mb-4 text-xl font-bold text-ink-900">
            Milestones
          </h2>
          <Milestones milestones={milestones} />
        </section>
        <section aria-labelledby="messages-title" className="grid content-start gap-6">
          <div>
            <h2 id="messages-title" className="mb-4 text-xl font-bold text-ink-900">
              Messages
            </h2>
            <Messages communications={communications} />
          </div>
          <div className="rounded-2xl bg-white p-6 ring-1 ring-ink-700/10">
            <h3 className="mb-4 text-lg font-bold text-ink-900">Send a message to the team</h3>
            <MessageForm projectId={projectId} />
          </div>
        </section>
      </div>
      <div className="grid gap-8 lg:grid-cols-2">
        <FilesSection projectId={projectId} />
        <ActivitySection projectId={projectId} />
      </div>
    </div>
  );
}

export default function ProjectDetail({ projectId }: { projectId: string }) {
  return (
    <PortalFrame>
      {() => (
        <LiveUpdates kind="client" refresh={portalLive}>
          <Detail projectId={projectId} />
        </LiveUpdates>
      )}
    </PortalFrame>
  );
}
