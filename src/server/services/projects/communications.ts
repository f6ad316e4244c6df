/**
 * Messages on a project between the client and the team (docs/product.md#portal,
 * docs/product.md#dashboard). A message is unread while `isRead` is false; the team's unread
 * messages are marked read when the client opens the project, a client's when staff answer it
 * or mark it read. `readAt` records when it was read (shown as "Seen"). Each new message queues
 * its notification email in the same transaction (docs/product.md#notifications), and every
 * change records its live event there too (services/events/events.ts).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { communications, projects, type MessageVia } from '../../../../db/schema/index.ts';
import { InvalidFieldError, NotFoundError } from '../../errors.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { recordEvent } from '../events/events.ts';
import { toJson } from '../../db/json.ts';
import { attachFiles, attachmentsOf } from '../files/attachments.ts';
import { notifyClientMessage, notifyTeamMessage } from '../email/notifications.ts';
import { findClientProject } from './projects.ts';
import { messageJson } from './message-author.ts';
import { staffName } from '../../../shared/staff-name.ts';

/** `readAt` as a write sets it: kept when already read, now when newly read. */
const readNow = (now: Date) => sql`coalesce(${communications.readAt}, ${now.getTime()})`;

export interface MessageInput {
  subject: string;
  message: string;
  /** Ids of files uploaded to the project, tied to the message (services/files/attachments.ts). */
  attachments?: string[] | undefined;
}

/** The project's messages, newest first, each with its `attachments` and `author` (as the client sees them). */
export async function listProjectCommunications(db: SqlDb, projectId: string) {
  const rows = await db
    .select()
    .from(communications)
    .where(eq(communications.projectId, projectId))
    .orderBy(desc(communications.createdAt));
  const files = await attachmentsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...messageJson(r), attachments: files.get(r.id) ?? [] }));
}

/**
 * A client member's message on their client's project (fromClient, unread, naming its author)
 * with its attachments, and the team's notification queued. NotFoundError when not the client's
 * project; InvalidFieldError on `attachments` as attachFiles says (nothing is stored then).
 */
export async function sendClientMessage(
  db: Database,
  author: { id: string; name: string; clientId: string },
  projectId: string,
  input: MessageInput,
) {
  return db.write((tx) => insertClientMessage(tx, author, projectId, input, 'portal'));
}

/**
 * `sendClientMessage` in the caller's write `tx`, written `via` the portal or an email reply
 * (docs/product.md#email-replies). Throws as sendClientMessage says.
 */
export async function insertClientMessage(
  tx: SqlDb,
  author: { id: string; name: string; clientId: string },
  projectId: string,
  input: MessageInput,
  via: MessageVia,
) {
  const { clientId } = author;
  await findClientProject(tx, clientId, projectId);
  const [row] = await tx
    .insert(communications)
    .values({
      projectId,
      fromClient: true,
      authorId: author.id,
      authorName: author.name,
      subject: input.subject,
      message: input.message,
      via,
      createdAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('Insert returned no row');
  const attached = await attachFiles(tx, { projectId, communicationId: row.id, by: 'client' }, input.attachments);
  await notifyClientMessage(tx, { clientId, projectId, communicationId: row.id });
  await recordEvent(tx, { type: 'message', projectId, clientId, communicationId: row.id, fromClient: true });
  return { ...messageJson(row), attachments: attached };
}

/**
 * Marks the team's messages on the client's own project read; returns how many changed.
 * NotFoundError when not its project.
 */
export async function markTeamMessagesRead(db: Database, clientId: string, projectId: string): Promise<number> {
  return db.write(async (tx) => {
    await findClientProject(tx, clientId, projectId);
    const changed = await tx
      .update(communications)
      .set({ isRead: true, readAt: new Date() })
      .where(
        and(
          eq(communications.projectId, projectId),
          eq(communications.fromClient, false),
          eq(communications.isRead, false),
        ),
      )
      .returning({ id: communications.id });
    if (changed.length > 0) await recordEvent(tx, { type: 'message-read', projectId, clientId });
    return changed.length;
  });
}

/**
 * A reply from the team on a project (unread until the client opens the project), with the
 * client's notification queued. With
 * `inReplyTo`, that client message is marked read in the same transaction; it must be a client
 * message of the same project (InvalidFieldError on `inReplyTo`, and nothing is stored,
 * otherwise). Its `attachments` are tied as attachFiles says (InvalidFieldError, nothing stored).
 * NotFoundError when the project does not exist.
 */
export async function sendTeamReply(
  db: Database,
  actor: Actor,
  projectId: string,
  input: MessageInput & { inReplyTo?: string },
) {
  return db.write((tx) => insertTeamReply(tx, actor, projectId, input, 'portal'));
}

/**
 * `sendTeamReply` in the caller's write `tx`, written `via` the dashboard or an email reply
 * (docs/product.md#email-replies). Throws as sendTeamReply says.
 */
export async function insertTeamReply(
  tx: SqlDb,
  actor: Actor,
  projectId: string,
  input: MessageInput & { inReplyTo?: string },
  via: MessageVia,
) {
  const [project] = await tx
    .select({ title: projects.title, clientId: projects.clientId })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) throw new NotFoundError('Project');
  const now = new Date();
  const [row] = await tx
    .insert(communications)
    .values({
      projectId,
      fromClient: false,
      authorId: actor.id,
      authorName: staffName(actor),
      subject: input.subject,
      message: input.message,
      via,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('Insert returned no row');
  const attached = await attachFiles(tx, { projectId, communicationId: row.id, by: 'staff' }, input.attachments);
  await notifyTeamMessage(tx, { clientId: project.clientId, projectId, communicationId: row.id });
  if (input.inReplyTo) {
    const answered = await tx
      .update(communications)
      .set({ isRead: true, readAt: readNow(now) })
      .where(
        and(
          eq(communications.id, input.inReplyTo),
          eq(communications.projectId, projectId),
          eq(communications.fromClient, true),
        ),
      )
      .returning({ id: communications.id });
    if (answered.length === 0) {
      throw new InvalidFieldError('inReplyTo', 'The message answered is not a client message of this project');
    }
  }
  const owner = { projectId, clientId: project.clientId };
  await recordEvent(tx, { type: 'message', ...owner, communicationId: row.id, fromClient: false });
  if (input.inReplyTo) await recordEvent(tx, { type: 'message-read', ...owner });
  await recordAdminEvent(tx, actor, 'create', 'communication', row.id, `Replied on ${project.title}: ${input.subject}`);
  return { ...messageJson(row), attachments: attached };
}

/** Staff mark a message read or unread. NotFoundError when it does not exist. */
export async function setMessageRead(db: Database, actor: Actor, id: string, isRead: boolean) {
  return db.write(async (tx) => {
    const readAt = isRead ? readNow(new Date()) : null;
    const [row] = await tx.update(communications).set({ isRead, readAt }).where(eq(communications.id, id)).returning();
    if (!row) throw new NotFoundError('Message');
    const [project] = await tx
      .select({ clientId: projects.clientId })
      .from(projects)
      .where(eq(projects.id, row.projectId));
    if (project) await recordEvent(tx, { type: 'message-read', projectId: row.projectId, clientId: project.clientId });
    const summary = `Marked "${row.subject}" ${isRead ? 'read' : 'unread'}`;
    await recordAdminEvent(tx, actor, 'update', 'communication', id, summary);
    return toJson(row);
  });
}
