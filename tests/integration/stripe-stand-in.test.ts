/**
 * The Stripe stand-in (tests/support/stripe-stand-in.ts) as the official `stripe` library sees it:
 * checkout sessions in both modes, reading one back, a simulated outage, the idempotency key the
 * library sends, paying through the hosted page, and signed webhook deliveries.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedEvent, standInClient, startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in.ts';

let standIn: StripeStandIn;
let stripe: Stripe;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  stripe = standInClient(standIn);
});

afterAll(async () => {
  await standIn.close();
});

beforeEach(() => {
  standIn.failWith(null);
});

const urls = {
  success_url: 'https://agency.example/paid?session={CHECKOUT_SESSION_ID}',
  cancel_url: 'https://agency.example/canceled',
};

function paymentSession() {
  return stripe.checkout.sessions.create({
    ...urls,
    mode: 'payment',
    client_reference_id: 'invoice-42',
    customer_email: 'client@example.com',
    metadata: { invoiceId: '42' },
    payment_intent_data: { metadata: { invoiceId: '42' } },
    line_items: [
      { quantity: 2, price_data: { currency: 'usd', unit_amount: 1250, product_data: { name: 'Design hours' } } },
      { quantity: 1, price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'Hosting setup' } } },
    ],
  });
}

function subscriptionSession() {
  return stripe.checkout.sessions.create({
    ...urls,
    mode: 'subscription',
    customer_email: 'client@example.com',
    metadata: { plan: 'care' },
    subscription_data: { metadata: { plan: 'care' } },
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: 9900,
          recurring: { interval: 'month' },
          product_data: { name: 'Care plan' },
        },
      },
    ],
  });
}

describe('Stripe stand-in', () => {
  it('creates a payment-mode checkout session and answers it back', async () => {
    const session = await paymentSession();
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 3000,
      currency: 'usd',
      client_reference_id: 'invoice-42',
      customer_email: 'client@example.com',
      metadata: { invoiceId: '42' },
      success_url: urls.success_url,
      cancel_url: urls.cancel_url,
      payment_intent: null,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${standIn.url}/pay/${session.id}`);
    expect(session.line_items?.data.map((item) => [item.description, item.quantity, item.amount_total])).toEqual([
      ['Design hours', 2, 2500],
      ['Hosting setup', 1, 500],
    ]);
    expect(standIn.sessions.get(session.id)).toMatchObject({ id: session.id, amount_total: 3000 });

    const read = await stripe.checkout.sessions.retrieve(session.id);
    expect(read).toMatchObject({ id: session.id, status: 'open', amount_total: 3000, metadata: { invoiceId: '42' } });

    const sent = standIn.requests.find(
      (request) => request.method === 'POST' && request.path === '/v1/checkout/sessions',
    );
    expect(sent?.body).toMatchObject({
      mode: 'payment',
      line_items: [
        { quantity: '2', price_data: { currency: 'usd', unit_amount: '1250', product_data: { name: 'Design hours' } } },
        { quantity: '1', price_data: { unit_amount: '500' } },
      ],
      payment_intent_data: { metadata: { invoiceId: '42' } },
    });
  });

  it('creates a subscription-mode checkout session', async () => {
    const session = await subscriptionSession();
    expect(session).toMatchObject({
      mode: 'subscription',
      status: 'open',
      amount_total: 9900,
      subscription: null,
      metadata: { plan: 'care' },
    });
    expect(session.line_items?.data[0]?.price?.recurring).toMatchObject({ interval: 'month', interval_count: 1 });
  });

  it('refuses what Stripe refuses: a recurring price in payment mode, an unknown id, a missing key', async () => {
    await expect(
      stripe.checkout.sessions.create({
        ...urls,
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: 100,
              recurring: { interval: 'month' },
              product_data: { name: 'x' },
            },
          },
        ],
      }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    const missing = await stripe.subscriptions.retrieve('sub_missing').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });

    const unknown = await fetch(`${standIn.url}/v1/charges`, { headers: { Authorization: 'Bearer sk_test_x' } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: expect.stringContaining('Unrecognized request URL') },
    });
    const anonymous = await fetch(`${standIn.url}/v1/customers/cus_x`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('answers every request with the failure it is told to, until set back', async () => {
    standIn.failWith(503);
    const error = await paymentSession().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(error).toMatchObject({ type: 'StripeAPIError', statusCode: 503 });
    await expect(stripe.customers.retrieve('cus_x')).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);

    standIn.failWith(429);
    await expect(paymentSession()).rejects.toBeInstanceOf(Stripe.errors.StripeRateLimitError);

    standIn.failWith(null);
    await expect(paymentSession()).resolves.toMatchObject({ status: 'open' });
  });

  it('records the idempotency key the library sends, and replays a repeated one', async () => {
    const before = standIn.requests.length;
    const session = await paymentSession();
    const [post] = standIn.requests.slice(before);
    expect(post).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(post?.idempotencyKey).toMatch(/^stripe-node-retry-[0-9a-f-]{36}$/);

    await stripe.checkout.sessions.retrieve(session.id);
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', idempotencyKey: null });

    const params = { email: 'once@example.com' };
    const first = await stripe.customers.create(params, { idempotencyKey: 'customer-once' });
    const again = await stripe.customers.create(params, { idempotencyKey: 'customer-once' });
    expect(again.id).toBe(first.id);
    expect(standIn.requests.at(-1)?.idempotencyKey).toBe('customer-once');
    await expect(
      stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'customer-once' }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('pays a session on its hosted page and then knows the payment intent, subscription and refunds', async () => {
    const payment = await paymentSession();
    const paid = await fetch(payment.url ?? '', { redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`https://agency.example/paid?session=${payment.id}`);
    const completed = await stripe.checkout.sessions.retrieve(payment.id, { expand: ['payment_intent'] });
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const intent = completed.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ object: 'payment_intent', amount: 3000, status: 'succeeded' });
    expect(intent.id).toMatch(/^pi_/);
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ metadata: { invoiceId: '42' } });
    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 1000 });
    expect(refund).toMatchObject({ object: 'refund', amount: 1000, status: 'succeeded', payment_intent: intent.id });
    expect(refund.id).toMatch(/^re_/);
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 2001 })).rejects.toMatchObject({
      code: 'amount_too_large',
    });

    const monthly = await subscriptionSession();
    await fetch(`${monthly.url ?? ''}?email=buyer@example.com`, { redirect: 'manual' });
    const subscribed = standIn.sessions.get(monthly.id);
    expect(subscribed).toMatchObject({ status: 'complete', customer_details: { email: 'buyer@example.com' } });
    expect(subscribed?.customer).toMatch(/^cus_/);
    expect(subscribed?.invoice).toMatch(/^in_/);
    const subscriptionId = String(subscribed?.subscription);
    expect(subscriptionId).toMatch(/^sub_/);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription).toMatchObject({ status: 'active', metadata: { plan: 'care' }, cancel_at_period_end: false });
    const periodEnd = subscription.items.data[0]?.current_period_end;
    const ending = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    expect(ending).toMatchObject({ cancel_at_period_end: true, cancel_at: periodEnd });
    const canceled = await stripe.subscriptions.cancel(subscriptionId);
    expect(canceled).toMatchObject({ status: 'canceled' });

    const portal = await stripe.billingPortal.sessions.create({
      customer: String(subscribed?.customer),
      return_url: 'https://agency.example/portal',
    });
    expect(portal.url).toBe(`${standIn.url}/billing/${portal.id}`);

    const stale = await subscriptionSession();
    await expect(stripe.checkout.sessions.expire(stale.id)).resolves.toMatchObject({ status: 'expired', url: null });
  });

  it('signs events the library accepts, and not once they are 10 minutes old', () => {
    const secret = 'whsec_standin';
    const session = { id: 'cs_test_1', object: 'checkout.session', metadata: { invoiceId: '42' } };
    const delivery = signedEvent(secret, 'checkout.session.completed', session);
    const verifier = new Stripe('sk_test_x');
    const event = verifier.webhooks.constructEvent(delivery.body, delivery.signature, secret, 300);
    expect(event).toMatchObject({
      id: delivery.id,
      object: 'event',
      type: 'checkout.session.completed',
      livemode: false,
      data: { object: session },
    });
    expect(delivery.id).toMatch(/^evt_/);
    expect(signedEvent(secret, 'invoice.paid', {}, { id: 'evt_fixed' }).id).toBe('evt_fixed');

    const old = signedEvent(secret, 'checkout.session.completed', session, {
      timestampSeconds: Math.floor(Date.now() / 1000) - 600,
    });
    expect(() => verifier.webhooks.constructEvent(old.body, old.signature, secret, 300)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() => verifier.webhooks.constructEvent(delivery.body, delivery.signature, 'whsec_other', 300)).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});
