/**
 * The invoices' scheduled work (docs/product.md#invoices), each step safe to run twice:
 *
 * - `remindInvoices`: an unpaid invoice's reminders, 3 days before its due date, on it and 7 days
 *   after, each once (`invoice_reminders`), never for a paid or void invoice, never two a day to
 *   one person (`invoice_reminder_days`: a person who already had one today gets this one on a
 *   later round, worded for that day). A reminder whose day passed unsent is not sent late: the
 *   latest one due is, and the earlier ones are marked with it. No "3 days before" for an invoice
 *   issued within those 3 days: its own email just said it.
 * - `billPlans`: each plan billed by invoice issues its month's invoice on its day, then moves to
 *   the next month; a plan whose confirmed cancellation day has passed ends instead.
 */
import { and, eq, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { addMonths, format, parseISO } from 'date-fns';
import { invoiceReminders, invoices, subscriptions } from '../../../../db/schema/index.ts';
import { formatCents } from '../../../shared/proposals.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { signersOf } from '../proposals/recipients.ts';
import { renderInvoiceReminder } from '../email/templates/invoices.tsx';
import { formatDay, todayIn } from '../proposals/validity.ts';
import { balanceOf } from './invoice-json.ts';
import { linesAndTotals, recordInvoiceUpdated } from './invoice-rows.ts';
import { dayPlus, invoicePath, issueInTx, type IssueEnv } from './issuing.ts';
import { STRIPE_ACTOR } from './plan-clients.ts';
import { forgetReminderDays, queueBillingEmails } from './recipients.ts';

const KINDS = ['before', 'due', 'after'] as const;
type ReminderKind = (typeof KINDS)[number];

/** The reminder due on `today` for an invoice due on `dueDate` issued on `issuedOn`, or null. */
export function reminderDue(dueDate: string, issuedOn: string, today: string): ReminderKind | null {
  if (today >= dayPlus(dueDate, 7)) return 'after';
  if (today >= dueDate) return 'due';
  const before = dayPlus(dueDate, -3);
  return today >= before && issuedOn < before ? 'before' : null;
}

/** The scheduler's actor. */
const SCHEDULE = { ...STRIPE_ACTOR, id: 'schedule', username: 'Scheduled billing', displayName: 'Scheduled billing' };

/** Sends the reminders due at `now` (see the module comment); resolves how many invoices had one. */
export async function remindInvoices(db: Database, env: IssueEnv, now = new Date()): Promise<number> {
  const today = todayIn(env.SITE_TIME_ZONE, now);
  const candidates = await db.read
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.kind, 'invoice'),
        inArray(invoices.status, ['open', 'partially_paid']),
        isNotNull(invoices.dueDate),
        lte(invoices.dueDate, dayPlus(today, 3)),
        // Nothing left to send once the last reminder went.
        sql`not exists (select 1 from ${invoiceReminders} r where r.invoice_id = ${invoices.id} and r.kind = 'after')`,
      ),
    )
    .limit(200);
  let reminded = 0;
  for (const candidate of candidates) {
    const kind = reminderDue(candidate.dueDate!, candidate.issuedOn!, today);
    if (!kind) continue;
    const sent = await db.write(async (tx) => {
      const [row] = await tx.select().from(invoices).where(eq(invoices.id, candidate.id));
      if (!row || (row.status !== 'open' && row.status !== 'partially_paid')) return false;
      const [done] = await tx
        .select()
        .from(invoiceReminders)
        .where(and(eq(invoiceReminders.invoiceId, row.id), eq(invoiceReminders.kind, kind)));
      if (done) return false;
      const when = today < row.dueDate! ? 'before' : today === row.dueDate ? 'due' : 'after';
      const queued = await queueBillingEmails(
        tx,
        row.clientId,
        invoicePath(row.id),
        (to) =>
          renderInvoiceReminder({
            name: to.name,
            number: row.number!,
            total: formatCents(row.totalCents),
            balance: formatCents(balanceOf(row)),
            dueDate: formatDay(row.dueDate!),
            howToPay: env.PAYMENT_INSTRUCTIONS,
            link: to.link,
            hours: env.MAGIC_LINK_HOURS,
            invitation: to.invitation,
            when,
          }),
        env,
        now,
        today,
      );
      // Everyone already had one today: this one waits for a later round.
      if (queued === 0 && (await hasPayers(tx, row.clientId))) return false;
      const upTo = KINDS.slice(0, KINDS.indexOf(kind) + 1);
      await tx
        .insert(invoiceReminders)
        .values(upTo.map((k) => ({ invoiceId: row.id, kind: k, sentAt: now })))
        .onConflictDoNothing();
      return queued > 0;
    });
    if (sent) reminded++;
  }
  await db.write((tx) => forgetReminderDays(tx, dayPlus(today, -2)));
  return reminded;
}

/** Whether client `clientId` has anyone to email about invoices (read in `tx`). */
async function hasPayers(tx: SqlDb, clientId: string) {
  return (await signersOf(tx, clientId)).length > 0;
}

/** Issues the plans' monthly invoices due at `now` (see the module comment); resolves how many. */
export async function billPlans(db: Database, env: IssueEnv, now = new Date()): Promise<number> {
  const today = todayIn(env.SITE_TIME_ZONE, now);
  const due = await db.read
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, 'invoice'),
        ne(subscriptions.status, 'canceled'),
        lte(subscriptions.nextInvoiceOn, today),
      ),
    )
    .limit(100);
  let issued = 0;
  for (const { id } of due) {
    const made = await db.write(async (tx) => {
      const [plan] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id));
      if (!plan?.nextInvoiceOn || plan.status === 'canceled' || plan.nextInvoiceOn > today) return false;
      if (plan.cancelConfirmedAt && plan.cancelEffectiveOn && plan.nextInvoiceOn > plan.cancelEffectiveOn) {
        await tx
          .update(subscriptions)
          .set({ status: 'canceled', canceledAt: now, updatedAt: now })
          .where(eq(subscriptions.id, id));
        await recordInvoiceUpdated(tx, { id: null, status: 'open', clientId: plan.clientId });
        return false;
      }
      const next = format(addMonths(parseISO(plan.nextInvoiceOn), 1), 'yyyy-MM-dd');
      const [moved] = await tx
        .update(subscriptions)
        .set({ nextInvoiceOn: next, updatedAt: now })
        .where(and(eq(subscriptions.id, id), eq(subscriptions.nextInvoiceOn, plan.nextInvoiceOn)))
        .returning();
      if (!moved) return false;
      const [draft] = await tx
        .insert(invoices)
        .values({
          clientId: plan.clientId,
          projectId: plan.projectId,
          proposalId: plan.proposalId,
          subscriptionId: plan.id,
          source: 'recurring',
          ...linesAndTotals(plan.items, env.TAX_RATE_BASIS_POINTS),
          notes: `Monthly billing for ${formatDay(plan.nextInvoiceOn)} to ${formatDay(dayPlus(next, -1))}.`,
          createdByName: 'Scheduled billing',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await issueInTx(tx, SCHEDULE, draft!, env, now);
      return true;
    });
    if (made) issued++;
  }
  return issued;
}
