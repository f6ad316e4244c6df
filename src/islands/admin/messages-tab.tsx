/**
 * Messages tab, 'Recent Communications' (docs/product.md#messages-tab): newest first, with search,
 * 'Unread only', dates and sort (docs/product.md#lists); a table on wide screens, cards on phones; subject,
 * 'Unread' when unread and from the client (with a highlighted border), 'From Client' or 'From
 * Team', a client's message with the name of the person who wrote it ('Dana Reyes (Acme Bakery)',
 * docs/product.md#client-teams), date and time, the message and the project title (or 'Unknown'); a team message says
 * 'Seen by client {time}' or 'Not seen yet'; a message that came in as an email reply says 'via email'
 * beside its author or time (docs/product.md#email-replies); reply, and mark a client's message read
 * or unread. 'No communications found'.
 */
import type { ReactNode } from 'react';
import {
  CheckCheck,
  Clock,
  FolderKanban,
  Mail,
  MailOpen,
  MessageSquare,
  Paperclip,
  Reply,
  UserRound,
} from 'lucide-react';
import { messageOf } from '../lib/api.ts';
import { AttachmentList } from '../files/file-list.tsx';
import { cn } from '../lib/cn.ts';
import { formatDateTime, seenText } from '../lib/format.ts';
import { toast } from '../lib/toast-store.ts';
import { useSetMessageRead } from './mutations.ts';
import { apiParams, FilterSelect, ListBody, useListParams, type Column } from './list-view.tsx';
import { Badge, ProjectLink, TabHeading } from './parts.tsx';
import { useCommunicationPages, type AdminCommunication } from './queries.ts';
import { navigate } from './route.ts';
import { ReplyDialog } from './reply-dialog.tsx';
import { ViaEmail } from '../ui/via-email.tsx';
import { isUnread, messageAuthor, replySubject } from './wording.ts';
import { preview } from '../lib/preview.ts';

const ACTION =
  'inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 aria-disabled:opacity-50';

/** Under a team message: 'Seen by client {time}' once the client read it, else 'Not seen yet'. */
function SeenByClient({ message }: { message: AdminCommunication }) {
  const seen = message.isRead || message.readAt !== null;
  const Icon = seen ? CheckCheck : Clock;
  return (
    <p className="mt-1.5 flex items-center gap-1.5 text-sm text-ink-700">
      <Icon aria-hidden="true" className={cn('size-4 shrink-0', seen && 'text-green-700')} />
      {seenText(message, 'Seen by client', 'Not seen yet')}
    </p>
  );
}

/**
 * One message in a staff conversation (a client's page, a project's page): its subject, with
 * 'Unread' while a client's message is unread, `byline` (who, where, when) with 'via email' after
 * it for an email reply, the text, its attachments and the actions on it.
 */
export function ConversationMessage({ message, byline }: { message: AdminCommunication; byline: ReactNode }) {
  const unread = isUnread(message);
  return (
    <li
      className={cn(
        'rounded-xl p-4 ring-1',
        message.fromClient ? 'bg-white ring-ink-700/10' : 'bg-brand-50 ring-brand-200',
        unread && 'ring-2 ring-brand-300',
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-ink-900">
          <span className="wrap-anywhere">{message.subject}</span>
          {unread && <Badge tone="red">Unread</Badge>}
        </p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-700">
          <span className="min-w-0 wrap-anywhere">{byline}</span>
          <ViaEmail via={message.via} />
        </p>
      </div>
      <p className="mt-2 whitespace-pre-line wrap-anywhere text-ink-900">{message.message}</p>
      <AttachmentList files={message.attachments} />
      <div className="mt-3">
        <MessageActions message={message} compact />
      </div>
    </li>
  );
}

/** Reply and mark read or unread, for a client's message (nothing for the team's own). */
function MessageActions({ message, compact = false }: { message: AdminCommunication; compact?: boolean }) {
  const unread = isUnread(message);
  const mark = useSetMessageRead(message.id);
  const toggleRead = () =>
    mark.mutate(unread, {
      onError: (error) =>
        toast({
          title: 'Could not update the message',
          description: messageOf(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  if (!message.fromClient) return compact ? <SeenByClient message={message} /> : null;
  return (
    <div className="flex flex-wrap gap-2">
      {message.project && (
        <ReplyDialog
          projectId={message.projectId}
          projectTitle={message.project.title}
          subject={replySubject(message.subject)}
          inReplyTo={message.id}
          to={messageAuthor(message)}
          trigger={
            <button type="button" className={ACTION}>
              <Reply aria-hidden="true" className="size-4" /> Reply
              <span className="sr-only"> to {message.subject}</span>
            </button>
          }
        />
      )}
      <button
        type="button"
        className={ACTION}
        aria-label={`${unread ? 'Mark as read' : 'Mark as unread'}: ${message.subject}`}
        aria-disabled={mark.isPending || undefined}
        onClick={() => !mark.isPending && toggleRead()}
      >
        {unread ? (
          <>
            <MailOpen aria-hidden="true" className="size-4" /> Mark as read
          </>
        ) : (
          <>
            <Mail aria-hidden="true" className="size-4" /> Mark as unread
          </>
        )}
      </button>
    </div>
  );
}

/** 'From Client' or 'From Team'. */
function FromBadge({ message }: { message: AdminCommunication }) {
  return <Badge tone={message.fromClient ? 'blue' : 'gray'}>{message.fromClient ? 'From Client' : 'From Team'}</Badge>;
}

/** A message row's detail: the whole message. */
function MessageDetail({ message }: { message: AdminCommunication }) {
  return (
    <div>
      <p className="max-w-prose whitespace-pre-line wrap-anywhere text-ink-900">{message.message}</p>
      <AttachmentList files={message.attachments} />
    </div>
  );
}

function MessageCard({ message }: { message: AdminCommunication }) {
  const unread = isUnread(message);
  return (
    <li
      className={cn(
        'rounded-2xl bg-white p-5 shadow-sm',
        unread ? 'border-l-4 border-brand-700 ring-2 ring-brand-300' : 'ring-1 ring-ink-700/10',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 className="font-bold wrap-anywhere text-ink-900">{message.subject}</h3>
          {unread && <Badge tone="red">Unread</Badge>}
          <FromBadge message={message} />
        </div>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-700">
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          <ViaEmail via={message.via} />
        </p>
      </div>
      <p className="mt-2 whitespace-pre-line wrap-anywhere text-ink-700">{message.message}</p>
      <AttachmentList files={message.attachments} />
      {message.fromClient && (
        <p className="mt-3 flex items-center gap-1.5 text-sm text-ink-700">
          <UserRound aria-hidden="true" className="size-4 shrink-0" />
          <span className="sr-only">From: </span>
          <span className="min-w-0 wrap-anywhere">{messageAuthor(message)}</span>
        </p>
      )}
      <p className={cn('flex items-center gap-1.5 text-sm text-ink-700', message.fromClient ? 'mt-1' : 'mt-3')}>
        <FolderKanban aria-hidden="true" className="size-4" />
        <span className="sr-only">Project: </span>
        {message.project ? <ProjectLink id={message.projectId} title={message.project.title} /> : 'Unknown'}
      </p>
      {!message.fromClient && <SeenByClient message={message} />}
      {message.fromClient && (
        <div className="mt-4">
          <MessageActions message={message} />
        </div>
      )}
    </li>
  );
}

const SORT_OPTIONS = [
  ['createdAt.desc', 'Newest first'],
  ['createdAt.asc', 'Oldest first'],
  ['subject.asc', 'Subject A–Z'],
] as const;

const COLUMNS: Column<AdminCommunication>[] = [
  {
    key: 'subject',
    header: 'Subject',
    sort: 'subject',
    cell: (m) => (
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-semibold break-words">{m.subject}</span>
        {isUnread(m) && <Badge tone="red">Unread</Badge>}
      </span>
    ),
  },
  {
    key: 'from',
    header: 'From',
    cell: (m) => (
      <span className="flex flex-col items-start gap-1">
        <FromBadge message={m} />
        {m.fromClient && <span className="break-words">{messageAuthor(m)}</span>}
        <ViaEmail via={m.via} />
      </span>
    ),
  },
  {
    key: 'client',
    header: 'Client · project',
    cell: (m) => (
      <span className="break-words">
        {m.client ? (
          <a href={`#client/${m.client.id}`} tabIndex={-1} className="text-brand-700 underline">
            {m.client.name}
          </a>
        ) : (
          'Unknown'
        )}{' '}
        · {m.project ? <ProjectLink id={m.projectId} title={m.project.title} inRow /> : 'Unknown'}
      </span>
    ),
  },
  {
    key: 'date',
    header: 'Date',
    sort: 'createdAt',
    cell: (m) => <span className="xl:whitespace-nowrap">{formatDateTime(m.createdAt)}</span>,
  },
  {
    key: 'message',
    header: 'Message',
    cell: (m) => (
      <span className="wrap-anywhere text-ink-700">
        {preview(m.message, 140)}
        {m.attachments.length > 0 && (
          <span className="mt-1 flex items-center gap-1 text-sm font-semibold text-ink-900">
            <Paperclip aria-hidden="true" className="size-4" />
            {m.attachments.length} {m.attachments.length === 1 ? 'file' : 'files'}
          </span>
        )}
      </span>
    ),
    className: 'min-w-40 xl:min-w-64',
  },
  { key: 'actions', header: 'Actions', cell: (m) => <MessageActions message={m} compact />, className: 'w-44' },
];

/** The Messages tab's panel; `params` are its search, filters and sort from the address. */
export function MessagesTab({ params }: { params: string }) {
  const state = useListParams('messages', params);
  const messages = useCommunicationPages(apiParams(state.values));
  return (
    <section aria-labelledby="messages-heading">
      <TabHeading title="Recent Communications" id="messages-heading" />
      <ListBody
        state={state}
        searchLabel="Search messages"
        filters={
          <FilterSelect
            label="Show"
            value={state.values.unread ?? ''}
            options={[
              ['', 'All messages'],
              ['true', 'Unread only'],
            ]}
            onChange={(unread) => state.set({ unread })}
          />
        }
        sortOptions={SORT_OPTIONS}
        query={messages}
        what="messages"
        loadingLabel="Loading communications..."
        emptyIcon={MessageSquare}
        emptyText="No communications found"
        table={{
          caption: 'Messages',
          columns: COLUMNS,
          onOpen: (message) => message.client && navigate(`client/${message.client.id}`, 'push'),
          rowLabel: (message) => `${isUnread(message) ? 'Unread: ' : ''}${message.subject}`,
          // An unread client message: a tinted row with a strong border on its left edge, as its card has.
          rowClassName: (message) =>
            isUnread(message)
              ? 'bg-brand-50/60 [&>td:first-child]:shadow-[inset_4px_0_0_var(--color-brand-700)]'
              : undefined,
          detail: (message) => <MessageDetail message={message} />,
        }}
        cards={(items) => (
          <ul className="grid gap-4">
            {items.map((message) => (
              <MessageCard key={message.id} message={message} />
            ))}
          </ul>
        )}
      />
    </section>
  );
}
