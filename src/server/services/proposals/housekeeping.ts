/**
 * A proposal's time (docs/product.md#proposals): once its valid-until day has ended in the
 * agency's time zone it is recorded `expired` (it could not be accepted from that moment anyway);
 * 3 days before that day, whoever may sign gets one reminder through the email queue, never two:
 * the reminder's mark and its emails are one write, by a conditional update.
 */
import { and, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { proposals } from '../../../../db/schema/index.ts';
import { OPEN_PROPOSAL_STATUSES } from '../../../shared/proposals.ts';
import type { Database } from '../../db/database.ts';
import { ConflictError } from '../../errors.ts';
import { recordProposalUpdated } from './proposal-rows.ts';
import { queueProposalEmails, type ProposalEmailEnv } from './recipients.ts';
import { daysFromToday, todayIn } from './validity.ts';

/** Days before the valid-until day on which the reminder goes. */
const REMINDER_DAYS_BEFORE = 3;

/** A reminder waits until the proposal has been out a day, so one sent close to its end gets none at once. */
const REMINDER_NOT_BEFORE_MS = 24 * 60 * 60 * 1000;

/** Records `expired` on every open proposal whose day ended before `now`; returns how many. */
export async function expireProposals(db: Database, timeZone: string, now = new Date()): Promise<number> {
  const today = todayIn(timeZone, now);
  return db.write(async (tx) => {
    const expired = await tx
      .update(proposals)
      .set({ status: 'expired', updatedAt: now })
      .where(and(inArray(proposals.status, [...OPEN_PROPOSAL_STATUSES]), lt(proposals.validUntil, today)))
      .returning();
    for (const row of expired) await recordProposalUpdated(tx, row);
    return expired.length;
  });
}

/**
 * Queues the reminder of every open proposal whose valid-until day is at most REMINDER_DAYS_BEFORE
 * days away (and not past), sent a day ago or more, and not reminded yet; returns how many
 * proposals were reminded. A proposal whose team has nobody left to sign is marked and skipped.
 */
export async function remindProposals(db: Database, env: ProposalEmailEnv, now = new Date()): Promise<number> {
  const today = todayIn(env.SITE_TIME_ZONE, now);
  const horizon = daysFromToday(env.SITE_TIME_ZONE, REMINDER_DAYS_BEFORE, now);
  const due = await db.read
    .select({ id: proposals.id })
    .from(proposals)
    .where(
      and(
        inArray(proposals.status, [...OPEN_PROPOSAL_STATUSES]),
        isNull(proposals.reminderSentAt),
        sql`${proposals.validUntil} >= ${today}`,
        lte(proposals.validUntil, horizon),
        lte(proposals.sentAt, new Date(now.getTime() - REMINDER_NOT_BEFORE_MS)),
      ),
    )
    .limit(100);
  let reminded = 0;
  for (const { id } of due) {
    const sent = await db.write(async (tx) => {
      const [row] = await tx
        .update(proposals)
        .set({ reminderSentAt: now })
        .where(
          and(
            eq(proposals.id, id),
            isNull(proposals.reminderSentAt),
            inArray(proposals.status, [...OPEN_PROPOSAL_STATUSES]),
          ),
        )
        .returning();
      if (!row?.clientId) return false;
      const mail = {
        id: row.id,
        clientId: row.clientId,
        title: row.title,
        validUntil: row.validUntil,
        totals: { oneOffCents: row.oneOffCents, monthlyCents: row.monthlyCents, depositCents: row.depositCents },
        sentBy: row.createdByName,
      };
      const queued = await queueProposalEmails(tx, mail, 'reminder', env, now).catch((error: unknown) => {
        // Nobody left to sign: the mark stays, so it is not tried every round.
        if (error instanceof ConflictError) return 0;
        throw error;
      });
      return queued > 0;
    });
    if (sent) reminded++;
  }
  return reminded;
}
