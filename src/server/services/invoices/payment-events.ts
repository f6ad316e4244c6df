/**
 * Stripe's events about one-off payments (docs/product.md#payments), in the event's write
 * (stripe-events.ts): a payment recorded on the invoice its metadata names, once per payment
 * intent; an unknown invoice is acknowledged and logged, never recorded; refunds once per refund.
 */
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { payments } from '../../../../db/schema/index.ts';
import type { SqlDb } from '../../db/database.ts';
import { log } from '../../log.ts';
import { balanceOf } from './invoice-json.ts';
import { applyPayment, findInvoice } from './payments.ts';
import { applyRefund } from './refunds.ts';
import { STRIPE_ACTOR } from './plan-clients.ts';
import { dayOf, num, obj, str, type Loose, type StripeEventDeps } from './stripe-objects.ts';

/** Records a Stripe payment of `amount` on invoice `invoiceId` in `tx`: its outcome. */
export async function stripePayment(
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

/** `charge.refunded`: each of its refunds not yet recorded, on the invoice of its payment intent. */
export async function chargeRefunded(tx: SqlDb, charge: Loose, event: Stripe.Event, deps: StripeEventDeps, now: Date) {
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
