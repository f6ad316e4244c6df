/**
 * The finance summary of the dashboard and a client's balance (docs/product.md#invoices), counted
 * by the server in integer cents with one statement each:
 *
 * - outstanding: what issued invoices still owe; overdue: the part past its due date;
 * - paid this month: payments received this calendar month (agency's zone) less refunds;
 * - monthly recurring revenue: the monthly amount of every plan not canceled;
 * - by month, for the last 12 months: what was paid (by the day received) and what is still owed
 *   of the invoices issued that month;
 * - the plans whose last payment failed, and the cancellation requests waiting for staff.
 *
 * An unpaid invoice's balance is `total - paid`: a payment never takes `paid` past the total (the
 * rest is credit) and a refund never below 0 (services/invoices/payments.ts, refunds.ts).
 */
import { and, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { format, parseISO, subMonths } from 'date-fns';
import { clients, invoices, payments, subscriptions } from '../../../../db/schema/index.ts';
import { businessName } from '../../../shared/team.ts';
import type { Database } from '../../db/database.ts';
import { todayIn } from '../proposals/validity.ts';

const owed = sql<number>`coalesce(sum((${invoices.totalCents} - ${invoices.paidCents})), 0)`;
const unpaid = and(eq(invoices.kind, 'invoice'), inArray(invoices.status, ['open', 'partially_paid']));
const net = sql<number>`coalesce(sum(case when ${payments.kind} = 'refund' then -${payments.amountCents} else ${payments.amountCents} - ${payments.creditCents} end), 0)`;

/** The last 12 months up to `today`'s, oldest first: 'YYYY-MM'. */
function lastMonths(today: string): string[] {
  const base = parseISO(`${today.slice(0, 7)}-01`);
  return Array.from({ length: 12 }, (_, index) => format(subMonths(base, 11 - index), 'yyyy-MM'));
}

/** The dashboard's finance summary as of now in `timeZone` (see the module comment). */
export async function financeSummary(db: Database, timeZone: string) {
  const today = todayIn(timeZone);
  const months = lastMonths(today);
  const since = `${months[0]}-01`;
  const [totals] = await db.read
    .select({
      outstanding: owed,
      overdue: sql<number>`coalesce(sum(case when ${invoices.dueDate} < ${today} then (${invoices.totalCents} - ${invoices.paidCents}) else 0 end), 0)`,
    })
    .from(invoices)
    .where(unpaid);
  const paidByMonth = await db.read
    .select({ month: sql<string>`substr(${payments.receivedOn}, 1, 7)`, cents: net })
    .from(payments)
    .where(sql`${payments.receivedOn} >= ${since}`)
    .groupBy(sql`substr(${payments.receivedOn}, 1, 7)`);
  const owedByMonth = await db.read
    .select({ month: sql<string>`substr(${invoices.issuedOn}, 1, 7)`, cents: owed })
    .from(invoices)
    .where(and(unpaid, sql`${invoices.issuedOn} >= ${since}`))
    .groupBy(sql`substr(${invoices.issuedOn}, 1, 7)`);
  const [mrr] = await db.read
    .select({ cents: sql<number>`coalesce(sum(${subscriptions.monthlyCents}), 0)` })
    .from(subscriptions)
    .where(ne(subscriptions.status, 'canceled'));
  const plans = await db.read
    .select({ plan: subscriptions, client: clients })
    .from(subscriptions)
    .innerJoin(clients, eq(clients.id, subscriptions.clientId))
    .where(
      and(
        ne(subscriptions.status, 'canceled'),
        sql`(${subscriptions.paymentFailedAt} is not null or ${subscriptions.status} = 'cancel_requested')`,
      ),
    )
    .orderBy(desc(subscriptions.updatedAt));
  const paid = new Map(paidByMonth.map((row) => [row.month, Number(row.cents)]));
  const outstanding = new Map(owedByMonth.map((row) => [row.month, Number(row.cents)]));
  return {
    outstandingCents: Number(totals?.outstanding ?? 0),
    overdueCents: Number(totals?.overdue ?? 0),
    paidThisMonthCents: paid.get(today.slice(0, 7)) ?? 0,
    monthlyRecurringCents: Number(mrr?.cents ?? 0),
    months: months.map((month) => ({
      month,
      paidCents: paid.get(month) ?? 0,
      outstandingCents: outstanding.get(month) ?? 0,
    })),
    failedPayments: plans
      .filter(({ plan }) => plan.paymentFailedAt)
      .map(({ plan, client }) => ({
        subscriptionId: plan.id,
        clientId: client.id,
        business: businessName(client),
        failedAt: plan.paymentFailedAt!.toISOString(),
      })),
    cancelRequests: plans
      .filter(({ plan }) => plan.status === 'cancel_requested')
      .map(({ plan, client }) => ({
        subscriptionId: plan.id,
        clientId: client.id,
        business: businessName(client),
        requestedAt: plan.cancelRequestedAt?.toISOString() ?? null,
        requestedByName: plan.cancelRequestedByName,
        effectiveOn: plan.cancelEffectiveOn,
        confirmed: plan.cancelConfirmedAt !== null,
      })),
  };
}

/** Client `clientId`'s balance: `{balanceCents, overdueCents, creditCents}` as of now in `timeZone`. */
export async function clientBalance(db: Database, clientId: string, timeZone: string) {
  const today = todayIn(timeZone);
  const [row] = await db.read
    .select({
      balance: sql<number>`coalesce(sum(case when ${unpaid} then (${invoices.totalCents} - ${invoices.paidCents}) else 0 end), 0)`,
      overdue: sql<number>`coalesce(sum(case when ${unpaid} and ${invoices.dueDate} < ${today} then (${invoices.totalCents} - ${invoices.paidCents}) else 0 end), 0)`,
      voidPaid: sql<number>`coalesce(sum(case when ${invoices.status} = 'void' then ${invoices.paidCents} else 0 end), 0)`,
    })
    .from(invoices)
    .where(eq(invoices.clientId, clientId));
  const [credit] = await db.read
    .select({ cents: sql<number>`coalesce(sum(${payments.creditCents}), 0)` })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(and(eq(invoices.clientId, clientId), isNotNull(payments.creditCents)));
  return {
    balanceCents: Number(row?.balance ?? 0),
    overdueCents: Number(row?.overdue ?? 0),
    creditCents: Number(row?.voidPaid ?? 0) + Number(credit?.cents ?? 0),
  };
}
