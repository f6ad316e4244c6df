/**
 * A local stand-in for the parts of the Stripe API the product calls, so that no test reaches the
 * internet: an HTTP server on 127.0.0.1 (a free port) that answers like api.stripe.com does, with
 * Stripe-shaped objects and errors, and keeps what it was sent. Tests point the product's `stripe`
 * client at it through STRIPE_API_BASE (set to `url`; the client takes its protocol, host and port,
 * as `standInClient` does), or use `standInClient` directly.
 *
 * What it answers (every `/v1/…` request needs `Authorization: Bearer sk_…`, a test key):
 * - `POST /v1/checkout/sessions` (mode `payment` or `subscription`, line items with `price_data`),
 *   `GET /v1/checkout/sessions/:id`, `POST /v1/checkout/sessions/:id/expire`;
 * - `POST /v1/customers`, `GET /v1/customers/:id`;
 * - `GET`, `POST` (cancel_at, cancel_at_period_end, cancellation_details, description, metadata) and
 *   `DELETE /v1/subscriptions/:id`;
 * - `POST /v1/billing_portal/sessions`;
 * - `GET /v1/payment_intents/:id`, `POST /v1/refunds`;
 * - anything else: 404 `Unrecognized request URL`, as Stripe answers.
 * A repeated `Idempotency-Key` replays the first successful answer (header `Idempotent-Replayed`), or
 * answers 400 `idempotency_error` when the method, path or body differ, as Stripe does. `expand`
 * replaces ids by the objects the stand-in holds (`customer`, `subscription.latest_invoice`, …).
 *
 * A session's `url` is the stand-in's own hosted page: `GET /pay/:id` pays it, as a buyer finishing
 * Stripe Checkout would (the customer, and the payment intent or the subscription and its first
 * invoice, come into being; `?email=` sets the buyer's email), and redirects (303) to `success_url`
 * with `{CHECKOUT_SESSION_ID}` filled in; `GET /pay/:id?outcome=cancel` redirects to `cancel_url`
 * and changes nothing. A billing portal session's `url` (`GET /billing/:id`) is a page that links
 * back to its `return_url`. Neither page needs an API key. Stripe sends no webhooks from here: a test
 * delivers an event itself, signed by `signedEvent` (e.g. `checkout.session.completed` with
 * `standIn.sessions.get(id)` after paying).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A running stand-in: where it listens, what it received, and the switch that makes it fail. */
export interface StripeStandIn {
  /** e.g. 'http://127.0.0.1:54321' */
  url: string;
  host: string;
  port: number;
  /**
   * Every request received, in order (the hosted pages' too): method, path without the query
   * string, the parsed form body (for GET and DELETE, the parsed query string) as a nested object
   * whose values are strings (`line_items[0][price_data][unit_amount]` becomes
   * `{ line_items: [{ price_data: { unit_amount: '500' } }] }`), and the Idempotency-Key header.
   */
  requests: { method: string; path: string; body: Record<string, unknown>; idempotencyKey: string | null }[];
  /**
   * Make every following request answer `status` (400 to 599) with a Stripe-shaped error body (e.g.
   * 503 `api_error`, 429 `rate_limit`, 402 `card_error`), until set back to null. Failed requests
   * are still recorded in `requests`, and no idempotent answer is saved for them.
   */
  failWith(status: number | null): void;
  /** The checkout sessions created so far, by id, as returned (kept current: expired, paid). */
  sessions: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

/** A request the stand-in refuses, answered as Stripe answers it: `{ error: { type, message, … } }`. */
class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(String(error.message));
  }
}

function invalid(message: string, param?: string, code?: string): StripeFailure {
  return new StripeFailure(400, {
    type: 'invalid_request_error',
    message,
    ...(param && { param }),
    ...(code && { code }),
  });
}

function missing(kind: string, id: string, param: string, status = 404): StripeFailure {
  return new StripeFailure(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

/** The error body of `failWith(status)`: the type and code Stripe gives that status. */
function simulatedFailure(status: number): StripeFailure {
  const message = `The Stripe stand-in was told to answer HTTP ${status} (failWith).`;
  if (status === 402) {
    return new StripeFailure(status, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
  }
  if (status === 409)
    return new StripeFailure(status, { type: 'invalid_request_error', code: 'lock_timeout', message });
  if (status === 429) return new StripeFailure(status, { type: 'invalid_request_error', code: 'rate_limit', message });
  return new StripeFailure(status, { type: status >= 500 ? 'api_error' : 'invalid_request_error', message });
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Stripe-looking id: the prefix, then random letters and digits. */
function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = prefix;
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A form value that names nothing (`''`) or is absent reads as null, as Stripe reads it. */
function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function flag(value: unknown): boolean | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

function integer(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) return undefined;
  return Number(value);
}

/** Metadata as sent: `metadata[key]=value` pairs; a metadata object on a response always exists. */
function metadataOf(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isRecord(value)) return out;
  for (const [key, item] of Object.entries(value)) if (typeof item === 'string') out[key] = item;
  return out;
}

/** Stripe's update rule: keys merge, a key sent empty is removed, `metadata=''` clears them all. */
function mergeMetadata(current: unknown, update: unknown): Record<string, string> {
  if (update === '') return {};
  const out = { ...metadataOf(current) };
  for (const [key, item] of Object.entries(metadataOf(update))) {
    if (item === '') delete out[key];
    else out[key] = item;
  }
  return out;
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * A form-encoded body (or query string) as Stripe's servers read it: bracket keys nest
 * (`a[b][0][c]=x`), keys that are all indices make arrays, `a[]=x` appends.
 */
function parseForm(encoded: string): Json {
  const root: Json = {};
  pairs: for (const [key, value] of new URLSearchParams(encoded)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const path = match
      ? [match[1] ?? key, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')]
      : [key];
    if (path.some((segment) => UNSAFE_KEYS.has(segment))) continue;
    let node = root;
    for (let i = 0; i < path.length; i += 1) {
      let segment = path[i] ?? '';
      if (segment === '') segment = String(Object.keys(node).length);
      if (i === path.length - 1) {
        node[segment] = value;
        continue pairs;
      }
      const next = node[segment];
      if (isRecord(next)) node = next;
      else {
        const child: Json = {};
        node[segment] = child;
        node = child;
      }
    }
  }
  return withArrays(root) as Json;
}

function withArrays(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => withArrays(value[String(index)]));
  }
  const out: Json = {};
  for (const key of keys) out[key] = withArrays(value[key]);
  return out;
}

/** The end of a billing period that starts at `start` (seconds), in UTC. */
function addInterval(start: number, interval: string, count: number): number {
  const date = new Date(start * 1000);
  if (interval === 'day') date.setUTCDate(date.getUTCDate() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else date.setUTCFullYear(date.getUTCFullYear() + count);
  return Math.floor(date.getTime() / 1000);
}

const INTERVALS = ['day', 'week', 'month', 'year'];
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];

interface Answer {
  status: number;
  body: Json;
}

interface SavedAnswer extends Answer {
  method: string;
  path: string;
  rawBody: string;
}

/** Starts a stand-in on 127.0.0.1 at a free port; `close()` it when done. */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StripeStandIn['requests'] = [];
  const sessions = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const portalSessions = new Map<string, Json>();
  /** Amount refunded so far, by payment intent id. */
  const refunded = new Map<string, number>();
  const idempotent = new Map<string, SavedAnswer>();
  let failure: number | null = null;
  let base = '';

  function lookup(id: string): Json | undefined {
    return sessions.get(id) ?? customers.get(id) ?? subscriptions.get(id) ?? paymentIntents.get(id) ?? invoices.get(id);
  }

  /** Answers a copy of `object` with the paths of `expand` (e.g. `subscription.latest_invoice`) filled in. */
  function expanded(object: Json, expand: unknown): Json {
    const copy = structuredClone(object);
    const paths = Array.isArray(expand) ? expand.filter((path) => typeof path === 'string') : [];
    for (const path of paths) {
      let holders: Json[] = [copy];
      for (const field of path.split('.')) {
        const next: Json[] = [];
        for (const holder of holders) {
          const value = holder[field];
          if (typeof value === 'string') {
            const found = lookup(value);
            if (!found) continue;
            const child = structuredClone(found);
            holder[field] = child;
            next.push(child);
          } else if (isRecord(value)) next.push(value);
        }
        holders = next;
      }
    }
    return copy;
  }

  function customerById(id: unknown, param: string): Json | null {
    if (id === undefined || id === '') return null;
    const found = typeof id === 'string' ? customers.get(id) : undefined;
    if (!found) throw missing('customer', String(id), param, 400);
    return found;
  }

  function createCustomer(params: Json): Json {
    const customer: Json = {
      id: newId('cus_', 14),
      object: 'customer',
      address: isRecord(params.address) ? params.address : null,
      balance: 0,
      created: nowSeconds(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: textOrNull(params.description),
      discount: null,
      email: textOrNull(params.email),
      invoice_prefix: newId('', 8).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: metadataOf(params.metadata),
      name: textOrNull(params.name),
      next_invoice_sequence: 1,
      phone: textOrNull(params.phone),
      preferred_locales: Array.isArray(params.preferred_locales) ? params.preferred_locales : [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    customers.set(customer.id as string, customer);
    return customer;
  }

  /** The line items of a new checkout session, as Stripe lists them, with their prices. */
  function lineItems(params: Json, mode: string): Json[] {
    const sent = params.line_items;
    if (!Array.isArray(sent) || sent.length === 0) throw invalid('Missing required param: line_items.', 'line_items');
    const created = nowSeconds();
    return sent.map((item: unknown, index) => {
      const param = `line_items[${index}]`;
      if (!isRecord(item)) throw invalid(`Invalid object: ${param}`, param);
      const quantity = integer(item.quantity);
      if (quantity === undefined || quantity < 1) {
        throw invalid(`Quantity is required. Add \`quantity\` to \`${param}\``, `${param}[quantity]`);
      }
      if (typeof item.price === 'string') {
        throw missing('price', item.price, `${param}[price]`, 400);
      }
      const data = item.price_data;
      if (!isRecord(data)) throw invalid(`You must specify either \`price\` or \`price_data\` in ${param}.`, param);
      const currency = text(data.currency)?.toLowerCase();
      if (!currency)
        throw invalid(`Missing required param: ${param}[price_data][currency].`, `${param}[price_data][currency]`);
      const unitAmount = integer(data.unit_amount) ?? Math.round(Number(data.unit_amount_decimal ?? NaN));
      if (!Number.isInteger(unitAmount) || unitAmount < 0) {
        throw invalid(
          `Missing required param: ${param}[price_data][unit_amount].`,
          `${param}[price_data][unit_amount]`,
        );
      }
      const productData = isRecord(data.product_data) ? data.product_data : undefined;
      const product = text(data.product);
      if (!product && !text(productData?.name)) {
        throw invalid(
          `You must specify either \`product\` or \`product_data\` in ${param}[price_data].`,
          `${param}[price_data]`,
        );
      }
      let recurring: Json | null = null;
      if (isRecord(data.recurring)) {
        const interval = text(data.recurring.interval) ?? '';
        if (!INTERVALS.includes(interval)) {
          throw invalid(
            `Invalid ${param}[price_data][recurring][interval]: must be one of day, month, week, or year`,
            `${param}[price_data][recurring][interval]`,
          );
        }
        recurring = {
          interval,
          interval_count: integer(data.recurring.interval_count) ?? 1,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        };
      }
      if (mode === 'payment' && recurring) {
        throw invalid('You specified `payment` mode but passed a recurring price.', `${param}[price_data][recurring]`);
      }
      const amount = unitAmount * quantity;
      return {
        id: newId('li_'),
        object: 'item',
        amount_discount: 0,
        amount_subtotal: amount,
        amount_tax: 0,
        amount_total: amount,
        currency,
        description: text(productData?.name) ?? null,
        price: {
          id: newId('price_'),
          object: 'price',
          active: true,
          billing_scheme: 'per_unit',
          created,
          currency,
          livemode: false,
          lookup_key: null,
          metadata: metadataOf(data.metadata),
          nickname: null,
          product: product ?? newId('prod_', 14),
          recurring,
          tax_behavior: text(data.tax_behavior) ?? 'unspecified',
          tiers_mode: null,
          transform_quantity: null,
          type: recurring ? 'recurring' : 'one_time',
          unit_amount: unitAmount,
          unit_amount_decimal: String(unitAmount),
        },
        quantity,
      };
    });
  }

  function createCheckoutSession(params: Json): Json {
    const mode = text(params.mode);
    if (!mode) throw invalid('Missing required param: mode.', 'mode');
    if (mode !== 'payment' && mode !== 'subscription') {
      throw invalid(`The Stripe stand-in supports modes payment and subscription, not ${mode}.`, 'mode');
    }
    if (params.customer !== undefined && params.customer_email !== undefined) {
      throw invalid('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
    }
    const customer = customerById(params.customer, 'customer');
    const items = lineItems(params, mode);
    if (mode === 'subscription' && !items.some((item) => (item.price as Json).recurring)) {
      throw invalid(
        'You must provide at least one recurring price in `subscription` mode when using prices.',
        'line_items',
      );
    }
    const currencies = new Set(items.map((item) => item.currency));
    if (currencies.size > 1) throw invalid('All line items must use the same currency.', 'line_items');
    const total = items.reduce((sum, item) => sum + (item.amount_total as number), 0);
    const id = newId('cs_test_', 58);
    const created = nowSeconds();
    const session: Json = {
      id,
      object: 'checkout.session',
      adaptive_pricing: null,
      after_expiration: null,
      allow_promotion_codes: flag(params.allow_promotion_codes) ?? null,
      amount_subtotal: total,
      amount_total: total,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: textOrNull(params.billing_address_collection),
      cancel_url: textOrNull(params.cancel_url),
      client_reference_id: textOrNull(params.client_reference_id),
      client_secret: null,
      consent: null,
      consent_collection: null,
      created,
      currency: [...currencies][0] ?? 'usd',
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: customer ? customer.id : null,
      customer_creation: customer
        ? null
        : mode === 'subscription'
          ? 'always'
          : (text(params.customer_creation) ?? 'if_required'),
      customer_details: null,
      customer_email: textOrNull(params.customer_email),
      discounts: [],
      expires_at: integer(params.expires_at) ?? created + 24 * 60 * 60,
      invoice: null,
      invoice_creation: null,
      line_items: { object: 'list', data: items, has_more: false, url: `/v1/checkout/sessions/${id}/line_items` },
      livemode: false,
      locale: textOrNull(params.locale),
      metadata: metadataOf(params.metadata),
      mode,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: mode === 'subscription' ? 'always' : null,
      payment_method_types: Array.isArray(params.payment_method_types) ? params.payment_method_types : ['card'],
      payment_status: 'unpaid',
      recovered_from: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: 'open',
      submit_type: textOrNull(params.submit_type),
      subscription: null,
      success_url: textOrNull(params.success_url),
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: `${base}/pay/${id}`,
      // Not on Stripe's object (it keeps them to itself): echoed so tests can read what was asked for.
      ...(isRecord(params.payment_intent_data) && { payment_intent_data: params.payment_intent_data }),
      ...(isRecord(params.subscription_data) && { subscription_data: params.subscription_data }),
    };
    sessions.set(id, session);
    return session;
  }

  function sessionById(id: string): Json {
    const session = sessions.get(id);
    if (!session) throw missing('checkout.session', id, 'session');
    return session;
  }

  function expireSession(id: string): Json {
    const session = sessionById(id);
    if (session.status !== 'open') {
      throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired.`, 'session');
    }
    session.status = 'expired';
    session.url = null;
    return session;
  }

  /** What a buyer finishing Stripe Checkout brings about. */
  function paySession(session: Json, email: string | null): void {
    const mode = session.mode as string;
    let customer = typeof session.customer === 'string' ? customers.get(session.customer) : undefined;
    const buyerEmail =
      email ?? textOrNull(session.customer_email) ?? textOrNull(customer?.email) ?? 'buyer@example.com';
    if (!customer && (mode === 'subscription' || session.customer_creation === 'always')) {
      customer = createCustomer({ email: buyerEmail });
      session.customer = customer.id;
    }
    session.customer_details = {
      address: null,
      email: buyerEmail,
      name: null,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    };
    const items = (session.line_items as { data: Json[] }).data;
    const currency = session.currency as string;
    const created = nowSeconds();
    if (mode === 'payment') {
      const extra = isRecord(session.payment_intent_data) ? session.payment_intent_data : {};
      const id = newId('pi_');
      const amount = session.amount_total as number;
      const intent: Json = {
        id,
        object: 'payment_intent',
        amount,
        amount_capturable: 0,
        amount_received: amount,
        capture_method: 'automatic_async',
        client_secret: `${id}_secret_${newId('', 25)}`,
        confirmation_method: 'automatic',
        created,
        currency,
        customer: customer ? customer.id : null,
        description: textOrNull(extra.description),
        last_payment_error: null,
        latest_charge: newId('ch_'),
        livemode: false,
        metadata: metadataOf(extra.metadata),
        next_action: null,
        payment_method: newId('pm_'),
        payment_method_types: ['card'],
        receipt_email: textOrNull(extra.receipt_email),
        setup_future_usage: textOrNull(extra.setup_future_usage),
        statement_descriptor: textOrNull(extra.statement_descriptor),
        status: 'succeeded',
      };
      paymentIntents.set(id, intent);
      session.payment_intent = id;
      session.payment_status = 'paid';
    } else {
      const extra = isRecord(session.subscription_data) ? session.subscription_data : {};
      const trialDays = integer(extra.trial_period_days);
      const trialEnd = trialDays ? created + trialDays * 24 * 60 * 60 : null;
      const id = newId('sub_');
      const invoiceId = newId('in_');
      const metadata = metadataOf(extra.metadata);
      const recurring = items.filter((item) => (item.price as Json).recurring);
      const subscriptionItems = recurring.map((item) => {
        const price = item.price as Json & { recurring: Json };
        return {
          id: newId('si_', 14),
          object: 'subscription_item',
          created,
          current_period_start: created,
          current_period_end:
            trialEnd ??
            addInterval(created, price.recurring.interval as string, price.recurring.interval_count as number),
          discounts: [],
          metadata: {},
          price,
          quantity: item.quantity,
          subscription: id,
          tax_rates: [],
        };
      });
      const amountDue = trialEnd ? 0 : (session.amount_total as number);
      const subscription: Json = {
        id,
        object: 'subscription',
        application: null,
        application_fee_percent: null,
        automatic_tax: { disabled_reason: null, enabled: false, liability: null },
        billing_cycle_anchor: trialEnd ?? created,
        billing_cycle_anchor_config: null,
        cancel_at: null,
        cancel_at_period_end: false,
        canceled_at: null,
        cancellation_details: { comment: null, feedback: null, reason: null },
        collection_method: 'charge_automatically',
        created,
        currency,
        customer: customer?.id,
        days_until_due: null,
        default_payment_method: newId('pm_'),
        default_source: null,
        description: textOrNull(extra.description),
        discounts: [],
        ended_at: null,
        items: {
          object: 'list',
          data: subscriptionItems,
          has_more: false,
          total_count: subscriptionItems.length,
          url: `/v1/subscription_items?subscription=${id}`,
        },
        latest_invoice: invoiceId,
        livemode: false,
        metadata,
        pause_collection: null,
        pending_update: null,
        schedule: null,
        start_date: created,
        status: trialEnd ? 'trialing' : 'active',
        test_clock: null,
        trial_end: trialEnd,
        trial_start: trialEnd ? created : null,
      };
      const invoice: Json = {
        id: invoiceId,
        object: 'invoice',
        amount_due: amountDue,
        amount_paid: amountDue,
        amount_remaining: 0,
        billing_reason: 'subscription_create',
        collection_method: 'charge_automatically',
        created,
        currency,
        customer: customer?.id,
        customer_email: buyerEmail,
        hosted_invoice_url: `${base}/invoices/${invoiceId}`,
        livemode: false,
        metadata: {},
        number: `${String(customer?.invoice_prefix)}-0001`,
        parent: {
          quote_details: null,
          subscription_details: { metadata, subscription: id },
          type: 'subscription_details',
        },
        period_end: created,
        period_start: created,
        status: 'paid',
        subtotal: amountDue,
        total: amountDue,
      };
      subscriptions.set(id, subscription);
      invoices.set(invoiceId, invoice);
      session.subscription = id;
      session.invoice = invoiceId;
      session.payment_status = trialEnd ? 'no_payment_required' : 'paid';
    }
    session.status = 'complete';
    session.url = null;
  }

  function subscriptionById(id: string): Json {
    const subscription = subscriptions.get(id);
    if (!subscription) throw missing('subscription', id, 'id');
    return subscription;
  }

  /** The end of the subscription's current period: the latest end among its items. */
  function periodEnd(subscription: Json, which: 'min' | 'max' = 'max'): number {
    const ends = (subscription.items as { data: Json[] }).data.map((item) => item.current_period_end as number);
    return which === 'min' ? Math.min(...ends) : Math.max(...ends);
  }

  function updateSubscription(id: string, params: Json): Json {
    const subscription = subscriptionById(id);
    if (subscription.status === 'canceled') {
      const other = Object.keys(params).filter((key) => !['metadata', 'cancellation_details', 'expand'].includes(key));
      if (other.length > 0) {
        throw invalid('A canceled subscription can only update its cancellation_details and metadata.', other[0]);
      }
    }
    if (params.cancel_at !== undefined && params.cancel_at_period_end !== undefined) {
      throw invalid('You may only specify one of these parameters: cancel_at, cancel_at_period_end.', 'cancel_at');
    }
    if (params.metadata !== undefined) subscription.metadata = mergeMetadata(subscription.metadata, params.metadata);
    if (params.description !== undefined) subscription.description = textOrNull(params.description);
    if (isRecord(params.cancellation_details)) {
      const details = subscription.cancellation_details as Json;
      if (params.cancellation_details.comment !== undefined) {
        details.comment = textOrNull(params.cancellation_details.comment);
      }
      if (params.cancellation_details.feedback !== undefined) {
        details.feedback = textOrNull(params.cancellation_details.feedback);
      }
    }
    if (params.cancel_at !== undefined) {
      const value = params.cancel_at;
      let cancelAt: number | null;
      if (value === '') cancelAt = null;
      else if (value === 'min_period_end') cancelAt = periodEnd(subscription, 'min');
      else if (value === 'max_period_end' || value === 'max_billed_until') cancelAt = periodEnd(subscription);
      else {
        const at = integer(value);
        if (at === undefined) throw invalid(`Invalid integer: ${String(value)}`, 'cancel_at');
        cancelAt = at;
      }
      subscription.cancel_at = cancelAt;
      subscription.cancel_at_period_end = false;
      subscription.canceled_at = cancelAt === null ? null : nowSeconds();
    }
    const atPeriodEnd = flag(params.cancel_at_period_end);
    if (params.cancel_at_period_end !== undefined && atPeriodEnd === undefined) {
      throw invalid('Invalid boolean: cancel_at_period_end', 'cancel_at_period_end');
    }
    if (atPeriodEnd !== undefined) {
      subscription.cancel_at_period_end = atPeriodEnd;
      subscription.cancel_at = atPeriodEnd ? periodEnd(subscription) : null;
      subscription.canceled_at = atPeriodEnd ? nowSeconds() : null;
    }
    return subscription;
  }

  function cancelSubscription(id: string, params: Json): Json {
    const subscription = subscriptionById(id);
    if (subscription.status === 'canceled') {
      throw invalid(`The subscription ${id} has already been canceled.`, 'id');
    }
    const now = nowSeconds();
    subscription.status = 'canceled';
    subscription.canceled_at = now;
    subscription.ended_at = now;
    const details = subscription.cancellation_details as Json;
    details.reason = 'cancellation_requested';
    if (isRecord(params.cancellation_details)) {
      details.comment = textOrNull(params.cancellation_details.comment) ?? details.comment;
      details.feedback = textOrNull(params.cancellation_details.feedback) ?? details.feedback;
    }
    return subscription;
  }

  function createPortalSession(params: Json): Json {
    if (params.customer === undefined) throw invalid('Missing required param: customer.', 'customer');
    const customer = customerById(params.customer, 'customer') as Json;
    const id = newId('bps_');
    const portal: Json = {
      id,
      object: 'billing_portal.session',
      configuration: textOrNull(params.configuration) ?? 'bpc_standin_default',
      created: nowSeconds(),
      customer: customer.id,
      flow: isRecord(params.flow_data) ? params.flow_data : null,
      livemode: false,
      locale: textOrNull(params.locale),
      on_behalf_of: null,
      return_url: textOrNull(params.return_url),
      url: `${base}/billing/${id}`,
    };
    portalSessions.set(id, portal);
    return portal;
  }

  function paymentIntentById(id: string): Json {
    const intent = paymentIntents.get(id);
    if (!intent) throw missing('payment_intent', id, 'intent');
    return intent;
  }

  function createRefund(params: Json): Json {
    let intent: Json | undefined;
    if (typeof params.payment_intent === 'string') {
      intent = paymentIntents.get(params.payment_intent);
      if (!intent) throw missing('payment_intent', params.payment_intent, 'payment_intent', 400);
    } else if (typeof params.charge === 'string') {
      const charge = params.charge;
      intent = [...paymentIntents.values()].find((candidate) => candidate.latest_charge === charge);
      if (!intent) throw missing('charge', charge, 'charge', 400);
    } else {
      throw invalid('One of the following params should be provided for this request: payment_intent or charge.');
    }
    const intentId = intent.id as string;
    const chargeId = intent.latest_charge as string;
    const remaining = (intent.amount_received as number) - (refunded.get(intentId) ?? 0);
    if (remaining <= 0) {
      throw invalid(`Charge ${chargeId} has already been refunded.`, undefined, 'charge_already_refunded');
    }
    const amount = params.amount === undefined ? remaining : integer(params.amount);
    if (amount === undefined || amount < 1) throw invalid('Invalid positive integer', 'amount');
    if (amount > remaining) {
      throw invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
        'amount',
        'amount_too_large',
      );
    }
    const reason = textOrNull(params.reason);
    if (reason !== null && !REFUND_REASONS.includes(reason)) {
      throw invalid(`Invalid reason: must be one of ${REFUND_REASONS.join(', ')}`, 'reason');
    }
    refunded.set(intentId, (refunded.get(intentId) ?? 0) + amount);
    return {
      id: newId('re_'),
      object: 'refund',
      amount,
      balance_transaction: newId('txn_'),
      charge: chargeId,
      created: nowSeconds(),
      currency: intent.currency,
      destination_details: null,
      metadata: metadataOf(params.metadata),
      payment_intent: intentId,
      reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
  }

  const routes: { method: string; pattern: RegExp; handle: (params: Json, id: string) => Json }[] = [
    { method: 'POST', pattern: /^\/v1\/checkout\/sessions$/, handle: (params) => createCheckoutSession(params) },
    { method: 'GET', pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/, handle: (_params, id) => sessionById(id) },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      handle: (_params, id) => expireSession(id),
    },
    { method: 'POST', pattern: /^\/v1\/customers$/, handle: (params) => createCustomer(params) },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      handle: (_params, id) => {
        const customer = customers.get(id);
        if (!customer) throw missing('customer', id, 'id');
        return customer;
      },
    },
    { method: 'GET', pattern: /^\/v1\/subscriptions\/([^/]+)$/, handle: (_params, id) => subscriptionById(id) },
    {
      method: 'POST',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (params, id) => updateSubscription(id, params),
    },
    {
      method: 'DELETE',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (params, id) => cancelSubscription(id, params),
    },
    { method: 'POST', pattern: /^\/v1\/billing_portal\/sessions$/, handle: (params) => createPortalSession(params) },
    { method: 'GET', pattern: /^\/v1\/payment_intents\/([^/]+)$/, handle: (_params, id) => paymentIntentById(id) },
    { method: 'POST', pattern: /^\/v1\/refunds$/, handle: (params) => createRefund(params) },
  ];

  function route(method: string, path: string, params: Json): Answer {
    for (const candidate of routes) {
      if (candidate.method !== method) continue;
      const match = candidate.pattern.exec(path);
      if (!match) continue;
      const object = candidate.handle(params, decodeURIComponent(match[1] ?? ''));
      return { status: 200, body: expanded(object, params.expand) };
    }
    throw new StripeFailure(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  function authenticate(header: string | undefined): void {
    if (!header) {
      throw new StripeFailure(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      });
    }
    const key = /^Bearer (\S+)$/.exec(header)?.[1] ?? '';
    if (!key.startsWith('sk_') || key.startsWith('sk_live_')) {
      throw new StripeFailure(401, {
        type: 'invalid_request_error',
        message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
      });
    }
  }

  /** The stand-in's hosted checkout page and billing portal page (no API key, as in a browser). */
  function page(path: string, query: URLSearchParams, res: ServerResponse): boolean {
    const pay = /^\/pay\/([^/]+)$/.exec(path);
    if (pay) {
      const session = sessions.get(decodeURIComponent(pay[1] ?? ''));
      if (!session || session.status !== 'open') {
        res.writeHead(session ? 410 : 404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(session ? `This checkout session is ${String(session.status)}.` : 'No such checkout session.');
        return true;
      }
      const cancel = query.get('outcome') === 'cancel';
      if (!cancel) paySession(session, textOrNull(query.get('email')));
      const target = textOrNull(cancel ? session.cancel_url : session.success_url);
      if (target) {
        res.writeHead(303, { Location: target.replaceAll('{CHECKOUT_SESSION_ID}', session.id as string) });
        res.end();
      } else {
        res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(cancel ? 'Checkout canceled.' : 'Checkout complete.');
      }
      return true;
    }
    const billing = /^\/billing\/([^/]+)$/.exec(path);
    if (billing) {
      const portal = portalSessions.get(decodeURIComponent(billing[1] ?? ''));
      if (!portal) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('No such billing portal session.');
        return true;
      }
      const back = textOrNull(portal.return_url);
      const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><title>Billing portal</title><h1>Billing portal (Stripe stand-in)</h1>` +
          `<p>Customer ${escape(String(portal.customer))}</p>` +
          (back ? `<p><a href="${escape(back)}">Return</a></p>` : ''),
      );
      return true;
    }
    return false;
  }

  function send(res: ServerResponse, answer: Answer, headers: Record<string, string>): void {
    res.writeHead(answer.status, {
      'Content-Type': 'application/json',
      'Request-Id': newId('req_', 14),
      ...headers,
    });
    res.end(JSON.stringify(answer.body, null, 2));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const method = req.method ?? 'GET';
    const target = new URL(req.url ?? '/', base);
    const path = target.pathname;
    const params = method === 'GET' || method === 'DELETE' ? parseForm(target.search.slice(1)) : parseForm(rawBody);
    const keyHeader = req.headers['idempotency-key'];
    const idempotencyKey = typeof keyHeader === 'string' ? keyHeader : null;
    requests.push({ method, path, body: params, idempotencyKey });

    const headers: Record<string, string> = {
      'Stripe-Version':
        typeof req.headers['stripe-version'] === 'string' ? req.headers['stripe-version'] : Stripe.API_VERSION,
      ...(idempotencyKey && { 'Idempotency-Key': idempotencyKey }),
    };
    try {
      if (failure !== null) throw simulatedFailure(failure);
      if (method === 'GET' && page(path, target.searchParams, res)) return;
      authenticate(req.headers.authorization);
      if (idempotencyKey && method === 'POST') {
        const saved = idempotent.get(idempotencyKey);
        if (saved) {
          if (saved.method !== method || saved.path !== path || saved.rawBody !== rawBody) {
            throw new StripeFailure(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            });
          }
          send(res, saved, { ...headers, 'Idempotent-Replayed': 'true' });
          return;
        }
      }
      const answer = route(method, path, params);
      if (idempotencyKey && method === 'POST') {
        idempotent.set(idempotencyKey, { ...answer, body: structuredClone(answer.body), method, path, rawBody });
      }
      send(res, answer, headers);
    } catch (error) {
      if (error instanceof StripeFailure) {
        send(res, { status: error.status, body: { error: error.error } }, headers);
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      send(
        res,
        { status: 500, body: { error: { type: 'api_error', message: `Stripe stand-in bug: ${message}` } } },
        headers,
      );
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(`Stripe stand-in bug: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = '127.0.0.1';
  base = `http://${host}:${port}`;

  return {
    url: base,
    host,
    port,
    requests,
    sessions,
    failWith(status) {
      if (status !== null && !(Number.isInteger(status) && status >= 400 && status <= 599)) {
        throw new Error(`failWith takes an HTTP error status (400 to 599) or null, not ${status}`);
      }
      failure = status;
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

/**
 * A Stripe client pointed at the stand-in (protocol http, host, port, maxNetworkRetries 0, apiKey
 * 'sk_test_standin'): the same options the product's client takes from STRIPE_API_BASE.
 */
export function standInClient(standIn: StripeStandIn): Stripe {
  return new Stripe('sk_test_standin', {
    protocol: 'http',
    host: standIn.host,
    port: standIn.port,
    maxNetworkRetries: 0,
  });
}

/**
 * A signed webhook delivery: the JSON body of a Stripe Event `{id, object:'event', type, created,
 * data:{object}, livemode:false, api_version, pending_webhooks, request}` and its `Stripe-Signature`
 * header made with `Stripe.webhooks.generateTestHeaderString({payload, secret, timestamp})`
 * (`timestampSeconds` in seconds, default now; it is also the event's `created`). `id` defaults to a
 * new `evt_…`; pass the same id twice to deliver the same event again.
 */
export function signedEvent(
  secret: string,
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; timestampSeconds?: number } = {},
): { body: string; signature: string; id: string } {
  const id = options.id ?? newId('evt_');
  const timestamp = options.timestampSeconds ?? nowSeconds();
  const body = JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: timestamp,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });
  return { body, signature, id };
}
