/**
 * Project and milestone display rules (SPEC.md 4): status labels, the portal's progress per
 * status (completed 100, review 80, in-progress 50, planning 0, on-hold 0).
 */
export const PROJECT_STATUS_LABELS = {
  planning: 'Planning',
  'in-progress': 'In Progress',
  review: 'Review',
  completed: 'Completed',
  'on-hold': 'On Hold',
} as const;
export type ProjectStatus = keyof typeof PROJECT_STATUS_LABELS;

export const PROJECT_PROGRESS: Record<ProjectStatus, number> = {
  completed: 100,
  review: 80,
  'in-progress': 50,
  planning: 0,
  'on-hold': 0,
};

export const MILESTONE_STATUS_LABELS = {
  pending: 'Pending',
  'in-progress': 'In Progress',
  completed: 'Completed',
} as const;
export type MilestoneStatus = keyof typeof MILESTONE_STATUS_LABELS;
