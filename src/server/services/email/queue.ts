/**
 * The queue of emails to send (`notification_emails`, docs/product.md#notifications,
 * docs/decisions/0008-notification-queue.md): `queueEmail` in the write that caused it, then
 * `claimEmail` → send → `markEmailSent` /
 * `markEmailFailed`. A claim holds a lease, so an email whose worker died is claimed again once the
 * lease runs out; the email's id is its idempotency key (its Message-ID). Staff see and retry the
 * failed ones (`listFailedEmails`, `retryFailedEmail`); `queueCounts` is what health reports.
 */
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import {
  notificationEmails,
  notifications,
  users,
  type EmailAttachment,
  type EmailCalendarEvent,
} from '../../../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import type { RenderedEmail } from './templates/types.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { toJson } from '../../db/json.ts';

/** Tries before an email is marked failed (docs/product.md#notifications). */
export const MAX_SEND_ATTEMPTS = 8;

export type EmailRow = typeof notificationEmails.$inferSelect;

/**
 * Queues rendered `email` to `to` for `audience` ('client' or 'team', which the health counts and
 * the undelivered list show), with extra `headers` (e.g. Reply-To) and `attachments` (files of the
 * storage, read when it is sent) and a `calendar` invitation, not before `sendAt` (a reminder) if given, in the caller's write `tx`, so it goes out only if that write
 * commits. Returns the email's id (its Message-ID).
 */
export async function queueEmail(
  tx: SqlDb,
  audience: 'client' | 'team',
  to: string[],
  email: RenderedEmail,
  headers: Record<string, string> = {},
  attachments: EmailAttachment[] | null = null,
  calendar: EmailCalendarEvent | null = null,
  sendAt: Date | null = null,
): Promise<string> {
  const [row] = await tx
    .insert(notificationEmails)
    .values({
      audience,
      to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      headers,
      attachments,
      calendar,
      ...(sendAt ? { nextAttemptAt: sendAt } : {}),
    })
    .returning({ id: notificationEmails.id });
  if (!row) throw new Error('Insert returned no row');
  return row.id;
}

/**
 * Claims the next email that is due (queued and due, or sending with an expired lease): it
 * becomes `sending` with a lease until `now + leaseMs` and one more attempt counted. Returns the
 * claimed row, or null when nothing is due. Two workers never claim the same row at once.
 */
export async function claimEmail(db: Database, now: Date, leaseMs: number): Promise<EmailRow | null> {
  const due = or(
    and(eq(notificationEmails.status, 'queued'), lte(notificationEmails.nextAttemptAt, now)),
    and(eq(notificationEmails.status, 'sending'), lte(notificationEmails.leaseExpiresAt, now)),
  );
  const next = db.read
    .select({ id: notificationEmails.id })
    .from(notificationEmails)
    .where(due)
    .orderBy(asc(notificationEmails.nextAttemptAt))
    .limit(1);
  const [row] = await db.write((tx) =>
    tx
      .update(notificationEmails)
      .set({
        status: 'sending',
        leaseExpiresAt: new Date(now.getTime() + leaseMs),
        attempts: sql`${notificationEmails.attempts} + 1`,
      })
      .where(and(inArray(notificationEmails.id, next), due))
      .returning(),
  );
  return row ?? null;
}

/** Marks a claimed email sent (only while its claim is current: `attempts` unchanged). */
export async function markEmailSent(db: Database, email: EmailRow, now: Date): Promise<void> {
  await db.write((tx) =>
    tx
      .update(notificationEmails)
      .set({ status: 'sent', sentAt: now, leaseExpiresAt: null, lastError: null })
      .where(and(eq(notificationEmails.id, email.id), eq(notificationEmails.attempts, email.attempts))),
  );
}

/**
 * Records a failed try: queued again after `retryBaseMs · 2^(attempts−1)` (exponential backoff),
 * or `failed` for good after MAX_SEND_ATTEMPTS tries.
 */
export async function markEmailFailed(
  db: Database,
  email: EmailRow,
  error: string,
  now: Date,
  retryBaseMs: number,
): Promise<void> {
  const failed = email.attempts >= MAX_SEND_ATTEMPTS;
  const delay = retryBaseMs * 2 ** (email.attempts - 1);
  await db.write((tx) =>
    tx
      .update(notificationEmails)
      .set({
        status: failed ? 'failed' : 'queued',
        nextAttemptAt: new Date(now.getTime() + delay),
        leaseExpiresAt: null,
        lastError: error.slice(0, 500),
      })
      .where(and(eq(notificationEmails.id, email.id), eq(notificationEmails.attempts, email.attempts))),
  );
}

/** Staff addresses among `emails` who turned their notification emails off (lower-cased). */
export async function staffWithEmailsOff(db: Database, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db.read
    .select({ username: users.username })
    .from(users)
    .where(
      and(
        inArray(
          users.username,
          emails.map((e) => e.toLowerCase()),
        ),
        eq(users.emailNotifications, false),
      ),
    );
  return new Set(rows.map((r) => r.username));
}

/** Emails that failed for good, newest first, for the dashboard (no bodies). */
export async function listFailedEmails(db: Database) {
  const rows = await db.read
    .select({
      id: notificationEmails.id,
      audience: notificationEmails.audience,
      to: notificationEmails.to,
      subject: notificationEmails.subject,
      attempts: notificationEmails.attempts,
      lastError: notificationEmails.lastError,
      createdAt: notificationEmails.createdAt,
    })
    .from(notificationEmails)
    .where(eq(notificationEmails.status, 'failed'))
    .orderBy(sql`${notificationEmails.createdAt} desc`)
    .limit(100);
  return rows.map(toJson);
}

/** Queues a failed email again with a fresh set of tries. NotFoundError unless it is failed. */
export async function retryFailedEmail(db: Database, id: string, now = new Date()): Promise<void> {
  const changed = await db.write((tx) =>
    tx
      .update(notificationEmails)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: now, leaseExpiresAt: null })
      .where(and(eq(notificationEmails.id, id), eq(notificationEmails.status, 'failed')))
      .returning({ id: notificationEmails.id }),
  );
  if (changed.length === 0) throw new NotFoundError('Failed email');
}

/** How many notification rows and emails are in each state (tests and the benchmark). */
export async function queueCounts(db: Database) {
  const pending = await db.read
    .select({ n: sql<number>`count(*)` })
    .from(notifications)
    .where(eq(notifications.status, 'pending'));
  const open = await db.read
    .select({ n: sql<number>`count(*)` })
    .from(notificationEmails)
    .where(or(eq(notificationEmails.status, 'queued'), eq(notificationEmails.status, 'sending')));
  const sent = await db.read
    .select({ n: sql<number>`count(*)` })
    .from(notificationEmails)
    .where(eq(notificationEmails.status, 'sent'));
  return { pending: pending[0]?.n ?? 0, open: open[0]?.n ?? 0, sent: sent[0]?.n ?? 0 };
}
