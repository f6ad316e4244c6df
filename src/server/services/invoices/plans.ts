/**
 * Monthly plans (docs/product.md#payments): the $99 plan bought online through Stripe, and the
 * monthly lines of a signed proposal billed by invoice.
 *
 * - `clientPlan`: what the portal shows of a client's plan.
 * - `requestCancellation`: a member asks to cancel; it takes effect on the later of the
 *   commitment's last day and 30 days' notice (the Terms of Service), once staff confirm it
 *   (`confirmCancellation`, which for Stripe sets the subscription's `cancel_at` to that day).
 * - `startProposalPlan`: a signed proposal's monthly lines, billed from the project's start day.
 */
import { and, desc, eq, isNotNull, ne } from 'drizzle-orm';
import { addDays, addMonths, format, parseISO, subDays } from 'date-fns';
import { subscriptions } from '../../../../db/schema/index.ts';
import { PLAN_BILLING, type InvoiceItem } from '../../../shared/invoices.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import type { Env } from '../../env/index.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import type { ClientMemberRecord } from '../clients/members.ts';
import { queueEmail } from '../email/queue.ts';
import { renderBillingTeamNote } from '../email/templates/invoices.tsx';
import { formatDay, todayIn } from '../proposals/validity.ts';
import { memberLabel } from '../../../shared/team.ts';
import { recordInvoiceUpdated } from './invoice-rows.ts';
import { stripeFailure, stripeOf, stripeOff, type StripeEnv } from './stripe.ts';

type SubscriptionRow = typeof subscriptions.$inferSelect;

const day = (date: Date) => format(date, 'yyyy-MM-dd');

/** The last day of a commitment of `months` that starts on `startedOn`. */
export function commitmentEnd(startedOn: string, months: number = PLAN_BILLING.commitmentMonths): string {
  return day(subDays(addMonths(parseISO(startedOn), months), 1));
}

/** The day a cancellation asked on `today` takes effect: the later of the commitment's end and `today` + 30 days. */
export function cancellationDay(today: string, commitmentEndsOn: string | null): string {
  const notice = day(addDays(parseISO(today), PLAN_BILLING.noticeDays));
  return commitmentEndsOn && commitmentEndsOn > notice ? commitmentEndsOn : notice;
}

/** A plan as the portal and the dashboard show it. */
function planJson(row: SubscriptionRow) {
  return {
    id: row.id,
    provider: row.provider,
    status: row.status,
    monthlyCents: row.monthlyCents,
    startedOn: row.startedOn,
    commitmentEndsOn: row.commitmentEndsOn,
    cancelEffectiveOn: row.cancelEffectiveOn,
    cancelRequestedByName: row.cancelRequestedByName,
    cancelConfirmed: row.cancelConfirmedAt !== null,
    paymentFailed: row.paymentFailedAt !== null,
    projectId: row.projectId,
  };
}

/** The current plan of client `clientId` (the newest not canceled, else the newest), or null. */
export async function clientPlan(db: SqlDb, clientId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.clientId, clientId))
    .orderBy(desc(ne(subscriptions.status, 'canceled')), desc(subscriptions.createdAt))
    .limit(1);
  return row ? planJson(row) : null;
}

/**
 * `member` asks to cancel their client's plan (see the module comment); the team is emailed at
 * `teamTo`. Returns `{plan}`. NotFoundError when there is none; AppError 409 `already_requested`
 * or `plan_canceled`.
 */
export async function requestCancellation(
  db: Database,
  member: ClientMemberRecord,
  reason: string | null,
  teamTo: string[],
  env: Pick<Env, 'SITE_URL' | 'SITE_TIME_ZONE'>,
) {
  return db.write(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.clientId, member.clientId), ne(subscriptions.status, 'canceled')))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1);
    if (!row) throw new NotFoundError('Plan');
    if (row.status === 'cancel_requested') {
      throw new AppError(
        409,
        'already_requested',
        `Cancellation was already requested; it takes effect on ${formatDay(row.cancelEffectiveOn!)}.`,
      );
    }
    const effective = cancellationDay(todayIn(env.SITE_TIME_ZONE, now), row.commitmentEndsOn);
    const [updated] = await tx
      .update(subscriptions)
      .set({
        status: 'cancel_requested',
        cancelRequestedAt: now,
        cancelRequestedByName: member.name,
        cancelEffectiveOn: effective,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, row.id))
      .returning();
    const label = memberLabel(member.name, member.client);
    await recordAdminEvent(
      tx,
      { id: member.id, username: label, displayName: label },
      'update',
      'subscription',
      row.id,
      `${label} asked to cancel the monthly plan (effective ${formatDay(effective)})${reason ? `: ${reason}` : ''}`,
    );
    if (teamTo.length > 0) {
      const rendered = await renderBillingTeamNote({
        subject: `${label} asked to cancel their plan`,
        lines: [
          `${label} asked to cancel the monthly plan. With the commitment and 30 days' notice, it ends on ${formatDay(effective)}.`,
          reason ? `Their reason: ${reason}` : 'They gave no reason.',
          'Confirm the cancellation in the dashboard.',
        ],
        link: new URL('/admin#invoices', env.SITE_URL).href,
      });
      await queueEmail(tx, 'team', teamTo, rendered);
    }
    await recordInvoiceUpdated(tx, { id: null, status: 'open', clientId: member.clientId });
    return { plan: planJson(updated!) };
  });
}

/**
 * Staff confirm the cancellation request of plan `id`: a Stripe plan's subscription is set to
 * cancel at the end of its effective day (the `customer.subscription.deleted` event then ends it);
 * a plan billed by invoice stops issuing after that day (the invoices job ends it then). Returns the plan. NotFoundError; AppError
 * 409 `not_requested`; 503 / 502 when Stripe cannot be reached (nothing changes).
 */
export async function confirmCancellation(
  db: Database,
  actor: Actor,
  id: string,
  env: StripeEnv & Pick<Env, 'SITE_TIME_ZONE'>,
) {
  const [row] = await db.read.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw new NotFoundError('Plan');
  if (row.status !== 'cancel_requested' || !row.cancelEffectiveOn || row.cancelConfirmedAt) {
    throw new AppError(409, 'not_requested', 'Nobody asked to cancel this plan.');
  }
  const stripe = stripeOf(env);
  if (row.provider === 'stripe' && row.stripeSubscriptionId && stripe) {
    const endOfDay = addDays(parseISO(row.cancelEffectiveOn), 1).getTime() / 1000;
    try {
      await stripe.subscriptions.update(row.stripeSubscriptionId, { cancel_at: Math.floor(endOfDay) });
    } catch (error) {
      throw stripeFailure(error, 'confirm cancellation');
    }
  }
  return db.write(async (tx) => {
    const now = new Date();
    const [updated] = await tx
      .update(subscriptions)
      .set({ cancelConfirmedAt: now, updatedAt: now })
      .where(eq(subscriptions.id, id))
      .returning();
    await recordAdminEvent(
      tx,
      actor,
      'update',
      'subscription',
      id,
      `Confirmed the plan's cancellation on ${formatDay(row.cancelEffectiveOn!)}`,
    );
    await recordInvoiceUpdated(tx, { id: null, status: 'open', clientId: row.clientId });
    return planJson(updated!);
  });
}

/**
 * Starts, in `tx`, the monthly billing of a signed proposal's monthly `items` for client
 * `clientId` and project `projectId` from `startOn` ('YYYY-MM-DD'): the invoices job issues the
 * first invoice that day and one every month after. Nothing when there is no monthly line.
 */
export async function startProposalPlan(
  tx: SqlDb,
  input: { clientId: string; projectId: string; proposalId: string; items: InvoiceItem[]; startOn: string },
  now: Date,
): Promise<void> {
  if (input.items.length === 0) return;
  const monthlyCents = input.items.reduce((sum, item) => sum + item.quantity * item.unitPriceCents, 0);
  await tx.insert(subscriptions).values({
    clientId: input.clientId,
    projectId: input.projectId,
    proposalId: input.proposalId,
    provider: 'invoice',
    monthlyCents,
    items: input.items,
    startedOn: input.startOn,
    nextInvoiceOn: input.startOn,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * A Stripe billing portal session for client `clientId`'s plan, where its payers update the card:
 * `{url}`. AppError 404 `stripe_not_configured`; NotFoundError without a Stripe plan; 503 / 502
 * when Stripe cannot be reached.
 */
export async function updateCardSession(db: Database, clientId: string, env: StripeEnv & Pick<Env, 'SITE_URL'>) {
  const stripe = stripeOf(env);
  if (!stripe) throw stripeOff();
  const [plan] = await db.read
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.clientId, clientId), isNotNull(subscriptions.stripeCustomerId)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  if (!plan?.stripeCustomerId) throw new NotFoundError('Plan');
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer: plan.stripeCustomerId,
      return_url: new URL('/portal/invoices', env.SITE_URL).href,
    });
    return { url: session.url };
  } catch (error) {
    throw stripeFailure(error, 'billing portal');
  }
}
