/**
 * Projects tab (docs/product.md#projects-tab): 'Add Project', one card per project (title, status
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
import { CARD, IconButton, QueryList, TabHeading } from './parts.tsx';
import { useProjects, type AdminProject } from './queries.ts';
import { ReplyDialog } from './reply-dialog.tsx';
import { navigate } from './route.ts';
import { projectDeleteSummary } from './wording.ts';

const SMALL_BUTTON =
  'inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50';

function ProjectCard({ project }: { project: AdminProject }) {
  const remove = useDeleteProject(project.id);
  return (
    <li className={`${CARD} flex flex-col`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-lg font-bold wrap-anywhere text-ink-900">{project.title}</h3>
          <div className="mt-1">
            <ProjectStatusBadge status={project.status} />
          </div>
        </div>
        <div className="-mt-2 -mr-2 flex shrink-0">
          <IconButton
            label={`Edit ${project.title}`}
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
        </div>
      </div>
      {project.description && <p className="mt-3 line-clamp-3 text-sm text-ink-700">{project.description}</p>}
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
      </div>
    </li>
  );
}

/** The Projects tab's panel. */
export function ProjectsTab() {
  const projects = useProjects();
  return (
    <section aria-labelledby="projects-heading">
      <TabHeading title="Projects" id="projects-heading">
        <button type="button" className="btn-primary" onClick={() => navigate('projects/new', 'push')}>
          <Plus aria-hidden="true" className="size-4" /> Add Project
        </button>
      </TabHeading>
      <QueryList
        query={projects}
        what="projects"
        loadingLabel="Loading projects..."
        emptyIcon={FolderKanban}
        emptyText="No projects found"
        className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
        renderItem={(project) => <ProjectCard key={project.id} project={project} />}
      />
    </section>
  );
}
