/**
 * What the notification emails are made from (docs/product.md#notifications). The worker
 * gathers these from the database; the templates in this folder turn them into a subject, an
 * HTML part and a plain-text part. Every string here may come from a user and is escaped by the
 * templates. Dates are Date objects, shown in the site's formats (docs/product.md#formats).
 */

/** One rendered email. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** A file as an email names it: its name and size in bytes. */
export interface FileMention {
  name: string;
  size: number;
}

/** A client's message, as the team's email quotes it. */
export interface ClientMessageItem {
  projectId: string;
  projectTitle: string;
  subject: string;
  message: string;
  sentAt: Date;
  /** The files attached to it, if any. */
  attachments?: FileMention[];
  /** Who of the client's team wrote it (docs/product.md#client-teams); absent for older messages. */
  from?: string;
}

/** A file the client added to a project's Files. */
export interface ClientFileItem extends FileMention {
  projectTitle: string;
  addedAt: Date;
}

/** The client's answer to an approval (docs/product.md#approvals). */
export interface ApprovalDecisionItem {
  projectTitle: string;
  title: string;
  decision: 'approved' | 'changes-requested';
  /** The comment as written, or null. */
  comment: string | null;
  /** The client's name at the time. */
  by: string;
  decidedAt: Date;
}

/**
 * The team's email about one client: messages still unread, files added and approvals answered.
 * At least one of the three lists has an item.
 */
export interface TeamDigestData {
  client: { name: string; email: string; company: string | null };
  /** Oldest first. */
  messages: ClientMessageItem[];
  /** Oldest first. */
  files?: ClientFileItem[];
  /** Oldest first. */
  decisions?: ApprovalDecisionItem[];
  /** Absolute link to the conversation in the dashboard (the Messages tab). */
  dashboardUrl: string;
  /** The agency's time zone for the times shown (SITE_TIME_ZONE). */
  timeZone: string;
}

/** Something the client is told about one project, in the order it happened. */
export type ClientUpdateItem =
  | { kind: 'team_message'; subject: string; message: string; sentAt: Date; attachments?: FileMention[] }
  | { kind: 'file_added'; name: string; size: number; addedAt: Date }
  | { kind: 'approval_requested'; title: string; requestedAt: Date }
  | { kind: 'milestone_completed'; title: string; completedAt: Date }
  /** Status labels as shown on the site, e.g. 'In Progress' → 'Review'. */
  | { kind: 'project_status'; from: string; to: string; changedAt: Date };

/** The client's email about one project: replies, files, approvals asked for, milestones completed, status changes. */
export interface ClientDigestData {
  client: { name: string };
  project: { title: string };
  /** Oldest first; at least one. */
  items: ClientUpdateItem[];
  /** Absolute link that opens /portal/projects/{id}: a single-use sign-in link landing there. */
  projectUrl: string;
  /** How long that link signs in, in hours (MAGIC_LINK_HOURS); without it the link is a plain one. */
  linkHours?: number;
  /** Absolute one-click unsubscribe link (also sent as the List-Unsubscribe header). */
  unsubscribeUrl: string;
  /** Absolute link to /portal/settings. */
  settingsUrl: string;
  /** The agency's time zone for the times shown (SITE_TIME_ZONE). */
  timeZone: string;
}

/** The team's email about a new lead (docs/product.md#lead-delivery). */
export interface NewLeadData {
  lead: {
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
    /** Why the audit of an audit lead could not be run; null (or absent) when it ran. */
    auditError?: string | null;
    createdAt: Date;
  };
  /** Absolute link to the lead's own page in the dashboard (`/admin#lead/{id}`). */
  leadUrl: string;
  /** The agency's time zone for the time received (SITE_TIME_ZONE). */
  timeZone: string;
}
