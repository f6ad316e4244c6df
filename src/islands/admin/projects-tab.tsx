/**
 * Projects tab (docs/product.md#projects-tab): 'Add Project', search, filters and sort
 * (docs/product.md#lists), a table on wide screens (Enter opens the edit form; each row's
 * details show the whole description) or on phones one card per project (title, status
 * badge, description, client name or 'Unknown', budget in USD or 'Not specified', start date,
 * created date) with edit and delete, the project's milestones and a message to the client.
 * Delete asks first and names its milestones and messages. 'No projects found'.
 */
import { Building2, CalendarDays, DollarSign, Flag, FolderKanban, MessageSquarePlus, Pencil, Plus } from 'lucide-react';
import { formatBudget, formatDate } from '../lib/format.ts';
import { ConfirmDelete } from '../ui/confirm-delete.tsx';
import { ProjectStatusBadge } from '../ui/status-badge.tsx';
import { MilestonesDialog } from './milestones-dialog.tsx';
import { useDeleteProject } from './mutations.ts';
import { apiParams, FilterSelect, ListBody, useListParams, type Column } from './list-view.tsx';
import { CARD, IconButton, ProjectLink, TabHeading } from './parts.tsx';
import { useProjectPages, type AdminProject } from './queries.ts';
import { PROJECT_STATUSES, PROJECT_STATUS_LABELS } from '../../shared/projects.ts';
import { ReplyDialog } from './reply-dialog.tsx';
import { navigate } from './route.ts';
import { projectDeleteSummary } from './wording.ts';
import { preview } from '../lib/preview.ts';

const SMALL_BUTTON =
  'inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50';

/** Edit and delete (which asks first and names the milestones and messages that go too). */
function EditAndDelete({ project }: { project: AdminProject }) {
  const remove = useDeleteProject(project.id);
  return (
    <>
      <IconButton
        label={`Edit ${project.title}`}
        text="Edit"
        icon={Pencil}
        onClick={() => navigate(`projects/${project.id}`, 'push')}
      />
      <ConfirmDelete
        label={`Delete ${project.title}`}
        title="Delete this project?"
        description={projectDeleteSummary(project)}
        confirmLabel="Delete project"
        failureTitle="Could not delete the project"
        mutation={remove}
      />
    </>
  );
}

/** 'Message client': a new message to the project's client. */
function MessageClient({ project }: { project: AdminProject }) {
  return (
    <ReplyDialog
      projectId={project.id}
      projectTitle={project.title}
      trigger={
        <button type="button" className={SMALL_BUTTON}>
          <MessageSquarePlus aria-hidden="true" className="size-4" />
          Message client
          <span className="sr-only"> about {project.title}</span>
        </button>
      }
    />
  );
}

function ProjectCard({ project }: { project: AdminProject }) {
  return (
    <li className={`${CARD} flex flex-col`}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-48 flex-1">
          <h3 className="text-lg font-bold wrap-anywhere text-ink-900">
            <ProjectLink
              id={project.id}
              title={project.title}
              className="text-brand-700 underline-offset-2 hover:underline"
            />
          </h3>
          <div className="mt-1">
            <ProjectStatusBadge status={project.status} />
          </div>
        </div>
        <div className="-mr-2 -ml-2.5 flex shrink-0">
          <EditAndDelete project={project} />
        </div>
      </div>
      {project.description && <p className="mt-3 text-sm text-ink-700">{preview(project.description, 180)}</p>}
      <dl className="mt-3 grid gap-1.5 text-sm text-ink-700">
        <div className="flex items-center gap-2">
          <Building2 aria-hidden="true" className="size-4 shrink-0" />
          <dt className="sr-only">Client</dt>
          <dd>{project.client?.name ?? 'Unknown'}</dd>
        </div>
        <div className="flex items-center gap-2">
          <DollarSign aria-hidden="true" className="size-4 shrink-0" />
          <dt className="sr-only">Budget</dt>
          <dd>{formatBudget(project.budget)}</dd>
        </div>
        <div className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
          <dt>Start:</dt>
          <dd>{project.startDate ? formatDate(project.startDate) : 'Not set'}</dd>
        </div>
        <div className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
          <dt>Created:</dt>
          <dd>{formatDate(project.createdAt)}</dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2 pt-1">
        <MilestonesDialog
          projectId={project.id}
          projectTitle={project.title}
          trigger={
            <button type="button" className={SMALL_BUTTON}>
              <Flag aria-hidden="true" className="size-4" />
              Milestones ({project.milestoneCount})<span className="sr-only"> of {project.title}</span>
            </button>
          }
        />
        <MessageClient project={project} />
      </div>
    </li>
  );
}

/** A project row's detail: the whole description, and a message to the client. */
function ProjectDetail({ project }: { project: AdminProject }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <p className="max-w-prose whitespace-pre-line wrap-anywhere text-ink-700">
        {project.description || 'No description'}
      </p>
      <MessageClient project={project} />
    </div>
  );
}

const SORT_OPTIONS = [
  ['createdAt.desc', 'Newest first'],
  ['createdAt.asc', 'Oldest first'],
  ['title.asc', 'Title A–Z'],
  ['client.asc', 'Client A–Z'],
  ['status.asc', 'Status'],
  ['endDate.asc', 'End date'],
  ['budget.desc', 'Largest budget'],
] as const;

function ProjectActions({ project }: { project: AdminProject }) {
  return (
    <div className="-my-2 flex flex-wrap justify-end">
      <MilestonesDialog
        projectId={project.id}
        projectTitle={project.title}
        trigger={
          <button
            type="button"
            aria-label={`Milestones (${project.milestoneCount}) of ${project.title}`}
            className="inline-flex h-10 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold whitespace-nowrap text-ink-700 hover:bg-slate-100"
          >
            <Flag aria-hidden="true" className="size-4" />
            Milestones ({project.milestoneCount})
          </button>
        }
      />
      <EditAndDelete project={project} />
    </div>
  );
}

const COLUMNS: Column<AdminProject>[] = [
  {
    key: 'title',
    header: 'Title',
    sort: 'title',
    cell: (p) => (
      <>
        <ProjectLink id={p.id} title={p.title} inRow />
        {p.description && (
          <span className="mt-0.5 block text-xs wrap-anywhere text-ink-700">{preview(p.description, 90)}</span>
        )}
      </>
    ),
    className: 'min-w-48',
  },
  {
    key: 'client',
    header: 'Client',
    sort: 'client',
    cell: (p) =>
      p.client ? (
        <a href={`#client/${p.clientId}`} tabIndex={-1} className="wrap-anywhere text-brand-700 hover:underline">
          {p.client.name}
        </a>
      ) : (
        'Unknown'
      ),
  },
  {
    key: 'status',
    header: 'Status',
    sort: 'status',
    cell: (p) => (
      <span className="whitespace-nowrap">
        <ProjectStatusBadge status={p.status} />
      </span>
    ),
  },
  {
    key: 'start',
    header: 'Start date',
    cell: (p) => <span className="whitespace-nowrap">{p.startDate ? formatDate(p.startDate) : 'Not set'}</span>,
  },
  {
    key: 'end',
    header: 'End date',
    sort: 'endDate',
    cell: (p) => <span className="whitespace-nowrap">{p.endDate ? formatDate(p.endDate) : 'Not set'}</span>,
  },
  {
    key: 'budget',
    header: 'Budget',
    sort: 'budget',
    cell: (p) => <span className="whitespace-nowrap">{formatBudget(p.budget)}</span>,
    className: 'text-right',
  },
  {
    key: 'created',
    header: 'Created',
    sort: 'createdAt',
    cell: (p) => <span className="whitespace-nowrap">{formatDate(p.createdAt)}</span>,
  },
  { key: 'actions', header: 'Actions', cell: (p) => <ProjectActions project={p} />, className: 'w-48 text-right' },
];

/** The Projects tab's panel; `params` are its search, filters and sort from the address. */
export function ProjectsTab({ params }: { params: string }) {
  const state = useListParams('projects', params);
  const projects = useProjectPages(apiParams(state.values));
  return (
    <section aria-labelledby="projects-heading">
      <TabHeading title="Projects" id="projects-heading">
        <button type="button" className="btn-primary" onClick={() => navigate('projects/new', 'push')}>
          <Plus aria-hidden="true" className="size-4" /> Add Project
        </button>
      </TabHeading>
      <ListBody
        state={state}
        searchLabel="Search projects"
        filters={
          <FilterSelect
            label="Status"
            value={state.values.status ?? ''}
            options={[['', 'All'], ...PROJECT_STATUSES.map((s) => [s, PROJECT_STATUS_LABELS[s]] as const)]}
            onChange={(status) => state.set({ status })}
          />
        }
        sortOptions={SORT_OPTIONS}
        query={projects}
        what="projects"
        loadingLabel="Loading projects..."
        emptyIcon={FolderKanban}
        emptyText="No projects found"
        table={{
          caption: 'Projects',
          columns: COLUMNS,
          onOpen: (project) => navigate(`project/${encodeURIComponent(project.id)}`, 'push'),
          rowLabel: (project) => `${project.title}, ${project.client?.name ?? 'Unknown client'}`,
          detail: (project) => <ProjectDetail project={project} />,
        }}
        cards={(items) => (
          <ul className="grid gap-4 md:grid-cols-2">
            {items.map((project) => (
              <ProjectCard key={project.id} project={project} />
            ))}
          </ul>
        )}
      />
    </section>
  );
}
