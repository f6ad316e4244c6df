/**
 * What Stripe's signed events record (docs/product.md#payments; docs/decisions/0043-invoices-and-payments.md).
 *
 * Each event is handled in one write that first inserts its id into `stripe_events`: a second
 * delivery of the same event finds it there and changes nothing; a process killed before the
 * commit recorded neither the event nor its effect, and Stripe delivers it again. Payments are
 * recorded once per payment intent as well (payments.ts), so `checkout.session.completed` and
 * `payment_intent.succeeded` of one payment, or a webhook and a staff entry, make one payment.
 *
 * - `checkout.session.completed`: a paid invoice Checkout records its payment; a plan's Checkout
 *   makes the client (plan-clients.ts).
 * - `payment_intent.succeeded`: the payment of the invoice in its metadata.
 * - `payment_intent.payment_failed`: an admin event on that invoice (the payer saw Stripe's message).
 * - `charge.refunded`: each refund not yet recorded.
 * - `invoice.paid`: a plan's month, recorded as a paid invoice in the portal.
 * - `invoice.payment_failed`: the plan shows "Payment failed"; its payers get a link to update the card.
 * - `customer.subscription.deleted`: the plan ends.
 * Anything else is acknowledged and ignored. The outcome is kept on the event's row.
 */
import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { invoices, payments, stripeEvents, subscriptions } from '../../../../db/schema/index.ts';
import { formatCents } from '../../../shared/proposals.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { log } from '../../log.ts';
import { recordAdminEvent } from '../admin-events.ts';
import { queueEmail } from '../email/queue.ts';
import { renderBillingTeamNote, renderPlanPaymentFailed } from '../email/templates/invoices.tsx';
import { todayIn } from '../proposals/validity.ts';
import { balanceOf } from './invoice-json.ts';
import { recordInvoiceUpdated } from './invoice-rows.ts';
import { issueInTx, type IssueEnv } from './issuing.ts';
import { applyPayment, applyRefund, findInvoice } from './payments.ts';
import { ensurePlanClient, STRIPE_ACTOR } from './plan-clients.ts';
import { queueBillingEmails } from './recipients.ts';

/** A loosely read Stripe object: the fields moved between API versions are read by path. */
type Loose = Record<string, unknown>;
const str = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : value && typeof value === 'object' && typeof (value as Loose).id === 'string'
      ? ((value as Loose).id as string)
      : null;
const num = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) ? value : 0);
const obj = (value: unknown): Loose => (value && typeof value === 'object' ? (value as Loose) : {});
const metadataOf = (value: unknown): Record<string, string> => obj(obj(value).metadata) as Record<string, string>;

/** What handling an event needs. */
export interface StripeEventDeps {
  db: Database;
  env: IssueEnv;
  /** The team inbox (services/email/notification-routes.ts). */
  teamTo: string[];
}

/** The day of Stripe's `created` (seconds) in the agency's zone. */
const dayOf = (seconds: number, env: IssueEnv) => todayIn(env.SITE_TIME_ZONE, new Date(seconds * 1000));

/** Records a Stripe payment of `amount` on invoice `invoiceId` in `tx`: its outcome. */
async function stripePayment(
  tx: SqlDb,
  invoiceId: string | undefined,
  amount: number,
  intent: string | null,
  event: Stripe.Event,
  deps: StripeEventDeps,
  now: Date,
) {
  if (!invoiceId) return 'no_invoice';
  const row = await findInvoice(tx, invoiceId);
  if (!row || row.kind !== 'invoice' || row.status === 'draft') {
    log.warn({ component: 'stripe', eventId: event.id, invoiceId }, 'Stripe payment for an unknown invoice');
    return 'unknown_invoice';
  }
  if (amount <= 0) return 'no_amount';
  const done = await applyPayment(
    tx,
    STRIPE_ACTOR,
    row,
    {
      amountCents: amount,
      method: 'card',
      receivedOn: dayOf(event.created, deps.env),
      reference: intent,
      creditCents: Math.max(0, amount - balanceOf(row)),
      stripePaymentIntentId: intent,
      stripeEventId: event.id,
      recordedByName: 'Stripe',
    },
    deps.env,
    now,
  );
  return done ? 'recorded' : 'duplicate_payment';
}

/** The plan buyer of a Checkout or a subscription's invoice. */
function buyerOf(source: Loose, subscriptionId: string, metadata: Record<string, string>) {
  const details = obj(source.customer_details);
  const email = metadata.email ?? str(details.email) ?? str(source.customer_email);
  if (!email) return null;
  return {
    subscriptionId,
    customerId: str(source.customer),
    name: metadata.name ?? str(details.name) ?? str(source.customer_name) ?? email,
    email,
    company: metadata.company ?? null,
  };
}

/** `invoice.paid` of a plan: the month as a paid invoice (once per Stripe invoice). */
async function planInvoicePaid(tx: SqlDb, invoice: Loose, event: Stripe.Event, deps: StripeEventDeps, now: Date) {
  const details = obj(obj(invoice.parent).subscription_details);
  const subscriptionId = str(invoice.subscription) ?? str(details.subscription);
  if (!subscriptionId) return 'not_a_plan';
  const metadata = { ...metadataOf(details), ...metadataOf(invoice.subscription_details) };
  const buyer = buyerOf(invoice, subscriptionId, metadata);
  const [known] = await tx.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
  const plan = known ?? (buyer ? await ensurePlanClient(tx, buyer, deps.teamTo, deps.env, now) : null);
  if (!plan) return 'unknown_plan';
  const stripeInvoiceId = str(invoice.id)!;
  const [seen] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.stripeInvoiceId, stripeInvoiceId));
  if (seen) return 'duplicate_invoice';
  const amount = num(invoice.amount_paid);
  const [draft] = await tx
    .insert(invoices)
    .values({
      clientId: plan.clientId,
      projectId: plan.projectId,
      subscriptionId: plan.id,
      source: 'plan',
      items: [{ description: 'Website plan (monthly)', quantity: 1, unitPriceCents: amount, amountCents: amount }],
      subtotalCents: amount,
      totalCents: amount,
      stripeInvoiceId,
      createdByName: 'Stripe',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const issued = await issueInTx(
    tx,
    STRIPE_ACTOR,
    { ...draft!, dueDate: dayOf(event.created, deps.env) },
    deps.env,
    now,
    { quiet: true },
  );
  const intent = str(invoice.payment_intent);
  const paid = await applyPayment(
    tx,
    STRIPE_ACTOR,
    issued,
    {
      amountCents: amount,
      method: 'card',
      receivedOn: dayOf(event.created, deps.env),
      reference: stripeInvoiceId,
      creditCents: 0,
      stripePaymentIntentId: intent,
      stripeEventId: event.id,
      recordedByName: 'Stripe',
    },
    deps.env,
    now,
  );
  await tx
    .update(subscriptions)
    .set({ paymentFailedAt: null, status: plan.status === 'past_due' ? 'active' : plan.status, updatedAt: now })
    .where(eq(subscriptions.id, plan.id));
  return paid ? 'recorded' : 'duplicate_payment';
}

/** `invoice.payment_failed` of a plan: "Payment failed" for staff, a link to update the card for its payers. */
async function planPaymentFailed(tx: SqlDb, invoice: Loose, deps: StripeEventDeps, now: Date) {
  const subscriptionId = str(invoice.subscription) ?? str(obj(obj(invoice.parent).subscription_details).subscription);
  if (!subscriptionId) return 'not_a_plan';
  const [plan] = await tx.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
  if (!plan) return 'unknown_plan';
  await tx
    .update(subscriptions)
    .set({ paymentFailedAt: now, status: 'past_due', updatedAt: now })
    .where(eq(subscriptions.id, plan.id));
  const amount = formatCents(num(invoice.amount_due));
  await recordAdminEvent(
    tx,
    STRIPE_ACTOR,
    'update',
    'subscription',
    plan.id,
    `Payment failed: the plan's card payment of ${amount}`,
  );
  await queueBillingEmails(
    tx,
    plan.clientId,
    '/portal/invoices',
    (to) => renderPlanPaymentFailed({ name: to.name, amount, link: to.link }),
    deps.env,
    now,
  );
  if (deps.teamTo.length > 0) {
    const note = await renderBillingTeamNote({
      subject: 'Payment failed for a monthly plan',
      lines: [
        `A card payment of ${amount} for a monthly plan failed. The client's billing contacts were asked to update the card.`,
      ],
      link: new URL(`/admin#client/${plan.clientId}`, deps.env.SITE_URL).href,
    });
    await queueEmail(tx, 'team', deps.teamTo, note);
  }
  await recordInvoiceUpdated(tx, { id: null, status: 'open', clientId: plan.clientId });
  return 'recorded';
}

/** `charge.refunded`: each of its refunds not yet recorded, on the invoice of its payment intent. */
async function chargeRefunded(tx: SqlDb, charge: Loose, event: Stripe.Event, deps: StripeEventDeps, now: Date) {
  const intent = str(charge.payment_intent);
  if (!intent) return 'no_payment';
  const [payment] = await tx
    .select()
    .from(payments)
    .where(sql`${payments.stripePaymentIntentId} = ${intent} and ${payments.kind} = 'payment'`);
  if (!payment) return 'unknown_payment';
  const listed = (obj(charge.refunds).data as Loose[] | undefined) ?? [];
  const refunds = listed.length > 0 ? listed.map((r) => ({ id: str(r.id)!, amount: num(r.amount) })) : null;
  let recorded = 0;
  if (refunds) {
    for (const refund of refunds) {
      const row = (await findInvoice(tx, payment.invoiceId))!;
      if (
        await applyRefund(
          tx,
          STRIPE_ACTOR,
          row,
          {
            amountCents: refund.amount,
            refundId: refund.id,
            paymentIntentId: intent,
            eventId: event.id,
            receivedOn: dayOf(event.created, deps.env),
          },
          deps.env,
          now,
        )
      )
        recorded++;
    }
  } else {
    // Without the list: what `amount_refunded` adds to the refunds already recorded.
    const [done] = await tx
      .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)` })
      .from(payments)
      .where(sql`${payments.stripePaymentIntentId} = ${intent} and ${payments.kind} = 'refund'`);
    const more = num(charge.amount_refunded) - Number(done?.cents ?? 0);
    const row = (await findInvoice(tx, payment.invoiceId))!;
    if (
      more > 0 &&
      (await applyRefund(
        tx,
        STRIPE_ACTOR,
        row,
        {
          amountCents: more,
          refundId: `${str(charge.id)}:${num(charge.amount_refunded)}`,
          paymentIntentId: intent,
          eventId: event.id,
          receivedOn: dayOf(event.created, deps.env),
        },
        deps.env,
        now,
      ))
    )
      recorded++;
  }
  return recorded > 0 ? 'recorded' : 'duplicate_refund';
}

/** What `event` records in `tx`: its outcome (see the module comment). */
async function dispatch(tx: SqlDb, event: Stripe.Event, deps: StripeEventDeps, now: Date): Promise<string> {
  const object = obj(event.data.object);
  switch (event.type) {
    case 'checkout.session.completed': {
      if (object.mode === 'subscription') {
        const subscriptionId = str(object.subscription);
        const buyer = subscriptionId ? buyerOf(object, subscriptionId, metadataOf(object)) : null;
        if (!buyer) return 'no_buyer';
        await ensurePlanClient(tx, buyer, deps.teamTo, deps.env, now);
        return 'recorded';
      }
      if (object.payment_status !== 'paid') return 'unpaid';
      return stripePayment(
        tx,
        metadataOf(object).invoiceId,
        num(object.amount_total),
        str(object.payment_intent),
        event,
        deps,
        now,
      );
    }
    case 'payment_intent.succeeded':
      return stripePayment(
        tx,
        metadataOf(object).invoiceId,
        num(object.amount_received),
        str(object.id),
        event,
        deps,
        now,
      );
    case 'payment_intent.payment_failed': {
      const row = metadataOf(object).invoiceId ? await findInvoice(tx, metadataOf(object).invoiceId!) : null;
      if (!row) return 'unknown_invoice';
      const why = str(obj(object.last_payment_error).message) ?? 'declined';
      await recordAdminEvent(tx, STRIPE_ACTOR, 'update', 'invoice', row.id, `Payment failed on ${row.number}: ${why}`);
      return 'recorded';
    }
    case 'charge.refunded':
      return chargeRefunded(tx, object, event, deps, now);
    case 'invoice.paid':
      return planInvoicePaid(tx, object, event, deps, now);
    case 'invoice.payment_failed':
      return planPaymentFailed(tx, object, deps, now);
    case 'customer.subscription.deleted': {
      const [plan] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.stripeSubscriptionId, str(object.id) ?? ''));
      if (!plan) return 'unknown_plan';
      await tx
        .update(subscriptions)
        .set({ status: 'canceled', canceledAt: now, updatedAt: now })
        .where(eq(subscriptions.id, plan.id));
      await recordAdminEvent(tx, STRIPE_ACTOR, 'update', 'subscription', plan.id, 'The monthly plan ended');
      await recordInvoiceUpdated(tx, { id: null, status: 'open', clientId: plan.clientId });
      return 'recorded';
    }
    default:
      return 'ignored';
  }
}

/**
 * Records verified `event` once (see the module comment): resolves with its outcome, `duplicate`
 * for an event already handled. Rejects only with what the database rejects (the route answers
 * 500 and Stripe delivers it again; nothing was recorded).
 */
export async function handleStripeEvent(deps: StripeEventDeps, event: Stripe.Event): Promise<string> {
  return deps.db.write(async (tx) => {
    const now = new Date();
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, outcome: 'pending', receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return 'duplicate';
    const outcome = await dispatch(tx, event, deps, now);
    await tx.update(stripeEvents).set({ outcome }).where(eq(stripeEvents.id, event.id));
    return outcome;
  });
}
