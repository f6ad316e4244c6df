/**
 * The dashboard's counters, computed in SQL (docs/product.md#dashboard): total clients, active
 * projects (status `in-progress`), total projects, unread messages (from the client and not
 * read), and new leads of the last 7 days (created at or after `now` minus 7 × 24 hours).
 */
import { and, count, eq, gte } from 'drizzle-orm';
import { clients, communications, contactSubmissions, projects } from '../../../db/schema/index.ts';
import type { Database } from './db.ts';

/** The window of "new leads this week", in milliseconds: 7 days. */
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The five counters, one count query each. */
export async function adminSummary(db: Database, now = new Date()) {
  const [[clientRows], [projectRows], [activeRows], [unreadRows], [leadRows]] = await Promise.all([
    db.select({ n: count() }).from(clients),
    db.select({ n: count() }).from(projects),
    db.select({ n: count() }).from(projects).where(eq(projects.status, 'in-progress')),
    db
      .select({ n: count() })
      .from(communications)
      .where(and(eq(communications.fromClient, true), eq(communications.isRead, false))),
    db
      .select({ n: count() })
      .from(contactSubmissions)
      .where(gte(contactSubmissions.createdAt, new Date(now.getTime() - WEEK_MS))),
  ]);
  return {
    totalClients: clientRows?.n ?? 0,
    activeProjects: activeRows?.n ?? 0,
    totalProjects: projectRows?.n ?? 0,
    unreadMessages: unreadRows?.n ?? 0,
    newLeadsThisWeek: leadRows?.n ?? 0,
  };
}
