/**
 * Payments and refunds (docs/product.md#payments; docs/decisions/0043-invoices-and-payments.md).
 *
 * A payment is one write: the row, the invoice's `paid_cents` and status (open → partially paid →
 * paid), the admin event, the live event and a receipt to the client's paying members. Staff
 * record one by hand (amount, method, day, reference); a payment larger than the balance is
 * refused unless staff mark it as credit, and then the rest is the client's credit. Stripe's are
 * recorded from its signed events (stripe-events.ts) through `applyPayment`, once per payment
 * intent: the unique index on `stripe_payment_intent_id` makes a second delivery, or a staff entry
 * whose reference is that payment intent's id (`pi_…`), change nothing.
 *
 * A refund takes its amount off `paid_cents` (a paid invoice is partially paid or open again).
 */
import { eq, sql } from 'drizzle-orm';
import { invoices, payments } from '../../../../db/schema/index.ts';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/invoices.ts';
import { formatCents } from '../../../shared/proposals.ts';
import type { PaymentValues } from '../../../shared/schemas/invoices.ts';
import { staffName } from '../../../shared/staff-name.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { AppError, InvalidFieldError } from '../../errors.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import { renderPaymentReceipt } from '../email/templates/invoices.tsx';
import { formatDay, todayIn } from '../proposals/validity.ts';
import { balanceOf, paymentJson, staffInvoiceJson, statusForPaid, type InvoiceRow } from './invoice-json.ts';
import { invoiceRow, recordInvoiceUpdated } from './invoice-rows.ts';
import { invoicePath } from './issuing.ts';
import { queueBillingEmails, type BillingEmailEnv } from './recipients.ts';

/** A payment to record. */
export interface PaymentInput {
  amountCents: number;
  method: PaymentMethod;
  receivedOn: string;
  reference: string | null;
  /** Cents of it beyond the balance, kept as the client's credit. */
  creditCents: number;
  stripePaymentIntentId: string | null;
  stripeEventId: string | null;
  recordedByName: string;
}

/** The 409s of an invoice that takes no payment. */
function refuseUnlessPayable(row: InvoiceRow): void {
  if (row.kind === 'credit_note') throw new AppError(409, 'credit_note', 'A credit note takes no payment.');
  if (row.status === 'draft')
    throw new AppError(409, 'invoice_draft', 'Issue this invoice before recording a payment.');
  if (row.status === 'void') throw new AppError(409, 'invoice_void', 'This invoice is void: it takes no payment.');
  if (row.status === 'paid') throw new AppError(409, 'invoice_paid', 'This invoice is already paid.');
}

/** Queues the receipt of `amountCents` on `row` (now with balance of `after`) in `tx`. */
export async function queueReceipt(
  tx: SqlDb,
  after: InvoiceRow,
  input: PaymentInput,
  refund: boolean,
  env: BillingEmailEnv,
  now: Date,
) {
  await queueBillingEmails(
    tx,
    after.clientId,
    invoicePath(after.id),
    (to) =>
      renderPaymentReceipt({
        name: to.name,
        number: after.number!,
        amount: formatCents(input.amountCents),
        balance: formatCents(balanceOf(after)),
        receivedOn: formatDay(input.receivedOn),
        method: PAYMENT_METHOD_LABELS[input.method],
        refund,
        link: to.link,
      }),
    env,
    now,
  );
}

/**
 * Records `input` on issued invoice `row` in `tx` (see the module comment), with its receipt
 * unless `quiet` (the demo data). Resolves with the
 * payment and the invoice after it, or null when the payment intent was already recorded.
 */
export async function applyPayment(
  tx: SqlDb,
  actor: Actor,
  row: InvoiceRow,
  input: PaymentInput,
  env: BillingEmailEnv,
  now: Date,
  options: { quiet?: boolean } = {},
) {
  const [payment] = await tx
    .insert(payments)
    .values({ invoiceId: row.id, kind: 'payment', ...input, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (!payment) return null;
  const applied = input.amountCents - input.creditCents;
  let after = row;
  if (row.status === 'open' || row.status === 'partially_paid') {
    const [updated] = await tx
      .update(invoices)
      .set({
        paidCents: sql`${invoices.paidCents} + ${applied}`,
        status: statusForPaid(row.totalCents, row.paidCents + applied),
        updatedAt: now,
      })
      .where(eq(invoices.id, row.id))
      .returning();
    after = updated!;
  }
  const credit = input.creditCents > 0 ? ` (${formatCents(input.creditCents)} of it as credit)` : '';
  await recordAdminEvent(
    tx,
    actor,
    'create',
    'payment',
    payment.id,
    `Recorded a payment of ${formatCents(input.amountCents)} on ${row.number} by ${PAYMENT_METHOD_LABELS[input.method]}${credit}`,
  );
  await recordInvoiceUpdated(tx, after);
  if (!options.quiet) await queueReceipt(tx, after, input, false, env, now);
  return { payment, invoice: after };
}

/**
 * Staff record `values` on invoice `id` (see the module comment): `{payment, invoice}` as staff
 * see them. NotFoundError; AppError 409 `invoice_draft`, `invoice_void`, `invoice_paid`,
 * `credit_note`, or `payment_recorded` for a Stripe payment already recorded; InvalidFieldError
 * ('amountCents') for more than the balance without `asCredit`.
 */
export async function recordPayment(
  db: Database,
  actor: Actor,
  id: string,
  values: PaymentValues,
  env: BillingEmailEnv,
) {
  return db.write(async (tx) => {
    const now = new Date();
    const row = await invoiceRow(tx, id);
    refuseUnlessPayable(row);
    const balance = balanceOf(row);
    if (values.amountCents > balance && !values.asCredit) {
      throw new InvalidFieldError(
        'amountCents',
        `The payment is more than the balance of ${formatCents(balance)}. Mark it as credit to keep the rest as the client's credit.`,
      );
    }
    const intent = values.reference && /^pi_[A-Za-z0-9]+$/.test(values.reference) ? values.reference : null;
    const done = await applyPayment(
      tx,
      actor,
      row,
      {
        amountCents: values.amountCents,
        method: values.method,
        receivedOn: values.receivedOn,
        reference: values.reference,
        creditCents: Math.max(0, values.amountCents - balance),
        stripePaymentIntentId: intent,
        stripeEventId: null,
        recordedByName: staffName(actor),
      },
      env,
      now,
    );
    if (!done) throw new AppError(409, 'payment_recorded', 'This Stripe payment is already recorded on an invoice.');
    return {
      payment: paymentJson(done.payment),
      invoice: staffInvoiceJson(done.invoice, null, todayIn(env.SITE_TIME_ZONE, now)),
    };
  });
}

/** Invoice `id` read in `tx` (for the webhook), or null. */
export async function findInvoice(tx: SqlDb, id: string): Promise<InvoiceRow | null> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}
