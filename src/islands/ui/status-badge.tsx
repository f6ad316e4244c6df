/**
 * Project and milestone statuses as coloured badges with their labels. A badge never wraps
 * ('In Progress' stays on one line) and never shrinks: the text beside it gives way instead.
 */
import {
  MILESTONE_STATUS_LABELS,
  PROJECT_STATUS_LABELS,
  type MilestoneStatus,
  type ProjectStatus,
} from '../../shared/projects.ts';
import { cn } from '../lib/cn.ts';

const BADGE = 'inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap';

const PROJECT_TONE: Record<ProjectStatus, string> = {
  planning: 'bg-blue-100 text-blue-900',
  'in-progress': 'bg-yellow-100 text-yellow-900',
  review: 'bg-purple-100 text-purple-900',
  completed: 'bg-green-100 text-green-900',
  'on-hold': 'bg-slate-200 text-slate-900',
};
const MILESTONE_TONE: Record<MilestoneStatus, string> = {
  pending: 'bg-slate-200 text-slate-900',
  'in-progress': 'bg-yellow-100 text-yellow-900',
  completed: 'bg-green-100 text-green-900',
};

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return <span className={cn(BADGE, PROJECT_TONE[status])}>{PROJECT_STATUS_LABELS[status]}</span>;
}

export function MilestoneStatusBadge({ status }: { status: MilestoneStatus }) {
  return <span className={cn(BADGE, MILESTONE_TONE[status])}>{MILESTONE_STATUS_LABELS[status]}</span>;
}
