/**
 * A project's one page on the dashboard, '#project/{id}' (docs/product.md#project-page), reached
 * from the project's title anywhere on the dashboard: its overview (status, client, dates,
 * budget, Hours Used of estimated), its milestones (and managing them), its messages (with
 * Reply and 'Message client'), its Files (upload by drop, paste or picker, each with progress and
 * Cancel; 'Internal' keeps a file from the client; the client's storage used / total), its
 * approvals (ask for one on a milestone or a file; each with its state and the client's answer),
 * its time entries (log time in quarter hours; delete one, which asks first; docs/product.md#time-tracking)
 * and its activity: milestones, messages, files, approvals and their decisions, and time logged,
 * newest first. A client's message, file or decision shows the person's name ('Dana Reyes (Acme
 * Bakery)', docs/product.md#client-teams). It updates live.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CheckSquare,
  Clock,
  Flag,
  FlagTriangleRight,
  Mail,
  MessageSquare,
  MessageSquarePlus,
  Pencil,
  Reply,
  Timer,
} from 'lucide-react';
import { format } from 'date-fns';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatBytes } from '../../shared/bytes.ts';
import { timeEntryFormSchema, type TimeEntryFormInput, type TimeEntryValues } from '../../shared/schemas/admin.ts';
import {
  ApprovalBadge,
  ApprovalDecision,
  ApprovalSubject,
  ProjectActivity,
  activityOf,
  type ActivityEntry,
} from '../files/approval-parts.tsx';
import { FileDrop, pastedFiles } from '../files/file-drop.tsx';
import { FileList } from '../files/file-list.tsx';
import { useUploads } from '../files/use-uploads.ts';
import { api } from '../lib/api.ts';
import { formatBudget, formatDate, formatDateTime } from '../lib/format.ts';
import { useSubmit } from '../lib/use-submit.ts';
import { ConfirmDelete } from '../ui/confirm-delete.tsx';
import { Field } from '../ui/form.tsx';
import { Loading } from '../ui/loading.tsx';
import { MilestoneStatusBadge, ProjectStatusBadge } from '../ui/status-badge.tsx';
import { RequestApprovalDialog } from './approval-request.tsx';
import { PagedList, itemsOf } from './list-view.tsx';
import { ConversationMessage } from './messages-tab.tsx';
import { MilestonesDialog } from './milestones-dialog.tsx';
import { Panel, RecordPage } from './page-frame.tsx';
import { ListError } from './parts.tsx';
import {
  useCommunicationPages,
  useMilestones,
  useProject,
  type AdminCommunication,
  type AdminMilestone,
  type AdminProject,
} from './queries.ts';
import { ReplyDialog } from './reply-dialog.tsx';
import { navigate } from './route.ts';
import { SaveButton } from './save-button.tsx';
import { messageAuthor } from './wording.ts';
import {
  useDeleteFile,
  useDeleteTimeEntry,
  useLogTime,
  useProjectApprovals,
  useProjectFiles,
  useTimeEntries,
  type AdminApproval,
  type AdminFiles,
  type AdminTimeEntry,
} from './work-queries.ts';

const SMALL_BUTTON =
  'inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50';

/** '6.5 hours', '1 hour'. */
const hoursText = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

function OverviewPanel({ project }: { project: AdminProject }) {
  const rows: [string, string][] = [
    ['Start date', project.startDate ? formatDate(project.startDate) : 'Not set'],
    ['End date', project.endDate ? formatDate(project.endDate) : 'Not set'],
    ['Budget', formatBudget(project.budget)],
    [
      'Hours',
      `${project.actualHours} used${project.estimatedHours !== null ? ` of ${project.estimatedHours} estimated` : ''}`,
    ],
    ['Created', formatDate(project.createdAt)],
  ];
  return (
    <Panel title="Overview" id="project-overview-heading">
      {project.description && (
        <p className="mb-4 max-w-prose whitespace-pre-line wrap-anywhere text-ink-900">{project.description}</p>
      )}
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap gap-x-2">
            <dt className="font-semibold text-ink-900">{label}:</dt>
            <dd className="text-ink-700">{value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

function MilestonesPanel({ project }: { project: AdminProject }) {
  const milestones = useMilestones(project.id);
  return (
    <Panel title="Milestones" id="project-milestones-heading">
      <div className="grid gap-3">
        <div>
          <MilestonesDialog
            projectId={project.id}
            projectTitle={project.title}
            trigger={
              <button type="button" className={SMALL_BUTTON}>
                <Flag aria-hidden="true" className="size-4" /> Manage milestones
              </button>
            }
          />
        </div>
        {milestones.isPending ? (
          <Loading label="Loading milestones..." compact />
        ) : milestones.isError ? (
          <ListError what="milestones" />
        ) : milestones.data.length === 0 ? (
          <p className="text-ink-700">No milestones yet.</p>
        ) : (
          <ol className="grid gap-2" aria-label="Milestones">
            {milestones.data.map((m, index) => (
              <li key={m.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span className="font-bold text-ink-700" aria-hidden="true">
                  {index + 1}.
                </span>
                <span className="min-w-0 font-semibold wrap-anywhere text-ink-900">{m.title}</span>
                <MilestoneStatusBadge status={m.status} />
                {m.dueDate && <span className="text-ink-700">Due {formatDate(m.dueDate)}</span>}
              </li>
            ))}
          </ol>
        )}
      </div>
    </Panel>
  );
}

function MessagesPanel({ project }: { project: AdminProject }) {
  const messages = useCommunicationPages({ projectId: project.id, limit: '20' });
  return (
    <Panel title="Messages" id="project-messages-heading">
      <div className="grid gap-3">
        <div>
          <ReplyDialog
            projectId={project.id}
            projectTitle={project.title}
            trigger={
              <button type="button" className={SMALL_BUTTON}>
                <MessageSquarePlus aria-hidden="true" className="size-4" /> Message client
              </button>
            }
          />
        </div>
        <PagedList
          query={messages}
          what="messages"
          loadingLabel="Loading messages..."
          emptyIcon={MessageSquare}
          emptyText="No messages yet"
        >
          {(items) => (
            <ol className="grid gap-3" aria-label="Messages">
              {items.map((message) => (
                <ConversationMessage
                  key={message.id}
                  message={message}
                  byline={
                    <>
                      {message.fromClient ? messageAuthor(message) : 'Team'} ·{' '}
                      <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                    </>
                  }
                />
              ))}
            </ol>
          )}
        </PagedList>
      </div>
    </Panel>
  );
}

/** Today in the browser's time zone, 'YYYY-MM-DD'. */
function today(): string {
  return format(new Date(), 'yyyy-MM-dd');
}

function LogTimeForm({ projectId }: { projectId: string }) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TimeEntryFormInput, unknown, TimeEntryValues>({
    resolver: zodResolver(timeEntryFormSchema),
    defaultValues: { date: today(), hours: '', note: '' },
  });
  const log = useLogTime(projectId);
  const onSubmit = useSubmit(log, {
    setError,
    success: ({ entry, actualHours }) => ({
      title: 'Time logged',
      description: `${hoursText(entry.hours)} on ${formatDate(entry.date)}; ${hoursText(actualHours)} used in all.`,
    }),
    failure: { title: 'Could not log the time', description: () => 'Please try again.' },
    onSuccess: () => reset({ date: today(), hours: '', note: '' }),
  });
  return (
    <form
      method="post"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label="Log time"
      className="grid gap-3 sm:grid-cols-2"
    >
      <Field label="Date" error={errors.date?.message}>
        {(control) => <input {...control} type="date" className="field-input" {...register('date')} />}
      </Field>
      <Field label="Hours" error={errors.hours?.message} hint="In quarter hours, up to 24.">
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="decimal"
            step={0.25}
            min={0.25}
            max={24}
            className="field-input"
            {...register('hours')}
          />
        )}
      </Field>
      <Field label="Note (optional)" error={errors.note?.message} className="sm:col-span-2">
        {(control) => <input {...control} maxLength={500} className="field-input" {...register('note')} />}
      </Field>
      <div className="sm:col-span-2">
        <SaveButton pending={isSubmitting} icon={<Timer aria-hidden="true" className="size-4" />}>
          Log time
        </SaveButton>
      </div>
    </form>
  );
}

function DeleteTimeEntry({ projectId, entry }: { projectId: string; entry: AdminTimeEntry }) {
  const remove = useDeleteTimeEntry(projectId, entry.id);
  const what = `${hoursText(entry.hours)} on ${formatDate(entry.date)}`;
  return (
    <ConfirmDelete
      label={`Delete ${what}`}
      title="Delete this time entry?"
      description={`${what} by ${entry.author} will be deleted and taken off the project's Hours Used.`}
      confirmLabel="Delete time entry"
      mutation={remove}
      failureTitle="Could not delete the time entry"
    />
  );
}

function TimePanel({ project }: { project: AdminProject }) {
  const entries = useTimeEntries(project.id);
  return (
    <Panel title="Time" id="project-time-heading">
      <div className="grid gap-4">
        <p className="flex items-center gap-2 font-semibold text-ink-900">
          <Clock aria-hidden="true" className="size-4" />
          Hours: {project.actualHours} used
          {project.estimatedHours !== null ? ` of ${project.estimatedHours} estimated` : ''}
        </p>
        <LogTimeForm projectId={project.id} />
        {entries.isPending ? (
          <Loading label="Loading time entries..." compact />
        ) : entries.isError ? (
          <ListError what="time entries" />
        ) : entries.data.length === 0 ? (
          <p className="text-ink-700">No time logged yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Time entries">
            {entries.data.map((entry) => (
              <li
                key={entry.id}
                className="flex flex-wrap items-center justify-between gap-2 border-b border-ink-700/10 pb-2 last:border-b-0"
              >
                <div className="min-w-0">
                  <p className="font-semibold text-ink-900">
                    {hoursText(entry.hours)} · {formatDate(entry.date)}
                  </p>
                  <p className="text-sm wrap-anywhere text-ink-700">
                    {entry.author}
                    {entry.note ? ` · ${entry.note}` : ''}
                  </p>
                </div>
                <DeleteTimeEntry projectId={project.id} entry={entry} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}

function StorageLine({ storage }: { storage: AdminFiles['storage'] }) {
  return (
    <p className="text-sm text-ink-700">
      Client storage: {formatBytes(storage.used)} of {formatBytes(storage.quota)} used
    </p>
  );
}

function DeleteFile({ projectId, file }: { projectId: string; file: { id: string; name: string } }) {
  const remove = useDeleteFile(projectId, file.id);
  return (
    <ConfirmDelete
      label={`Delete ${file.name}`}
      title={`Delete ${file.name}?`}
      description="The file will be deleted for the team and the client. Approvals keep the record of what was approved."
      confirmLabel="Delete file"
      mutation={remove}
      failureTitle="Could not delete the file"
    />
  );
}

function FilesPanel({ project }: { project: AdminProject }) {
  const files = useProjectFiles(project.id);
  const [internal, setInternal] = useState(false);
  const uploads = useUploads({
    url: api.admin.projects[':id'].files.$path({ param: { id: project.id } }),
    limits: files.data?.storage,
    internal,
  });
  return (
    <Panel title="Files" id="project-files-heading">
      <div className="grid gap-4" onPaste={(event) => uploads.add(pastedFiles(event))}>
        <FileDrop
          label="Upload files"
          hint={`Drop, paste or pick files, up to ${files.data ? formatBytes(files.data.storage.fileMax) : '…'} each.`}
          uploads={uploads.uploads}
          onFiles={uploads.add}
          onCancel={uploads.cancel}
          onDismiss={uploads.dismiss}
        >
          <label className="flex items-center gap-2 text-sm font-semibold text-ink-900">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={internal}
              onChange={(event) => setInternal(event.target.checked)}
            />
            Internal (never shown to the client)
          </label>
        </FileDrop>
        {files.isPending ? (
          <Loading label="Loading files..." compact />
        ) : files.isError ? (
          <ListError what="files" />
        ) : (
          <>
            <StorageLine storage={files.data.storage} />
            <FileList
              files={files.data.items}
              empty="No files yet."
              actions={(file) => (
                <>
                  {!file.internal && (
                    <RequestApprovalDialog
                      projectId={project.id}
                      preset={{ fileId: file.id, title: file.name }}
                      trigger={
                        <button type="button" className="btn-secondary px-3 py-1.5 text-sm">
                          <CheckSquare aria-hidden="true" className="size-4" />
                          Ask for approval<span className="sr-only"> of {file.name}</span>
                        </button>
                      }
                    />
                  )}
                  <DeleteFile projectId={project.id} file={file} />
                </>
              )}
            />
          </>
        )}
      </div>
    </Panel>
  );
}

function ApprovalItem({ approval }: { approval: AdminApproval }) {
  return (
    <li className="rounded-xl p-4 ring-1 ring-ink-700/10">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 font-semibold wrap-anywhere text-ink-900">{approval.title}</h3>
        <ApprovalBadge status={approval.status} />
      </div>
      <p className="mt-1 text-sm text-ink-700">
        Asked by {approval.requestedByName} on {formatDateTime(approval.requestedAt)}
      </p>
      <ApprovalSubject approval={approval} />
      <ApprovalDecision approval={approval} />
      {approval.decisionIp && (
        <p className="mt-1 text-xs wrap-anywhere text-ink-700">
          From {approval.decisionIp} · SHA-256 {approval.subjectSha256}
        </p>
      )}
    </li>
  );
}

function ApprovalsPanel({ project }: { project: AdminProject }) {
  const approvals = useProjectApprovals(project.id);
  return (
    <Panel title="Approvals" id="project-approvals-heading">
      <div className="grid gap-4">
        <div>
          <RequestApprovalDialog
            projectId={project.id}
            trigger={
              <button type="button" className="btn-primary">
                <CheckSquare aria-hidden="true" className="size-4" /> Ask for approval
              </button>
            }
          />
        </div>
        {approvals.isPending ? (
          <Loading label="Loading approvals..." compact />
        ) : approvals.isError ? (
          <ListError what="approvals" />
        ) : approvals.data.length === 0 ? (
          <p className="text-ink-700">No approvals asked for yet.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Approvals">
            {[...approvals.data].reverse().map((a) => (
              <ApprovalItem key={a.id} approval={a} />
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}

/**
 * The project's activity, newest first: files and approvals (as the portal shows them), and on
 * the dashboard also milestones added and completed, messages either way, and time logged.
 */
function staffActivity(
  files: AdminFiles['items'],
  approvals: AdminApproval[],
  milestones: AdminMilestone[],
  messages: AdminCommunication[],
  time: AdminTimeEntry[],
): ActivityEntry[] {
  const entries = activityOf(files, approvals);
  for (const m of milestones) {
    entries.push({ key: `m-${m.id}`, at: m.createdAt, icon: Flag, text: `Milestone added: ${m.title}` });
    if (m.completedAt) {
      entries.push({
        key: `mc-${m.id}`,
        at: m.completedAt,
        icon: FlagTriangleRight,
        text: `Milestone completed: ${m.title}`,
      });
    } else if (m.updatedAt !== m.createdAt) {
      entries.push({ key: `mu-${m.id}`, at: m.updatedAt, icon: Flag, text: `Milestone changed: ${m.title}` });
    }
  }
  for (const c of messages) {
    entries.push({
      key: `c-${c.id}`,
      at: c.createdAt,
      icon: c.fromClient ? Mail : Reply,
      text: c.fromClient ? `${messageAuthor(c, 'The client')} wrote: ${c.subject}` : `The team replied: ${c.subject}`,
    });
  }
  for (const t of time) {
    entries.push({
      key: `t-${t.id}`,
      at: t.createdAt,
      icon: Timer,
      text: `${t.author} logged ${hoursText(t.hours)} for ${formatDate(t.date)}${t.note ? `: ${t.note}` : ''}`,
    });
  }
  return entries.sort((x, y) => y.at.localeCompare(x.at));
}

function ActivityPanel({ projectId }: { projectId: string }) {
  const files = useProjectFiles(projectId);
  const approvals = useProjectApprovals(projectId);
  const milestones = useMilestones(projectId);
  const messages = useCommunicationPages({ projectId, limit: '20' });
  const time = useTimeEntries(projectId);
  const failed = [files, approvals, milestones, messages, time].some((q) => q.isError);
  return (
    <Panel title="Project activity" id="project-activity-heading">
      {files.data && approvals.data && milestones.data && messages.data && time.data ? (
        <ProjectActivity
          entries={staffActivity(files.data.items, approvals.data, milestones.data, itemsOf(messages), time.data)}
          empty="Nothing has happened yet."
        />
      ) : failed ? (
        <ListError what="activity" />
      ) : (
        <Loading label="Loading activity..." compact />
      )}
    </Panel>
  );
}

/** The page of project `id`. */
export function ProjectPage({ id }: { id: string }) {
  const project = useProject(id);
  return (
    <RecordPage
      query={project}
      what="project"
      backHref="#projects"
      backLabel="Back to projects"
      title={(p) => p.title}
      actions={(p) => (
        <button type="button" className="btn-secondary" onClick={() => navigate(`projects/${p.id}`, 'push')}>
          <Pencil aria-hidden="true" className="size-4" /> Edit project
        </button>
      )}
    >
      {(p) => (
        <div className="grid gap-6">
          <p className="flex flex-wrap items-center gap-2 text-ink-700">
            <ProjectStatusBadge status={p.status} />
            {p.client ? (
              <a href={`#client/${p.clientId}`} className="font-semibold text-brand-700 hover:underline">
                {p.client.name}
              </a>
            ) : (
              'Unknown client'
            )}
          </p>
          <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <div className="grid min-w-0 content-start gap-6">
              <OverviewPanel project={p} />
              <MilestonesPanel project={p} />
              <MessagesPanel project={p} />
              <FilesPanel project={p} />
              <ApprovalsPanel project={p} />
            </div>
            <div className="grid min-w-0 content-start gap-6">
              <TimePanel project={p} />
              <ActivityPanel projectId={p.id} />
            </div>
          </div>
        </div>
      )}
    </RecordPage>
  );
}
