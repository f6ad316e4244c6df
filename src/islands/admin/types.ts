/** The dashboard's view of the admin API's answers (src/server/routes/admin.ts; SPEC.md 3.2), as JSON. */
import type { LeadStatus, MilestoneStatus, ProjectStatus } from '../../shared/projects.ts';

export interface AdminUser {
  id: string;
  username: string;
}

export interface AdminClient {
  id: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  isActive: boolean;
  createdAt: string;
  /** How many projects go with the client when it is deleted. */
  projectCount: number;
}

export interface AdminProject {
  id: string;
  clientId: string;
  title: string;
  description: string | null;
  status: ProjectStatus;
  startDate: string | null;
  endDate: string | null;
  estimatedHours: number | null;
  actualHours: number;
  /** Integer cents. */
  budget: number | null;
  createdAt: string;
  client: { name: string; company: string | null } | null;
  /** What goes with the project when it is deleted. */
  milestoneCount: number;
  messageCount: number;
}

export interface AdminCommunication {
  id: string;
  projectId: string;
  fromClient: boolean;
  subject: string;
  message: string;
  isRead: boolean;
  createdAt: string;
  project: { title: string } | null;
}

export interface AdminMilestone {
  id: string;
  projectId: string;
  title: string;
  description: string | null;
  status: MilestoneStatus;
  dueDate: string | null;
  completedAt: string | null;
  orderIndex: number;
}

/** A lead: a contact submission from the website (SPEC.md 3.1, issue 2 sources). */
export interface AdminLead {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  message: string;
  howDidYouFindUs: string | null;
  subject: string | null;
  services: string[] | null;
  source: string;
  urgent: boolean;
  status: LeadStatus;
  /** The website audit's score, for audit leads (issue 5). */
  auditScore: number | null;
  createdAt: string;
}

export interface AdminEvent {
  id: string;
  username: string;
  action: 'create' | 'update' | 'delete';
  entity: string;
  entityId: string;
  summary: string;
  createdAt: string;
}
