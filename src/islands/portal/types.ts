/** The portal's view of the API's answers (src/server/routes/client.ts), as JSON. */
import type { MilestoneStatus, ProjectStatus } from '../../shared/projects.ts';

export interface PortalClient {
  id: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  createdAt: string;
}

export interface PortalProject {
  id: string;
  title: string;
  description: string | null;
  status: ProjectStatus;
  startDate: string | null;
  endDate: string | null;
  estimatedHours: number | null;
  actualHours: number;
  budget: number | null;
  createdAt: string;
  unreadCount?: number;
}

export interface PortalMilestone {
  id: string;
  title: string;
  description: string | null;
  status: MilestoneStatus;
  dueDate: string | null;
  completedAt: string | null;
  orderIndex: number;
}

export interface PortalCommunication {
  id: string;
  fromClient: boolean;
  subject: string;
  message: string;
  isRead: boolean;
  createdAt: string;
}

export interface ProjectDetailResponse {
  project: PortalProject;
  milestones: PortalMilestone[];
  communications: PortalCommunication[];
}
