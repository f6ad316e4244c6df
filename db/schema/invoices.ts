/**
 * Invoices, payments and plans (docs/product.md#invoices, docs/product.md#payments;
 * docs/decisions/0043-invoices-and-payments.md).
 *
 * - `invoices`: a bill to a client or the credit note that voids one. A draft may be changed or
 *   deleted; issuing gives it the next number of its series and year (`invoice_number_series`,
 *   counted in the issuing write, so no gap and no duplicate) and freezes its lines and totals (a
 *   trigger of migration 0023 refuses any change to them afterwards). Money is integer US cents;
 *   `paid_cents` is the sum of its payments less refunds, kept by the write that records each one.
 * - `payments`: money received for an invoice (`kind` payment) or given back (`kind` refund). A
 *   Stripe payment is recorded once per payment intent (a unique index) and a Stripe event once
 *   (`stripe_events`), however often either arrives; a payment staff record with the payment
 *   intent's id as its reference is the same payment.
 * - `subscriptions`: a monthly plan: one bought online through Stripe (`provider` stripe: each
 *   paid Stripe invoice is recorded as a paid invoice), or the monthly lines of a signed proposal
 *   (`provider` invoice: the invoices job issues one each month from `next_invoice_on`).
 * - `invoice_reminders`: the reminders sent for an invoice (3 days before the due date, on it, 7
 *   days after), each once; `reminder_days` the day a person last had one (never two a day).
 *
 * Timestamps are integer milliseconds since the Unix epoch; days are 'YYYY-MM-DD' in SITE_TIME_ZONE.
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import type { InvoiceItem } from '../../src/shared/invoices.ts';
import { INVOICE_KINDS, INVOICE_SOURCES, INVOICE_STATUSES, PAYMENT_METHODS } from '../../src/shared/invoices.ts';
import { json, now, timestamp } from './columns.ts';
import { users } from './auth.ts';
import { clients, projects } from './portal.ts';
import { proposals } from './proposals.ts';

const uuid = () => crypto.randomUUID();

/** A frozen line: what staff wrote and its amount. */
export interface InvoiceLine extends InvoiceItem {
  amountCents: number;
}

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'cancel_requested', 'canceled'] as const;
export const SUBSCRIPTION_PROVIDERS = ['stripe', 'invoice'] as const;

export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'set null' }),
    proposalId: text('proposal_id').references(() => proposals.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: SUBSCRIPTION_PROVIDERS }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    /** What each month bills, US cents, and the lines it bills. */
    monthlyCents: integer('monthly_cents').notNull(),
    items: json('items').$type<InvoiceItem[]>().notNull(),
    startedOn: text('started_on').notNull(),
    /** The last day of the commitment (12 months for the plan), or null. */
    commitmentEndsOn: text('commitment_ends_on'),
    /** For `provider` invoice: the day the next monthly invoice is issued. */
    nextInvoiceOn: text('next_invoice_on'),
    stripeSubscriptionId: text('stripe_subscription_id').unique(),
    stripeCustomerId: text('stripe_customer_id'),
    /** The last failed payment (a Stripe invoice's), cleared by the next paid one. */
    paymentFailedAt: timestamp('payment_failed_at'),
    cancelRequestedAt: timestamp('cancel_requested_at'),
    cancelRequestedByName: text('cancel_requested_by_name'),
    /** The day the cancellation takes effect: the later of the commitment's end and 30 days' notice. */
    cancelEffectiveOn: text('cancel_effective_on'),
    /** When staff confirmed the cancellation request. */
    cancelConfirmedAt: timestamp('cancel_confirmed_at'),
    canceledAt: timestamp('canceled_at'),
    createdAt: timestamp('created_at').notNull().default(now),
    updatedAt: timestamp('updated_at').notNull().default(now),
  },
  (t) => [index('subscriptions_client_idx').on(t.clientId), index('subscriptions_next_idx').on(t.nextInvoiceOn)],
);

export const invoices = sqliteTable(
  'invoices',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'set null' }),
    proposalId: text('proposal_id').references(() => proposals.id, { onDelete: 'set null' }),
    subscriptionId: text('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull().default('invoice'),
    source: text('source', { enum: INVOICE_SOURCES }).notNull().default('manual'),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('draft'),
    /** 'INV-2026-0001' / 'CN-2026-0001', set when issued. */
    number: text('number').unique(),
    numberYear: integer('number_year'),
    numberSequence: integer('number_sequence'),
    items: json('items').$type<InvoiceLine[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxBasisPoints: integer('tax_basis_points').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    paidCents: integer('paid_cents').notNull().default(0),
    /** The last day to pay, 'YYYY-MM-DD'; null: net days from the issue day (set when issued). */
    dueDate: text('due_date'),
    issuedOn: text('issued_on'),
    notes: text('notes'),
    /** A credit note: the invoice it voids. An invoice: the credit note that voided it. */
    creditsInvoiceId: text('credits_invoice_id'),
    creditNoteId: text('credit_note_id'),
    voidReason: text('void_reason'),
    /** The Stripe invoice this records (a plan's month), once. */
    stripeInvoiceId: text('stripe_invoice_id').unique(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    issuedAt: timestamp('issued_at'),
    voidedAt: timestamp('voided_at'),
    createdAt: timestamp('created_at').notNull().default(now),
    updatedAt: timestamp('updated_at').notNull().default(now),
  },
  (t) => [
    index('invoices_client_idx').on(t.clientId, t.createdAt),
    index('invoices_status_idx').on(t.status, t.dueDate),
    uniqueIndex('invoices_deposit_unique')
      .on(t.proposalId)
      .where(sql`${t.source} = 'deposit'`),
  ],
);

export const invoiceNumberSeries = sqliteTable(
  'invoice_number_series',
  {
    kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
    year: integer('year').notNull(),
    /** The last sequence given out in that year. */
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['payment', 'refund'] })
      .notNull()
      .default('payment'),
    /** Always positive, US cents; a refund takes it off the invoice's paid amount. */
    amountCents: integer('amount_cents').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    receivedOn: text('received_on').notNull(),
    reference: text('reference'),
    /** A payment larger than the balance that staff marked as credit: the rest is the client's credit. */
    creditCents: integer('credit_cents').notNull().default(0),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    stripeRefundId: text('stripe_refund_id').unique(),
    stripeEventId: text('stripe_event_id'),
    recordedByName: text('recorded_by_name').notNull(),
    createdAt: timestamp('created_at').notNull().default(now),
  },
  (t) => [
    index('payments_invoice_idx').on(t.invoiceId, t.createdAt),
    uniqueIndex('payments_intent_unique')
      .on(t.stripePaymentIntentId)
      .where(sql`${t.kind} = 'payment'`),
    index('payments_received_idx').on(t.receivedOn),
  ],
);

export const stripeEvents = sqliteTable('stripe_events', {
  /** Stripe's event id (`evt_…`). */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** What the event did: `recorded`, or why it changed nothing. */
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at').notNull().default(now),
});

export const invoiceReminders = sqliteTable(
  'invoice_reminders',
  {
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** `before` (3 days before the due date), `due` (on it), `after` (7 days after). */
    kind: text('kind', { enum: ['before', 'due', 'after'] }).notNull(),
    sentAt: timestamp('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.kind] })],
);

export const reminderDays = sqliteTable(
  'invoice_reminder_days',
  {
    email: text('email').notNull(),
    day: text('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.day] })],
);
