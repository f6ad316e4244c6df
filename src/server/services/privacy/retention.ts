/**
 * Retention (docs/retention.md; docs/product.md#privacy): what is due for deletion or
 * anonymisation at `now`, and doing it. Counts only are reported and logged, never names.
 *
 * - Leads never converted, RETENTION_LEAD_MONTHS after their last activity (the lead or its
 *   newest note): anonymised as an erasure does (erasure.ts).
 * - Visitors' chats (no client), closed, RETENTION_CHAT_MONTHS after their last message: deleted
 *   with their messages. A chat still waiting or open is kept, in the staff's Chats tab, until
 *   staff close it (closing one whose visitor cannot be reached asks first): retention never
 *   drops a visitor's unanswered message unseen (docs/product.md#live-chat).
 * - Projects of a client no longer active (deactivated or erased), RETENTION_YEARS_PROJECTS after
 *   the client's last change: deleted with their milestones, messages and files (the bytes after
 *   the commit), and the client erased.
 * Backups older than RETENTION_BACKUP_DAYS are pruned by jobs/retention.ts; request logs are not
 * kept by the application (its output goes to the host's log, whose retention docs/retention.md
 * sets).
 */
import { eraseReplyTokens } from '../inbound/reply-tokens.ts';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { chatConversations, clients, contactSubmissions, projects, proposals } from '../../../../db/schema/index.ts';
import type { Env } from '../../env/index.ts';
import type { Database } from '../../db/database.ts';
import { anonymiseLeads, eraseClient } from './erasure.ts';
import { storageKeysOf } from '../files/files.ts';
import { deleteTokensOf } from '../single-use-token-subjects.ts';

type RetentionEnv = Pick<Env, 'RETENTION_LEAD_MONTHS' | 'RETENTION_CHAT_MONTHS' | 'RETENTION_YEARS_PROJECTS'>;

/** `now` less `months` calendar months. */
function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now.getTime());
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

/** The ids due at `now`: leads to anonymise, chats to delete, clients whose projects go. */
async function dueAt(db: Database, env: RetentionEnv, now: Date) {
  const leadCutoff = monthsBefore(now, env.RETENTION_LEAD_MONTHS).getTime();
  const chatCutoff = monthsBefore(now, env.RETENTION_CHAT_MONTHS).getTime();
  const projectCutoff = monthsBefore(now, env.RETENTION_YEARS_PROJECTS * 12);
  const leads = await db.read
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(
      and(
        isNull(contactSubmissions.clientId),
        isNull(contactSubmissions.erasedAt),
        sql`max(${contactSubmissions.createdAt}, coalesce((select max(n.created_at) from lead_notes n where n.lead_id = ${contactSubmissions.id}), 0)) < ${leadCutoff}`,
      ),
    );
  const chats = await db.read
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(
      and(
        isNull(chatConversations.clientId),
        eq(chatConversations.status, 'closed'),
        sql`coalesce((select max(m.created_at) from chat_messages m where m.conversation_id = ${chatConversations.id}), ${chatConversations.createdAt}) < ${chatCutoff}`,
      ),
    );
  const gone = await db.read
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(or(eq(clients.isActive, false), sql`${clients.erasedAt} is not null`), lt(clients.updatedAt, projectCutoff)),
    );
  const withProjects = gone.length
    ? await db.read
        .selectDistinct({ clientId: projects.clientId })
        .from(projects)
        .where(
          inArray(
            projects.clientId,
            gone.map((c) => c.id),
          ),
        )
    : [];
  return {
    leads: leads.map((l) => l.id),
    chats: chats.map((c) => c.id),
    clients: withProjects.map((p) => p.clientId),
  };
}

/** What a run did (or, dry, would do): how many of each. */
export interface RetentionCounts {
  leadsAnonymised: number;
  chatsDeleted: number;
  clientsWithProjectsDeleted: number;
}

/** The actor named in the admin events of what retention does. */
const RETENTION: { id: string; username: string } = { id: 'retention', username: 'Retention schedule' };

/**
 * Applies retention at `now` (or, with `dryRun`, only counts). Returns the counts and the storage
 * keys of deleted files (the caller deletes their bytes after the commit).
 */
export async function applyRetention(
  db: Database,
  env: RetentionEnv,
  now: Date,
  { dryRun = false } = {},
): Promise<{ counts: RetentionCounts; storageKeys: string[] }> {
  const due = await dueAt(db, env, now);
  const counts = {
    leadsAnonymised: due.leads.length,
    chatsDeleted: due.chats.length,
    clientsWithProjectsDeleted: due.clients.length,
  };
  const nothingDue = due.leads.length + due.chats.length + due.clients.length === 0;
  // A run with nothing due writes nothing (it runs at every start, beside other processes' writes).
  if (dryRun || nothingDue) return { counts, storageKeys: [] };
  const storageKeys: string[] = [];
  await db.write(async (tx) => {
    await anonymiseLeads(tx, due.leads, now);
    if (due.leads.length > 0) await eraseReplyTokens(tx, { threadKind: 'lead', threadIds: due.leads });
    if (due.chats.length > 0) {
      await eraseReplyTokens(tx, { threadKind: 'chat', threadIds: due.chats });
      await tx.delete(chatConversations).where(inArray(chatConversations.id, due.chats));
      await deleteTokensOf(tx, ['chat-email'], due.chats);
    }
    for (const clientId of due.clients) {
      storageKeys.push(...(await storageKeysOf(tx, { clientId })));
      await tx.delete(projects).where(eq(projects.clientId, clientId));
      // Its proposals and signed agreements go with the business records they started (their
      // PDFs' bytes, no longer named by any row, are deleted by the hourly sweep).
      await tx.delete(proposals).where(eq(proposals.clientId, clientId));
    }
  });
  for (const clientId of due.clients) {
    const erased = await eraseClient(db, RETENTION, clientId, 'Retention period ended: projects deleted.');
    storageKeys.push(...erased.storageKeys);
  }
  return { counts, storageKeys };
}
