/** The dashboard's view of the admin API's answers (src/server/routes/admin.ts; SPEC.md 3.2), as JSON. */
import type { LeadStatus } from '../../shared/projects.ts';
import type { PortalClient, PortalCommunication, PortalMilestone, PortalProject } from '../portal/types.ts';

export interface AdminUser {
  id: string;
  username: string;
}

/** The same records the portal reads (portal/types.ts), plus what only staff see. */
export interface AdminClient extends PortalClient {
  isActive: boolean;
  /** How many projects go with the client when it is deleted. */
  projectCount: number;
}

export interface AdminProject extends Omit<PortalProject, 'unreadCount'> {
  clientId: string;
  client: { name: string; company: string | null } | null;
  /** What goes with the project when it is deleted. */
  milestoneCount: number;
  messageCount: number;
}

export interface AdminCommunication extends PortalCommunication {
  projectId: string;
  project: { title: string } | null;
}

export interface AdminMilestone extends PortalMilestone {
  projectId: string;
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
