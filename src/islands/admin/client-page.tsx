/**
 * A client's page (docs/product.md#client-page): their details and whether they get email
 * notifications (and an 'Unconfirmed email' badge for a self-registered account not confirmed
 * yet), 'Resend invitation' while they have not set up the account, their people with inviting,
 * role changes, removal and erasure (client-members.tsx, docs/product.md#client-teams), their
 * projects, their proposals with `Write a proposal` (client-proposals.tsx, docs/product.md#proposals), their billing
 * (balance, invoices, `New invoice`: client-billing.tsx, docs/product.md#invoices), the conversation across all their projects (newest first, each client message under
 * the name of the person who wrote it, with reply and read state, "Load more"), and the admin
 * events about them.
 */
import { Bell, BellOff, Building2, CalendarDays, FolderKanban, Mail, MessageSquare, Pencil, Phone } from 'lucide-react';
import { telHref } from '../../shared/phone.ts';
import { formatBudget, formatDate, formatDateTime } from '../lib/format.ts';
import { Loading } from '../ui/loading.tsx';
import { ProjectStatusBadge } from '../ui/status-badge.tsx';
import { EventRow } from './activity-log.tsx';
import { ClientBilling } from './client-billing.tsx';
import { ClientProposals } from './client-proposals.tsx';
import { ClientInvitation } from './client-invitation.tsx';
import { ClientMembers } from './client-members.tsx';
import { ClientTwoStep } from './client-two-step.tsx';
import { ClientPrivacy } from './privacy-panels.tsx';
import { PagedList } from './list-view.tsx';
import { ConversationMessage } from './messages-tab.tsx';
import { Badge, ListError, ProjectLink } from './parts.tsx';
import { Panel, RecordPage } from './page-frame.tsx';
import { useClient, useClientEvents, useCommunicationPages, useProjectPages, type AdminClient } from './queries.ts';
import { navigate } from './route.ts';
import { messageAuthor } from './wording.ts';

function Details({ client }: { client: AdminClient }) {
  const tel = telHref(client.phone);
  return (
    <Panel title="Details" id="client-details-heading">
      <ul className="grid gap-2 text-sm text-ink-900">
        <li className="flex items-center gap-2">
          <Mail aria-hidden="true" className="size-4 shrink-0 text-ink-700" />
          <a href={`mailto:${client.email}`} className="min-w-0 wrap-anywhere text-brand-700 hover:underline">
            {client.email}
          </a>
        </li>
        <li className="flex items-center gap-2">
          <Building2 aria-hidden="true" className="size-4 shrink-0 text-ink-700" />
          {client.company ?? 'No company'}
        </li>
        <li className="flex items-center gap-2">
          <Phone aria-hidden="true" className="size-4 shrink-0 text-ink-700" />
          {client.phone ? (
            tel ? (
              <a href={tel} className="text-brand-700 hover:underline">
                {client.phone}
              </a>
            ) : (
              client.phone
            )
          ) : (
            'No phone'
          )}
        </li>
        <li className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-ink-700" />
          Client since {formatDate(client.createdAt)}
        </li>
        <li className="flex items-center gap-2">
          {client.emailNotifications ? (
            <Bell aria-hidden="true" className="size-4 shrink-0 text-ink-700" />
          ) : (
            <BellOff aria-hidden="true" className="size-4 shrink-0 text-ink-700" />
          )}
          {client.emailNotifications ? 'Gets email notifications' : 'Email notifications turned off'}
        </li>
        <li className="flex flex-wrap gap-2">
          <Badge tone={client.isActive ? 'green' : 'gray'}>
            {client.isActive ? 'Active account' : 'Inactive account'}
          </Badge>
          {!client.confirmed && <Badge tone="amber">Unconfirmed email</Badge>}
        </li>
      </ul>
    </Panel>
  );
}

function Projects({ clientId }: { clientId: string }) {
  const projects = useProjectPages({ clientId, limit: '200' });
  return (
    <Panel title="Projects" id="client-projects-heading">
      <PagedList
        query={projects}
        what="projects"
        loadingLabel="Loading projects..."
        emptyIcon={FolderKanban}
        emptyText="No projects yet"
      >
        {(items) => (
          <ul className="grid gap-2">
            {items.map((project) => (
              <li
                key={project.id}
                className="flex flex-wrap items-center justify-between gap-2 border-b border-ink-700/10 pb-2 last:border-b-0"
              >
                <ProjectLink id={project.id} title={project.title} />
                <span className="flex flex-wrap items-center gap-3 text-sm text-ink-700">
                  <span className="whitespace-nowrap">
                    <ProjectStatusBadge status={project.status} />
                  </span>
                  {formatBudget(project.budget)}
                  <span>{project.messageCount} messages</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </Panel>
  );
}

function Conversation({ clientId }: { clientId: string }) {
  const messages = useCommunicationPages({ clientId, limit: '20' });
  return (
    <Panel title="Conversation" id="client-conversation-heading">
      <PagedList
        query={messages}
        what="messages"
        loadingLabel="Loading the conversation..."
        emptyIcon={MessageSquare}
        emptyText="No messages yet"
      >
        {(items) => (
          <ol className="grid gap-3">
            {items.map((message) => (
              <ConversationMessage
                key={message.id}
                message={message}
                byline={
                  <>
                    {message.fromClient ? `From ${messageAuthor(message)}` : 'From Team'} ·{' '}
                    {message.project ? <ProjectLink id={message.projectId} title={message.project.title} /> : 'Unknown'}{' '}
                    · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                  </>
                }
              />
            ))}
          </ol>
        )}
      </PagedList>
    </Panel>
  );
}

function Activity({ clientId }: { clientId: string }) {
  const events = useClientEvents(clientId);
  return (
    <Panel title="Activity" id="client-activity-heading">
      {events.isPending ? (
        <Loading label="Loading activity..." compact />
      ) : events.isError ? (
        <ListError what="activity" />
      ) : events.data.length === 0 ? (
        <p className="text-ink-700">No changes recorded yet.</p>
      ) : (
        <ul>
          {events.data.map((event) => (
            <EventRow key={event.id} event={event} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** The page of client `id`. */
export function ClientPage({ id }: { id: string }) {
  const client = useClient(id);
  return (
    <RecordPage
      query={client}
      what="client"
      backHref="#clients"
      backLabel="Back to clients"
      title={(c) => c.name}
      actions={(c) => (
        <button type="button" className="btn-secondary" onClick={() => navigate(`clients/${c.id}`, 'push')}>
          <Pencil aria-hidden="true" className="size-4" /> Edit client
        </button>
      )}
    >
      {(c) => (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <div className="grid min-w-0 content-start gap-6">
            <Details client={c} />
            <ClientInvitation client={c} />
            <ClientTwoStep client={c} />
            <ClientPrivacy client={c} />
            <Projects clientId={c.id} />
            <ClientProposals client={c} />
            <ClientBilling client={c} />
            <Activity clientId={c.id} />
          </div>
          <div className="grid min-w-0 content-start gap-6">
            <ClientMembers client={c} />
            <Conversation clientId={c.id} />
          </div>
        </div>
      )}
    </RecordPage>
  );
}
