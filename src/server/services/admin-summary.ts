/**
 * The dashboard's counters, computed in SQL (docs/product.md#dashboard): total clients (not
 * counting self-registered accounts whose email is unconfirmed), active
 * projects (status `in-progress`), total projects, unread messages (from the client and not
 * read), and new leads of the last 7 days (created at or after `now` minus 7 × 24 hours); and the
 * tabs' totals of messages, leads and proposals (every version, drafts included).
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { clients, communications, contactSubmissions, projects, proposals } from '../../../db/schema/index.ts';
import type { Database } from '../db/database.ts';

/** The window of "new leads this week", in milliseconds: 7 days. */
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The five counters, and the totals of messages, leads and proposals for the tabs; the totals of whole
 * tables come from the counts the triggers keep (migration 0007_search). One statement: on a
 * libSQL server each one is a round trip (docs/decisions/0038-libsql-server-in-tests.md).
 */
export async function adminSummary(db: Database, now = new Date()) {
  const total = (table: string) => sql`(select n from row_counts where table_name = ${table})`;
  const [row] = await db.read.values<(number | null)[]>(sql`select
    ${total('clients')},
    ${total('projects')},
    ${total('communications')},
    ${total('contact_submissions')},
    (select count(*) from ${clients} where ${eq(clients.confirmed, false)}),
    (select count(*) from ${projects} where ${eq(projects.status, 'in-progress')}),
    (select count(*) from ${communications}
      where ${and(eq(communications.fromClient, true), eq(communications.isRead, false))}),
    (select count(*) from ${contactSubmissions}
      where ${gte(contactSubmissions.createdAt, new Date(now.getTime() - WEEK_MS))}),
    (select count(*) from ${proposals})`);
  const [clientTotal, projectTotal, messageTotal, leadTotal, unconfirmed, active, unread, newLeads, proposalTotal] = (
    row ?? []
  ).map((value) => Number(value ?? 0));
  return {
    // A self-registered account counts once its email is confirmed (docs/product.md#registration).
    totalClients: (clientTotal ?? 0) - (unconfirmed ?? 0),
    activeProjects: active ?? 0,
    totalProjects: projectTotal ?? 0,
    totalMessages: messageTotal ?? 0,
    totalLeads: leadTotal ?? 0,
    unreadMessages: unread ?? 0,
    newLeadsThisWeek: newLeads ?? 0,
    totalProposals: proposalTotal ?? 0,
  };
}
