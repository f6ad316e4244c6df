/**
 * Paying online with Stripe (docs/product.md#payments), against a local stand-in of the Stripe API
 * (tests/support/stripe-stand-in.ts) and webhook bodies signed with the library's test header:
 * "Pay now" opens a Checkout for the balance and records nothing; a payment is recorded only from
 * a signed event, once however often it is delivered and whichever of its events comes first; a
 * Stripe outage is a clear message; the plan bought online makes a client, its project and its
 * monthly paid invoices; a signature with a deposit issues the deposit's invoice in the same write.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  clientMembers,
  clients,
  invoices,
  milestones,
  payments,
  projects,
  stripeEvents,
  subscriptions,
} from '../../db/schema/index.ts';
import { billPlans } from '../../src/server/services/invoices/housekeeping.ts';
import { signedEvent, startStripeStandIn } from '../support/stripe-stand-in.ts';
import { withStaffApi } from './helpers.ts';
import { call, PASSWORD, proposalHelpers } from './proposal-helpers.ts';

const STAFF = 'owner@example.com';
const SECRET = 'whsec_test_standin';
const standIn = await startStripeStandIn();
afterAll(() => standIn.close());
const suite = withStaffApi(STAFF, {
  SITE_URL: 'https://studio.example.com',
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_API_BASE: standIn.url,
});
const { newClient, signIn, sentToClient, invitationToken } = proposalHelpers(suite);
const admin = (method: string, path: string, body?: unknown) => call(suite, method, path, suite.staffToken, body);

/** Posts `delivery` to the webhook as Stripe does (no Origin, its signature header). */
async function deliver(delivery: { body: string; signature: string }) {
  const response = await suite.api.raw('/api/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature },
    body: delivery.body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** An issued invoice of $250.00 for a new client; its id, number and the owner's token. */
async function openInvoice(company: string) {
  const { clientId, owner } = await newClient(company);
  const created = await admin('POST', '/api/admin/invoices', {
    clientId,
    items: [{ description: 'Homepage refresh', quantity: 1, unitPriceCents: 25_000 }],
  });
  const issued = await admin('POST', `/api/admin/invoices/${created.body.id}/issue`);
  return {
    clientId,
    owner,
    id: created.body.id as string,
    number: issued.body.number as string,
    ownerToken: await signIn(owner.email),
  };
}

const paymentsOf = (invoiceId: string) =>
  suite.api.db.read.select().from(payments).where(eq(payments.invoiceId, invoiceId));

// A PDF, child processes and a Stripe stand-in: slower than most API tests on a busy machine.
describe('Pay now and the webhook', { timeout: 30_000 }, () => {
  it('opens a Checkout for the balance and records nothing until the signed event; three deliveries record one payment', async () => {
    const bill = await openInvoice('Checkout Co');
    const checkout = await call(suite, 'POST', `/api/client/invoices/${bill.id}/checkout`, bill.ownerToken);
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(checkout.body.url).toMatch(new RegExp(`^${standIn.url}/pay/cs_`));
    const sessionId = (checkout.body.url as string).split('/').at(-1)!;
    const session = standIn.sessions.get(sessionId)!;
    expect(session).toMatchObject({ mode: 'payment', amount_total: 25_000, metadata: { invoiceId: bill.id } });
    // Two presses at once open the same Checkout.
    const again = await call(suite, 'POST', `/api/client/invoices/${bill.id}/checkout`, bill.ownerToken);
    expect(again.body.url).toBe(checkout.body.url);
    expect(await paymentsOf(bill.id)).toHaveLength(0);

    const paid = { ...session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_checkout1' };
    const delivery = signedEvent(SECRET, 'checkout.session.completed', paid, { id: 'evt_checkout_1' });
    const answers = [await deliver(delivery), await deliver(delivery), await deliver(delivery)];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.outcome)).toEqual(['recorded', 'duplicate', 'duplicate']);
    // The same payment's other event changes nothing either.
    const intent = signedEvent(SECRET, 'payment_intent.succeeded', {
      id: 'pi_checkout1',
      object: 'payment_intent',
      amount_received: 25_000,
      metadata: { invoiceId: bill.id },
    });
    expect((await deliver(intent)).body.outcome).toBe('duplicate_payment');
    // Nor does staff entering it by hand with its reference.
    const byHand = await admin('POST', `/api/admin/invoices/${bill.id}/payments`, {
      amountCents: 1,
      method: 'card',
      receivedOn: '2026-12-01',
      reference: 'pi_checkout1',
    });
    expect(byHand.status).toBe(409);
    expect(await paymentsOf(bill.id)).toHaveLength(1);
    const one = await call(suite, 'GET', `/api/client/invoices/${bill.id}`, bill.ownerToken);
    expect(one.body).toMatchObject({
      status: 'paid',
      paidCents: 25_000,
      balanceCents: 0,
      payments: [{ method: 'card', amountCents: 25_000 }],
    });
    expect(
      (await call(suite, 'POST', `/api/client/invoices/${bill.id}/checkout`, bill.ownerToken)).body.error.code,
    ).toBe('invoice_paid');
  });

  it('refuses a bad or stale signature with 400 and records nothing', async () => {
    const bill = await openInvoice('Forged Co');
    const object = {
      id: 'pi_forged',
      object: 'payment_intent',
      amount_received: 25_000,
      metadata: { invoiceId: bill.id },
    };
    const forged = signedEvent('whsec_someone_else', 'payment_intent.succeeded', object);
    expect((await deliver(forged)).status).toBe(400);
    const stale = signedEvent(SECRET, 'payment_intent.succeeded', object, {
      timestampSeconds: Math.floor(Date.now() / 1000) - 6 * 60,
    });
    const refused = await deliver(stale);
    expect(refused.status).toBe(400);
    expect((refused.body.error as { code: string }).code).toBe('bad_signature');
    const altered = signedEvent(SECRET, 'payment_intent.succeeded', object);
    expect((await deliver({ ...altered, body: altered.body.replace('25000', '1') })).status).toBe(400);
    expect((await deliver({ body: altered.body, signature: '' })).status).toBe(400);
    expect(await paymentsOf(bill.id)).toHaveLength(0);
    expect(
      await suite.api.db.read
        .select()
        .from(stripeEvents)
        .where(eq(stripeEvents.id, JSON.parse(stale.body).id)),
    ).toHaveLength(0);
  });

  it('acknowledges an unknown invoice id without recording, and records refunds once', async () => {
    const unknown = signedEvent(SECRET, 'payment_intent.succeeded', {
      id: 'pi_unknown',
      object: 'payment_intent',
      amount_received: 100,
      metadata: { invoiceId: 'no-such-invoice' },
    });
    expect(await deliver(unknown)).toEqual({ status: 200, body: { received: true, outcome: 'unknown_invoice' } });
    const bill = await openInvoice('Refund Co');
    await deliver(
      signedEvent(SECRET, 'payment_intent.succeeded', {
        id: 'pi_refund',
        object: 'payment_intent',
        amount_received: 25_000,
        metadata: { invoiceId: bill.id },
      }),
    );
    const charge = {
      id: 'ch_1',
      object: 'charge',
      payment_intent: 'pi_refund',
      amount_refunded: 5_000,
      refunds: { object: 'list', data: [{ id: 're_1', amount: 5_000 }] },
    };
    const refund = signedEvent(SECRET, 'charge.refunded', charge);
    expect((await deliver(refund)).body.outcome).toBe('recorded');
    // Delivered again under another event id (Stripe's retries keep the id; a second event may repeat the refund).
    expect((await deliver(signedEvent(SECRET, 'charge.refunded', charge))).body.outcome).toBe('duplicate_refund');
    const one = await admin('GET', `/api/admin/invoices/${bill.id}`);
    expect(one.body).toMatchObject({ status: 'partially_paid', paidCents: 20_000, balanceCents: 5_000 });
    expect(one.body.payments.map((p: { kind: string }) => p.kind)).toEqual(['payment', 'refund']);
  });

  it('answers a Stripe outage with a clear 503 and records nothing', async () => {
    const bill = await openInvoice('Outage Co');
    standIn.failWith(503);
    try {
      const answer = await call(suite, 'POST', `/api/client/invoices/${bill.id}/checkout`, bill.ownerToken);
      expect(answer.status).toBe(503);
      expect(answer.body.error).toEqual({
        code: 'stripe_unavailable',
        message: 'We could not reach our payment provider. Nothing was charged; please try again in a few minutes.',
      });
    } finally {
      standIn.failWith(null);
    }
    expect((await admin('GET', `/api/admin/invoices/${bill.id}`)).body).toMatchObject({ status: 'open', payments: [] });
  });

  it('records one payment when a server is killed (kill -9) before or after its write, and Stripe delivers again', async () => {
    const bill = await openInvoice('Crash Co');
    const delivery = signedEvent(SECRET, 'payment_intent.succeeded', {
      id: 'pi_crash',
      object: 'payment_intent',
      amount_received: 25_000,
      metadata: { invoiceId: bill.id },
    });
    const eventId = JSON.parse(delivery.body).id as string;
    /** A second server process on this database that dies by SIGKILL handling the delivery. */
    const killedWhile = (mode: 'before-commit' | 'after-commit') =>
      // `--import tsx` runs the worker in this one process (tsx's cli would run it in a child of its own).
      promisify(execFile)(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'webhook-crash-worker.ts')], {
        env: {
          ...process.env,
          DATABASE_URL: suite.api.env.DATABASE_URL,
          SITE_URL: suite.api.env.SITE_URL,
          MODE: mode,
          BODY: delivery.body,
          SIGNATURE: delivery.signature,
          SECRET,
        },
      }).then(
        () => 'answered',
        (error: { signal?: string; stderr?: string }) => error.signal ?? error.stderr,
      );
    expect(await killedWhile('before-commit')).toBe('SIGKILL');
    // Died inside its write: neither the event nor the payment was recorded.
    expect(await suite.api.db.read.select().from(stripeEvents).where(eq(stripeEvents.id, eventId))).toHaveLength(0);
    expect(await paymentsOf(bill.id)).toHaveLength(0);
    expect(await killedWhile('after-commit')).toBe('SIGKILL');
    expect(await paymentsOf(bill.id)).toHaveLength(1);
    // Stripe got no answer and delivers again: one payment.
    expect((await deliver(delivery)).body.outcome).toBe('duplicate');
    expect(await paymentsOf(bill.id)).toHaveLength(1);
    expect((await admin('GET', `/api/admin/invoices/${bill.id}`)).body).toMatchObject({
      status: 'paid',
      paidCents: 25_000,
    });
  }, 120_000); // two processes started with tsx
});

describe('the plan bought online', { timeout: 30_000 }, () => {
  it('opens a subscription Checkout with the commitment stated; its event makes the client, project and plan once', async () => {
    const email = `plan-${Date.now()}@harbor.example`;
    const started = await call(suite, 'POST', '/api/checkout/plan', undefined, {
      name: 'Ava Harbor',
      email,
      company: 'Harbor Cafe',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const session = standIn.sessions.get((started.body.url as string).split('/').at(-1)!)!;
    expect(session.mode).toBe('subscription');
    const request = standIn.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && (r.body as { mode?: string }).mode === 'subscription',
    )!;
    expect(JSON.stringify(request.body)).toContain('12-month commitment');
    expect(
      (await call(suite, 'POST', '/api/checkout/plan', undefined, { name: '', email: 'nope', company: 'x' })).status,
    ).toBe(422);

    // The buyer pays on Stripe's page; Stripe then tells of the completed Checkout.
    expect((await fetch(started.body.url as string, { redirect: 'manual' })).status).toBe(303);
    const completed = standIn.sessions.get(session.id as string)!;
    const subscriptionId = completed.subscription as string;
    const customerId = completed.customer as string;
    expect(subscriptionId).toMatch(/^sub_/);
    const first = await deliver(signedEvent(SECRET, 'checkout.session.completed', completed, { id: 'evt_plan_1' }));
    expect(first.body.outcome).toBe('recorded');
    const [plan] = await suite.api.db.read
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
    expect(plan).toMatchObject({ provider: 'stripe', status: 'active', monthlyCents: 9_900 });
    const [client] = await suite.api.db.read.select().from(clients).where(eq(clients.id, plan!.clientId));
    expect(client).toMatchObject({ name: 'Ava Harbor', company: 'Harbor Cafe', email });
    const [owner] = await suite.api.db.read.select().from(clientMembers).where(eq(clientMembers.clientId, client!.id));
    expect(owner).toMatchObject({ role: 'owner', joinedAt: null });
    const [project] = await suite.api.db.read.select().from(projects).where(eq(projects.clientId, client!.id));
    expect(project!.title).toBe('One-page website');
    expect(
      (await suite.api.db.read.select().from(milestones).where(eq(milestones.projectId, project!.id))).map(
        (m) => m.title,
      ),
    ).toEqual([
      'Kick-off call and content',
      'Design of the page',
      'Build and your review',
      'Launch on your domain',
      'Monthly care, hosting and SEO',
    ]);
    await suite.api.deliver();
    expect(suite.api.outbox().some((m) => m.includes(`To: ${email}`) && m.includes('welcome#token='))).toBe(true);

    // Each month's paid Stripe invoice is a paid invoice in the portal, once.
    const month = {
      id: 'in_month1',
      object: 'invoice',
      amount_paid: 9_900,
      subscription: subscriptionId,
      customer: customerId,
      customer_email: email,
    };
    expect((await deliver(signedEvent(SECRET, 'invoice.paid', month, { id: 'evt_month_1' }))).body.outcome).toBe(
      'recorded',
    );
    expect((await deliver(signedEvent(SECRET, 'invoice.paid', month, { id: 'evt_month_1b' }))).body.outcome).toBe(
      'duplicate_invoice',
    );
    const billed = await suite.api.db.read.select().from(invoices).where(eq(invoices.clientId, client!.id));
    expect(billed).toHaveLength(1);
    expect(billed[0]).toMatchObject({ status: 'paid', totalCents: 9_900, paidCents: 9_900, source: 'plan' });

    // A failed payment: staff see it, the payers get a link to update the card.
    expect(
      (await deliver(signedEvent(SECRET, 'invoice.payment_failed', { ...month, id: 'in_month2', amount_due: 9_900 })))
        .body.outcome,
    ).toBe('recorded');
    const summary = (await admin('GET', '/api/admin/finance/summary')).body;
    expect(summary.failedPayments).toContainEqual(
      expect.objectContaining({ clientId: client!.id, business: 'Harbor Cafe' }),
    );
    expect(summary.monthlyRecurringCents).toBeGreaterThanOrEqual(9_900);
    await suite.api.deliver();
    expect(suite.api.outbox().some((m) => m.includes(`To: ${email}`) && m.includes('failed'))).toBe(true);

    // Cancelling: a request with the commitment's end, confirmed by staff, ended by Stripe's event.
    // The owner sets up the portal from the welcome email's invitation.
    const joined = await call(suite, 'POST', '/api/client/invitations/accept', undefined, {
      token: invitationToken(email),
      name: 'Ava Harbor',
      password: PASSWORD,
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const token = joined.body.token as string;
    const portal = await call(suite, 'GET', '/api/client/invoices', token);
    expect(portal.body).toMatchObject({
      items: [{ status: 'paid', totalCents: 9_900 }],
      plan: { status: 'past_due', paymentFailed: true },
    });
    const card = await call(suite, 'POST', '/api/client/plan/update-card', token);
    expect(card.body.url).toMatch(new RegExp(`^${standIn.url}/billing/`));
    const asked = await call(suite, 'POST', '/api/client/plan/cancel', token, { reason: 'Moving away' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.plan).toMatchObject({ status: 'cancel_requested', cancelEffectiveOn: plan!.commitmentEndsOn });
    expect((await call(suite, 'POST', '/api/client/plan/cancel', token, {})).status).toBe(409);
    const confirmed = await admin('POST', `/api/admin/subscriptions/${plan!.id}/confirm-cancel`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(
      standIn.requests.some(
        (r) => r.path === `/v1/subscriptions/${subscriptionId}` && r.method === 'POST' && 'cancel_at' in r.body,
      ),
    ).toBe(true);
    await deliver(
      signedEvent(SECRET, 'customer.subscription.deleted', {
        id: subscriptionId,
        object: 'subscription',
        status: 'canceled',
      }),
    );
    const [ended] = await suite.api.db.read.select().from(subscriptions).where(eq(subscriptions.id, plan!.id));
    expect(ended!.status).toBe('canceled');
  });
});

describe('the chain from a signed proposal', { timeout: 30_000 }, () => {
  it('issues the deposit invoice in the signature write and bills the monthly lines from the start day', async () => {
    const { id, ownerToken, documentHash, clientId } = await sentToClient('Deposit Bakery');
    const signed = await call(suite, 'POST', `/api/client/proposals/${id}/accept`, ownerToken, {
      signerName: 'Dana Reyes',
      consent: true,
      documentHash,
      optionalItems: [],
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.depositInvoiceId).toEqual(expect.any(String));
    const deposit = await call(suite, 'GET', `/api/client/invoices/${signed.body.depositInvoiceId}`, ownerToken);
    // 50 % of the $2,500.00 one-off total (proposal-helpers.ts proposalBody).
    expect(deposit.body).toMatchObject({
      status: 'open',
      totalCents: 125_000,
      number: expect.stringMatching(/^INV-/),
      stripeEnabled: true,
    });
    expect(deposit.body.items[0].description).toBe('Deposit (50%) for New website');
    const billed = await billPlans(suite.api.db, suite.api.env);
    expect(billed).toBeGreaterThanOrEqual(1);
    const monthly = await suite.api.db.read.select().from(invoices).where(eq(invoices.clientId, clientId));
    expect(monthly.map((i) => [i.source, i.totalCents, i.status])).toEqual(
      expect.arrayContaining([
        ['deposit', 125_000, 'open'],
        ['recurring', 9_900, 'open'],
      ]),
    );
    // Twice on the same day bills nothing more.
    await billPlans(suite.api.db, suite.api.env);
    expect((await suite.api.db.read.select().from(invoices).where(eq(invoices.clientId, clientId))).length).toBe(
      monthly.length,
    );
  });
});
