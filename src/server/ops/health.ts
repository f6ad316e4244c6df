/** What `GET /api/health` reports about the database (docs/product.md#health). */
import { count, eq, inArray, sql } from 'drizzle-orm';
import { notificationEmails, notifications } from '../../../db/schema/index.ts';
import type { Database } from '../db/database.ts';

/** Runs a real query; resolves true when the database answers, false when it throws. */
export async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    const rows = await db.read.values<[number]>(sql`select 1`);
    return rows[0]?.[0] === 1;
  } catch {
    return false;
  }
}

/**
 * The background queue's depth: notifications waiting for their email, and emails waiting to be
 * sent or being sent (docs/product.md#notifications). Resolves `{notifications, emails}`;
 * throws when the database does not answer.
 */
export async function queueDepth(db: Database): Promise<{ notifications: number; emails: number }> {
  const [pending] = await db.read.select({ n: count() }).from(notifications).where(eq(notifications.status, 'pending'));
  const [emails] = await db.read
    .select({ n: count() })
    .from(notificationEmails)
    .where(inArray(notificationEmails.status, ['queued', 'sending']));
  return { notifications: pending?.n ?? 0, emails: emails?.n ?? 0 };
}
