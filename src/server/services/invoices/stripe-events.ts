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
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { stripeEvents, subscriptions } from '../../../../db/schema/index.ts';
import type { SqlDb } from '../../db/database.ts';
import { recordAdminEvent } from '../admin-events.ts';
import { recordInvoiceUpdated } from './invoice-rows.ts';
import { findInvoice } from './payments.ts';
import { chargeRefunded, stripePayment } from './payment-events.ts';
import { ensurePlanClient, STRIPE_ACTOR } from './plan-clients.ts';
import { buyerOf, planInvoicePaid, planPaymentFailed } from './plan-events.ts';
import { metadataOf, num, obj, str, type StripeEventDeps } from './stripe-objects.ts';

export type { StripeEventDeps } from './stripe-objects.ts';

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
