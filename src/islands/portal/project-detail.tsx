/**
 * /portal/projects/{projectId} (docs/product.md#project-detail): overview, milestones ('No
 * milestones defined yet'), the conversation ('No messages yet') and the send-message form
 * (project-messages.tsx: each message by 'You', another member's name or 'Team',
 * docs/product.md#client-teams), the project's approvals, Files and activity (project-work.tsx;
 * docs/product.md#files, docs/product.md#approvals). 'Project not found' with 'Back to Portal'
 * when the project is missing or not the client's. Team messages are marked read once shown. Live
 * updates (docs/product.md#live-updates) bring a reply, a read or a change in without a reload. A
 * member whose role does not open project pages (`billing`) is told so instead, with a way back.
 * 'Book a project meeting' opens the slot picker (booking/project-meeting.tsx, docs/product.md#bookings).
 */
import { ArrowLeft, CalendarDays, CheckCircle2, Circle, Clock, DollarSign } from 'lucide-react';
import { useEffect } from 'react';
import { PROJECT_PROGRESS, PROJECT_STATUS_LABELS } from '../../shared/projects.ts';
import { CLIENT_ROLE_LABELS, roleMay } from '../../shared/team.ts';
import { BookProjectMeeting } from '../booking/project-meeting.tsx';
import { ApiError, messageOf } from '../lib/api.ts';
import { formatBudget, formatDate } from '../lib/format.ts';
import { LiveUpdates } from '../lib/live.ts';
import { Loading } from '../ui/loading.tsx';
import { MilestoneStatusBadge, ProjectStatusBadge } from '../ui/status-badge.tsx';
import { useMarkTeamMessagesRead } from './mutations.ts';
import { ActivitySection, ApprovalsSection, FilesSection } from './project-work.tsx';
import { MessageForm, Messages } from './project-messages.tsx';
import { ProgressBar } from './portal-dashboard.tsx';
import { PortalFrame } from './portal-frame.tsx';
import { portalLive, useProject, type PortalClient, type PortalMilestone } from './queries.ts';

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

/** Instead of a project: the reader's role does not open project pages, in plain words. */
function NotForRole({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl bg-white p-12 text-center ring-1 ring-ink-700/10">
      <h1 className="text-2xl font-bold text-ink-900">This page is not part of your role</h1>
      <p className="max-w-prose text-ink-700">{message}</p>
      <BackToPortal />
    </div>
  );
}

/** What a member whose role is `role` reads instead of a project page. */
const notForRole = (role: PortalClient['member']['role']) =>
  `Your role on the team is ${CLIENT_ROLE_LABELS[role].toLowerCase()}: you see the project list. Project pages, with their messages, files and approvals, are for your team’s owners and members.`;

function Detail({ projectId, me }: { projectId: string; me: PortalClient }) {
  const detail = useProject(projectId);
  const { mutate: markRead } = useMarkTeamMessagesRead(projectId);
  const unreadFromTeam = detail.data?.communications.some((c) => !c.fromClient && !c.isRead) ?? false;

  useEffect(() => {
    if (unreadFromTeam) markRead();
  }, [unreadFromTeam, markRead]);

  if (detail.isPending) return <Loading />;
  if (detail.isError) {
    // The role changed while the page was open (403 `forbidden_role`): the server's words.
    if (detail.error instanceof ApiError && detail.error.status === 403) {
      return <NotForRole message={messageOf(detail.error, notForRole(me.member.role))} />;
    }
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
          <div className="sm:ml-auto">
            <BookProjectMeeting projectId={projectId} />
          </div>
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
            <Messages communications={communications} memberId={me.member.id} />
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
      {(me) =>
        roleMay(me.member.role, 'work') ? (
          <LiveUpdates kind="client" refresh={portalLive}>
            <Detail projectId={projectId} me={me} />
          </LiveUpdates>
        ) : (
          <NotForRole message={notForRole(me.member.role)} />
        )
      }
    </PortalFrame>
  );
}
