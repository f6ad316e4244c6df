/**
 * The notification queue's reads and writes (docs/product.md#notifications,
 * docs/decisions/0008-notification-queue.md).
 *
 * Writers call the `notify…` functions inside the transaction of the event they report, so an
 * event and its notification are stored together or not at all. The worker
 * (src/server/jobs/notification-worker.ts) then, each round:
 * 1. `findDueGroups`: the group keys whose oldest pending row is due;
 * 2. `loadGroup` + `settleGroup`: turns all pending rows of a key into one queued email (or marks
 *    them skipped), only if no other worker settled them first;
 * 3. `claimEmail` → send → `markEmailSent` / `markEmailFailed` (services/email/queue.ts).
 */
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import {
  clients,
  communications,
  contactSubmissions,
  notificationEmails,
  notifications,
  projects,
  type NotificationKind,
} from '../../../../db/schema/index.ts';
import type { Database, SqlDb } from '../../db/database.ts';

/** A client's message: told to the team, grouped per client. */
export function notifyClientMessage(
  tx: SqlDb,
  ids: { clientId: string; projectId: string; communicationId: string },
): Promise<void> {
  return enqueue(tx, { kind: 'client_message', audience: 'team', groupKey: `team:client:${ids.clientId}`, ...ids });
}

/** A team reply: told to the client, grouped per project. */
export function notifyTeamMessage(
  tx: SqlDb,
  ids: { clientId: string; projectId: string; communicationId: string },
): Promise<void> {
  return enqueue(tx, { kind: 'team_message', audience: 'client', groupKey: `client:project:${ids.projectId}`, ...ids });
}

/** A milestone newly marked completed: told to the client, grouped per project. */
export function notifyMilestoneCompleted(
  tx: SqlDb,
  ids: { clientId: string; projectId: string },
  milestone: { title: string; completedAt: Date },
): Promise<void> {
  return enqueue(tx, {
    kind: 'milestone_completed',
    audience: 'client',
    groupKey: `client:project:${ids.projectId}`,
    ...ids,
    payload: { title: milestone.title, completedAt: milestone.completedAt.toISOString() },
  });
}

/** A project's status changed (`from` → `to`, status values): told to the client, grouped per project. */
export function notifyProjectStatus(
  tx: SqlDb,
  ids: { clientId: string; projectId: string },
  change: { from: string; to: string },
): Promise<void> {
  return enqueue(tx, {
    kind: 'project_status',
    audience: 'client',
    groupKey: `client:project:${ids.projectId}`,
    ...ids,
    payload: change,
  });
}

/** New-lead notifications this process has queued so far (some transactions may have rolled back). */
let leadsQueued = 0;

/**
 * How many new-lead notifications this process has queued since it started: the notification
 * worker compares it after each commit, to send a lead's email at once rather than at its next
 * poll (jobs/notification-worker.ts).
 */
export function leadsQueuedCount(): number {
  return leadsQueued;
}

/** A new lead: told to the leads' inbox at once (docs/product.md#notification-routes), one email per lead. */
export async function notifyNewLead(tx: SqlDb, leadId: string): Promise<void> {
  await enqueue(tx, { kind: 'new_lead', audience: 'team', groupKey: `lead:${leadId}`, payload: { leadId } });
  leadsQueued++;
}

/** Adds one pending notification row inside the writer's transaction `tx`. */
export async function enqueue(
  tx: SqlDb,
  row: {
    kind: NotificationKind;
    audience: 'team' | 'client';
    groupKey: string;
    clientId?: string;
    projectId?: string;
    communicationId?: string;
    payload?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(notifications).values({ ...row, payload: row.payload ?? {}, createdAt: new Date() });
}

/**
 * Group keys with a due pending row, oldest first, at most `limit`. A lead is due at once;
 * any other row `delayMs` after it was written.
 */
export async function findDueGroups(db: Database, now: Date, delayMs: number, limit = 50): Promise<string[]> {
  const cutoff = new Date(now.getTime() - delayMs);
  const rows = await db.read
    .select({ groupKey: notifications.groupKey, oldest: sql<number>`min(${notifications.createdAt})` })
    .from(notifications)
    .where(
      and(
        eq(notifications.status, 'pending'),
        or(eq(notifications.kind, 'new_lead'), lte(notifications.createdAt, cutoff)),
        lte(notifications.createdAt, now),
      ),
    )
    .groupBy(notifications.groupKey)
    .orderBy(asc(sql`min(${notifications.createdAt})`))
    .limit(limit);
  return rows.map((r) => r.groupKey);
}

/** One pending row with what its email needs: the message (and whether it is read yet). */
interface PendingNotification {
  id: string;
  kind: NotificationKind;
  createdAt: Date;
  payload: Record<string, unknown>;
  /** The title of the project the row names, or '' when none. */
  projectTitle: string;
  /** The message the row is about, if any. */
  communicationId: string | null;
  message: {
    projectId: string;
    projectTitle: string;
    subject: string;
    message: string;
    isRead: boolean;
    /** Who of the client's team wrote it; null for the team's and older messages. */
    authorName: string | null;
    createdAt: Date;
  } | null;
}

/** Every pending row of a group, oldest first, with the client, project or lead it is about. */
export async function loadGroup(db: Database, groupKey: string) {
  const rows = await db.read
    .select({
      notification: notifications,
      communication: communications,
      projectTitle: projects.title,
    })
    .from(notifications)
    .leftJoin(communications, eq(communications.id, notifications.communicationId))
    .leftJoin(projects, eq(projects.id, notifications.projectId))
    .where(and(eq(notifications.groupKey, groupKey), eq(notifications.status, 'pending')))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
  const first = rows[0]?.notification;
  if (!first) return null;
  const [client] = first.clientId ? await db.read.select().from(clients).where(eq(clients.id, first.clientId)) : [];
  const [project] = first.projectId
    ? await db.read.select().from(projects).where(eq(projects.id, first.projectId))
    : [];
  const leadId = first.kind === 'new_lead' ? String(first.payload.leadId) : undefined;
  const [lead] = leadId ? await db.read.select().from(contactSubmissions).where(eq(contactSubmissions.id, leadId)) : [];
  const items: PendingNotification[] = rows.map(({ notification: n, communication: m, projectTitle }) => ({
    id: n.id,
    kind: n.kind,
    createdAt: n.createdAt,
    payload: n.payload,
    projectTitle: projectTitle ?? '',
    communicationId: n.communicationId,
    message: m
      ? {
          projectId: m.projectId,
          subject: m.subject,
          message: m.message,
          isRead: m.isRead,
          createdAt: m.createdAt,
          authorName: m.authorName,
          projectTitle: projectTitle ?? '',
        }
      : null,
  }));
  return {
    audience: first.audience,
    items,
    client: client ?? null,
    project: project ?? null,
    lead: lead ?? null,
  };
}

/** The email a group becomes: recipients, content and headers. */
export interface EmailDraft {
  audience: 'team' | 'client';
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/**
 * Settles a group's rows in one transaction: `batchedIds` go into new queued emails made from
 * `drafts` (one per recipient of a client's group; none when `drafts` is empty), `skippedIds` are
 * marked skipped. Each batched row names the first of the emails. Returns that email's id, or
 * null when nothing was queued. Does nothing (and returns null) if any of the rows was
 * settled meanwhile (another worker).
 */
export async function settleGroup(
  db: Database,
  batchedIds: string[],
  skippedIds: string[],
  drafts: EmailDraft[],
  now: Date,
): Promise<string | null> {
  return db.write(async (tx) => {
    const ids = [...batchedIds, ...skippedIds];
    const stillPending = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(inArray(notifications.id, ids), eq(notifications.status, 'pending')));
    if (stillPending.length !== ids.length) return null;
    let emailId: string | null = null;
    if (drafts.length > 0 && batchedIds.length > 0) {
      const emails = await tx
        .insert(notificationEmails)
        .values(drafts.map((draft) => ({ ...draft, status: 'queued' as const, nextAttemptAt: now, createdAt: now })))
        .returning({ id: notificationEmails.id });
      emailId = emails[0]?.id ?? null;
      await tx.update(notifications).set({ status: 'batched', emailId }).where(inArray(notifications.id, batchedIds));
    } else {
      skippedIds.push(...batchedIds);
    }
    if (skippedIds.length > 0) {
      await tx.update(notifications).set({ status: 'skipped' }).where(inArray(notifications.id, skippedIds));
    }
    return emailId;
  });
}
