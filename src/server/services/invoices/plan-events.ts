/**
 * Stripe's events about the plan bought online (docs/product.md#payments), in the event's write
 * (stripe-events.ts): who bought it, each month's paid Stripe invoice recorded as a paid invoice in
 * the portal (once per Stripe invoice), and a failed payment shown to staff and told to the payers
 * with a link to update the card.
 */
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { invoices, subscriptions } from '../../../../db/schema/index.ts';
import { formatCents } from '../../../shared/proposals.ts';
import type { SqlDb } from '../../db/database.ts';
import { recordAdminEvent } from '../admin-events.ts';
import { queueEmail } from '../email/queue.ts';
import { renderBillingTeamNote, renderPlanPaymentFailed } from '../email/templates/invoices.tsx';
import { recordInvoiceUpdated } from './invoice-rows.ts';
import { issueInTx } from './issuing.ts';
import { applyPayment } from './payments.ts';
import { ensurePlanClient, STRIPE_ACTOR } from './plan-clients.ts';
import { queueBillingEmails } from './recipients.ts';
import { dayOf, metadataOf, num, obj, str, type Loose, type StripeEventDeps } from './stripe-objects.ts';

/** The plan buyer of a Checkout or a subscription's invoice. */
export function buyerOf(source: Loose, subscriptionId: string, metadata: Record<string, string>) {
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
export async function planInvoicePaid(
  tx: SqlDb,
  invoice: Loose,
  event: Stripe.Event,
  deps: StripeEventDeps,
  now: Date,
) {
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
export async function planPaymentFailed(tx: SqlDb, invoice: Loose, deps: StripeEventDeps, now: Date) {
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
