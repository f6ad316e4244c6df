/**
 * /portal (docs/product.md#portal): the signed-in client's projects as cards (title, status,
 * progress by status, start date, unread team messages), each opening
 * /portal/projects/{projectId}, under 'Awaiting your approval' when approvals wait
 * (docs/product.md#approvals) and 'Proposals' when the client has any (proposal-list.tsx,
 * docs/product.md#proposals, for every role). Empty state 'No projects yet'. Without a session: the sign-in
 * screen. The cards follow live updates (docs/product.md#live-updates): a team message shows
 * its badge without a reload. A `billing` member (docs/product.md#client-teams) sees the cards
 * without links or message badges, and no approvals: project pages are not theirs to open.
 */
import { CalendarDays, FolderOpen, MessageSquare } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { PROJECT_PROGRESS, PROJECT_STATUS_LABELS } from '../../shared/projects.ts';
import { formatDate } from '../lib/format.ts';
import { LiveUpdates } from '../lib/live.ts';
import { Loading } from '../ui/loading.tsx';
import { ProjectStatusBadge } from '../ui/status-badge.tsx';
import { PortalFrame } from './portal-frame.tsx';
import { portalLive, useApprovals, useProjects, type PortalClient, type PortalProject } from './queries.ts';
import { AwaitingApprovals } from './approvals.tsx';
import { ProposalsSection } from './proposal-list.tsx';
import { preview } from '../lib/preview.ts';
import { roleMay } from '../../shared/team.ts';

/** A project's progress (0, 50, 80 or 100 %) as a labelled progress bar. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div>
      <div className="flex justify-between text-sm">
        <span className="font-semibold text-ink-900">Progress</span>
        <span className="text-ink-700">{value}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full bg-brand-700 ${WIDTHS[value] ?? 'w-0'}`} />
      </div>
    </div>
  );
}
const WIDTHS: Record<number, string> = { 0: 'w-0', 50: 'w-1/2', 80: 'w-4/5', 100: 'w-full' };

const CARD = 'flex h-full flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-700/10';

/** A project's card; `linked`: it opens the project's page and shows unread team messages. */
function ProjectCard({ project, linked }: { project: PortalProject; linked: boolean }) {
  const progress = PROJECT_PROGRESS[project.status];
  const unread = linked ? (project.unreadCount ?? 0) : 0;
  const Card = linked ? 'a' : 'div';
  return (
    <li>
      <Card
        {...(linked ? { href: `/portal/projects/${project.id}` } : {})}
        className={linked ? `${CARD} transition-shadow hover:shadow-md` : CARD}
      >
        <div className="flex items-start justify-between gap-3">
          <h2 className="min-w-0 text-lg font-bold wrap-break-word text-ink-900">{project.title}</h2>
          <ProjectStatusBadge status={project.status} />
        </div>
        {project.description && <p className="text-sm text-ink-700">{preview(project.description, 140)}</p>}
        <ProgressBar
          value={progress}
          label={`${project.title}: ${PROJECT_STATUS_LABELS[project.status]}, ${progress}%`}
        />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 text-sm text-ink-700">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4" />
            {project.startDate ? `Started ${formatDate(project.startDate)}` : 'Start date to be set'}
          </span>
          {unread > 0 && (
            <span className="inline-flex items-center gap-1.5 rounded-full bg-danger-700 px-2.5 py-0.5 text-xs font-bold text-white">
              <MessageSquare aria-hidden="true" className="size-3.5" />
              {unread} new
              <span className="sr-only"> {unread === 1 ? 'message' : 'messages'} from the team</span>
            </span>
          )}
        </div>
      </Card>
    </li>
  );
}

/** The approvals waiting across the client's projects, above the projects (nothing when none). */
function Awaiting() {
  const approvals = useApprovals();
  return approvals.data ? (
    <div className="mt-8">
      <AwaitingApprovals approvals={approvals.data} />
    </div>
  ) : null;
}

function Projects({ client }: { client: PortalClient }) {
  const projects = useProjects();
  const work = roleMay(client.member.role, 'work');
  return (
    <section aria-labelledby="projects-title">
      <h1 id="projects-title" className="text-3xl font-extrabold text-ink-900">
        Welcome, {client.name.split(' ')[0]}
      </h1>
      <p className="mt-1 text-ink-700">Your projects with First State Web Studio.</p>
      {work ? (
        <Awaiting />
      ) : (
        <p className="mt-4 rounded-xl bg-white p-4 text-sm text-ink-900 ring-1 ring-ink-700/10">
          Your role on the team is billing: you see how each project is going. Project pages, with their messages, files
          and approvals, are for your team&rsquo;s owners and members.
        </p>
      )}
      <ProposalsSection role={client.member.role} />
      <div className="mt-8">
        {projects.isPending ? (
          <Loading />
        ) : projects.isError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-danger-700">
            We could not load your projects. Please reload the page.
          </p>
        ) : projects.data.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl bg-white p-12 text-center ring-1 ring-ink-700/10">
            <FolderOpen aria-hidden="true" className="size-12 text-ink-600" />
            <h2 className="mt-3 text-lg font-bold text-ink-900">No projects yet</h2>
            <p className="mt-1 max-w-sm text-ink-700">
              {work
                ? 'When we start working together, your projects, milestones and messages will appear here.'
                : 'When we start working together, your projects will appear here.'}
            </p>
          </div>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {projects.data.map((project) => (
              <ProjectCard key={project.id} project={project} linked={work} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/**
 * On /portal/login (`signInPage`), once the client is signed in the address becomes /portal and
 * the dashboard shows in place, so the sign-in toast stays on screen.
 */
function AtPortalAddress({ children }: { children: ReactNode }) {
  useEffect(() => {
    history.replaceState(null, '', '/portal');
    document.title = document.title.replace('Client Portal Sign In', 'Client Portal');
  }, []);
  return children;
}

export default function PortalDashboard({ signInPage = false }: { signInPage?: boolean }) {
  return (
    <PortalFrame>
      {(client) => (
        <LiveUpdates kind="client" refresh={portalLive}>
          {signInPage ? (
            <AtPortalAddress>
              <Projects client={client} />
            </AtPortalAddress>
          ) : (
            <Projects client={client} />
          )}
        </LiveUpdates>
      )}
    </PortalFrame>
  );
}
