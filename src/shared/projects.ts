/**
 * Project, milestone and lead statuses (docs/product.md#statuses), their labels, and the
 * portal's progress per project status (completed 100, review 80, in-progress 50, planning 0,
 * on-hold 0). The one source for the database schema, the forms and the screens.
 */
export const PROJECT_STATUSES = ['planning', 'in-progress', 'review', 'completed', 'on-hold'] as const;
export const MILESTONE_STATUSES = ['pending', 'in-progress', 'completed'] as const;
export const LEAD_STATUSES = ['new', 'contacted', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const PROJECT_STATUS_LABELS: Record<(typeof PROJECT_STATUSES)[number], string> = {
  planning: 'Planning',
  'in-progress': 'In Progress',
  review: 'Review',
  completed: 'Completed',
  'on-hold': 'On Hold',
};
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_PROGRESS: Record<ProjectStatus, number> = {
  completed: 100,
  review: 80,
  'in-progress': 50,
  planning: 0,
  'on-hold': 0,
};

export const MILESTONE_STATUS_LABELS: Record<(typeof MILESTONE_STATUSES)[number], string> = {
  pending: 'Pending',
  'in-progress': 'In Progress',
  completed: 'Completed',
};
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New Lead',
  contacted: 'Contacted',
  won: 'Won',
  lost: 'Lost',
};
