/**
 * The dashboard's counters, computed in SQL (docs/product.md#dashboard): total clients (not
 * counting self-registered accounts whose email is unconfirmed), active
 * projects (status `in-progress`), total projects, unread messages (from the client and not
 * read), and new leads of the last 7 days (created at or after `now` minus 7 × 24 hours).
 */
import { and, count, eq, gte, sql } from 'drizzle-orm';
import { clients, communications, contactSubmissions, projects } from '../../../db/schema/index.ts';
import type { Database } from '../db/database.ts';

/** The window of "new leads this week", in milliseconds: 7 days. */
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The five counters, and the totals of messages and leads for the tabs; the totals of whole
 * tables come from the counts the triggers keep (migration 0007_search).
 */
export async function adminSummary(db: Database, now = new Date()) {
  const [totals, [unconfirmedRows], [activeRows], [unreadRows], [leadRows]] = await Promise.all([
    db.read.values<[string, number]>(sql`select table_name, n from row_counts`),
    db.read.select({ n: count() }).from(clients).where(eq(clients.confirmed, false)),
    db.read.select({ n: count() }).from(projects).where(eq(projects.status, 'in-progress')),
    db.read
      .select({ n: count() })
      .from(communications)
      .where(and(eq(communications.fromClient, true), eq(communications.isRead, false))),
    db.read
      .select({ n: count() })
      .from(contactSubmissions)
      .where(gte(contactSubmissions.createdAt, new Date(now.getTime() - WEEK_MS))),
  ]);
  const total = (table: string) => Number(totals.find(([name]) => name === table)?.[1] ?? 0);
  return {
    // A self-registered account counts once its email is confirmed (docs/product.md#registration).
    totalClients: total('clients') - (unconfirmedRows?.n ?? 0),
    activeProjects: activeRows?.n ?? 0,
    totalProjects: total('projects'),
    totalMessages: total('communications'),
    totalLeads: total('contact_submissions'),
    unreadMessages: unreadRows?.n ?? 0,
    newLeadsThisWeek: leadRows?.n ?? 0,
  };
}
