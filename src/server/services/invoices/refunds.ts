/**
 * Refunds (docs/product.md#payments), recorded from Stripe's `charge.refunded` event: once per
 * refund id (a unique index), the amount taken off the invoice's paid amount, so a paid invoice is
 * partially paid or open again; the admin event, the live event and the client's notice.
 */
import { eq } from 'drizzle-orm';
import { invoices, payments } from '../../../../db/schema/index.ts';
import { formatCents } from '../../../shared/proposals.ts';
import type { SqlDb } from '../../db/database.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import { statusForPaid, type InvoiceRow } from './invoice-json.ts';
import { recordInvoiceUpdated } from './invoice-rows.ts';
import { queueReceipt } from './payments.ts';
import type { BillingEmailEnv } from './recipients.ts';

/**
 * Records in `tx` a refund of `amountCents` on invoice `row` (Stripe's refund `refundId`): the
 * refund row (once per refund id), `paid_cents` less it, the status, the events and the notice.
 * Resolves false when that refund was already recorded.
 */
export async function applyRefund(
  tx: SqlDb,
  actor: Actor,
  row: InvoiceRow,
  refund: {
    amountCents: number;
    refundId: string;
    paymentIntentId: string | null;
    eventId: string;
    receivedOn: string;
  },
  env: BillingEmailEnv,
  now: Date,
): Promise<boolean> {
  const [recorded] = await tx
    .insert(payments)
    .values({
      invoiceId: row.id,
      kind: 'refund',
      amountCents: refund.amountCents,
      method: 'card',
      receivedOn: refund.receivedOn,
      reference: refund.refundId,
      stripePaymentIntentId: refund.paymentIntentId,
      stripeRefundId: refund.refundId,
      stripeEventId: refund.eventId,
      recordedByName: 'Stripe',
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!recorded) return false;
  const paid = Math.max(0, row.paidCents - refund.amountCents);
  const [after] = await tx
    .update(invoices)
    .set({
      paidCents: paid,
      status: row.status === 'void' || row.kind === 'credit_note' ? row.status : statusForPaid(row.totalCents, paid),
      updatedAt: now,
    })
    .where(eq(invoices.id, row.id))
    .returning();
  await recordAdminEvent(
    tx,
    actor,
    'create',
    'payment',
    recorded.id,
    `Recorded a refund of ${formatCents(refund.amountCents)} on ${row.number}`,
  );
  await recordInvoiceUpdated(tx, after!);
  await queueReceipt(
    tx,
    after!,
    {
      ...refund,
      method: 'card',
      reference: refund.refundId,
      creditCents: 0,
      stripePaymentIntentId: null,
      stripeEventId: null,
      recordedByName: 'Stripe',
    },
    true,
    env,
    now,
  );
  return true;
}
