/**
 * What several server processes share about live work (docs/decisions/0024-event-log-and-leases.md).
 *
 * - `events`: the durable event log. Every change a browser sees live is one row, written in the
 *   same transaction as the change (docs/product.md#live-updates). Each server process tails the
 *   table and sends new rows to its open event streams with the row's `id` as the Server-Sent
 *   Events id, so a stream that reconnects (to this process or another) resumes after the last
 *   row it saw. Rows are kept 24 hours, then pruned by the sweep.
 * - `job_leases`: one row per scheduled job (the sweep, the backups). A process runs a job only
 *   while it holds the job's lease; a lease not renewed by its expiry may be taken by another.
 *
 * Timestamps are integer milliseconds since the Unix epoch.
 */
import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { autoIncrementId, json, now, timestamp } from './columns.ts';

export const events = sqliteTable(
  'events',
  {
    /** Increases with every row (AUTOINCREMENT: an id is never used twice, even after a prune). */
    id: autoIncrementId('id'),
    /** The event's type: `message`, `message-read`, `project-updated`, `session-ended`. */
    topic: text('topic').notNull(),
    /** Who may receive it: `client:<clientId>` (that client and the staff) or `internal` (no browser). */
    audience: text('audience').notNull(),
    /** The event's fields, as JSON. */
    payload: json('payload').notNull().$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at').notNull().default(now),
  },
  (t) => [index('events_created_at_idx').on(t.createdAt)],
);

export const jobLeases = sqliteTable('job_leases', {
  /** The job: `sweep`, `backup`. */
  name: text('name').primaryKey(),
  /** The process holding the lease (a random id per process start). */
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at').notNull(),
});
