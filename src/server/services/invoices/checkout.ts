/**
 * Paying online (docs/product.md#payments): Stripe Checkout for an invoice's balance, and the $99
 * plan bought from /pricing (Checkout in subscription mode). Nothing is recorded here: a payment
 * is recorded only from Stripe's signed event (stripe-events.ts), so a Checkout left unpaid, or a
 * Stripe outage when "Pay now" is pressed, leaves the invoice as it was.
 *
 * A Checkout is created with an idempotency key of the invoice, its balance and the hour, so two
 * presses at once open the same Checkout instead of two.
 */
import type Stripe from 'stripe';
import { PLAN_BILLING } from '../../../shared/invoices.ts';
import { formatCents } from '../../../shared/proposals.ts';
import type { PlanCheckoutValues } from '../../../shared/schemas/invoices.ts';
import type { Database } from '../../db/database.ts';
import type { Env } from '../../env/index.ts';
import { AppError } from '../../errors.ts';
import type { ClientMemberRecord } from '../clients/members.ts';
import { balanceOf } from './invoice-json.ts';
import { visibleInvoice } from './client-invoices.ts';
import { invoicePath } from './issuing.ts';
import { stripeFailure, stripeOf, stripeOff, type StripeEnv } from './stripe.ts';

type CheckoutEnv = StripeEnv & Pick<Env, 'SITE_URL'>;

/** The Stripe client, or the 404 of paying online when it is not set. */
function requireStripe(env: StripeEnv): Stripe {
  const stripe = stripeOf(env);
  if (!stripe) throw stripeOff();
  return stripe;
}

/**
 * A Stripe Checkout for the balance of invoice `id` of `member`'s client: `{url}`. NotFoundError;
 * AppError 404 `stripe_not_configured`, 409 `invoice_paid` (nothing left to pay) or `invoice_void`,
 * 503 `stripe_unavailable` / 502 `stripe_error` (stripe.ts).
 */
export async function invoiceCheckout(
  db: Database,
  member: ClientMemberRecord,
  id: string,
  env: CheckoutEnv,
  now = new Date(),
) {
  const stripe = requireStripe(env);
  const row = await visibleInvoice(db.read, member.clientId, id);
  if (row.kind === 'credit_note' || row.status === 'void') {
    throw new AppError(409, 'invoice_void', 'This invoice is void: there is nothing to pay.');
  }
  const balance = balanceOf(row);
  if (balance <= 0) throw new AppError(409, 'invoice_paid', 'This invoice is already paid.');
  const page = new URL(invoicePath(row.id), env.SITE_URL).href;
  const metadata = { invoiceId: row.id, clientId: row.clientId, number: row.number! };
  try {
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: row.id,
        customer_email: member.email,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: balance,
              product_data: { name: `Invoice ${row.number}`, description: `Balance due: ${formatCents(balance)}` },
            },
          },
        ],
        metadata,
        payment_intent_data: { metadata, description: `Invoice ${row.number}` },
        success_url: `${page}?paid=1`,
        cancel_url: page,
      },
      { idempotencyKey: `invoice-checkout:${row.id}:${balance}:${Math.floor(now.getTime() / 3_600_000)}` },
    );
    if (!session.url) throw new Error('Stripe answered a Checkout without a URL');
    return { url: session.url };
  } catch (error) {
    throw stripeFailure(error, 'invoice checkout');
  }
}

/** The commitment as Checkout states it before paying. */
const PLAN_COMMITMENT_TEXT =
  `You are starting the website plan at ${formatCents(PLAN_BILLING.monthlyCents)} a month with a ` +
  `${PLAN_BILLING.commitmentMonths}-month commitment: at least ${PLAN_BILLING.commitmentMonths} monthly payments, then month to month. ` +
  `Cancelling takes ${PLAN_BILLING.noticeDays} days' written notice (Terms of Service).`;

/**
 * A Stripe Checkout in subscription mode for the plan, for `values` (who is buying): `{url}`.
 * AppError 404 `stripe_not_configured`, 503 / 502 as above. The buyer becomes a client when the
 * paid Checkout's event arrives (plans.ts).
 */
export async function planCheckout(values: PlanCheckoutValues, env: CheckoutEnv) {
  const stripe = requireStripe(env);
  const metadata = { plan: 'monthly', name: values.name, email: values.email, company: values.company };
  try {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: values.email,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: PLAN_BILLING.monthlyCents,
            recurring: { interval: 'month' },
            product_data: { name: 'Website plan: domain, hosting, unlimited revisions, SEO' },
          },
        },
      ],
      metadata,
      subscription_data: { metadata, description: PLAN_COMMITMENT_TEXT },
      custom_text: { submit: { message: PLAN_COMMITMENT_TEXT } },
      success_url: new URL('/pricing?plan=started', env.SITE_URL).href,
      cancel_url: new URL('/pricing', env.SITE_URL).href,
    });
    if (!session.url) throw new Error('Stripe answered a Checkout without a URL');
    return { url: session.url };
  } catch (error) {
    throw stripeFailure(error, 'plan checkout');
  }
}
