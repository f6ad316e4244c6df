/**
 * How the API carries an invoice and its payments (docs/product.md#invoices): staff see every
 * field with the client and the payments; a client's `owner` or `billing` member sees an issued
 * invoice (never a draft) without staff-only fields. Amounts are integer cents computed by the
 * server: `balanceCents` is what is still owed (0 for a void invoice and for a credit note).
 */
import { businessName } from '../../../shared/team.ts';
import { isOverdue, type InvoiceStatus } from '../../../shared/invoices.ts';
import type { invoices, payments } from '../../../../db/schema/index.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** What is still owed on `row`, cents (never negative). */
export function balanceOf(row: Pick<InvoiceRow, 'kind' | 'status' | 'totalCents' | 'paidCents'>): number {
  if (row.kind === 'credit_note' || row.status === 'void' || row.status === 'draft') {
    return row.status === 'draft' ? row.totalCents : 0;
  }
  return Math.max(0, row.totalCents - row.paidCents);
}

/** The status that follows from `paidCents` of `totalCents` for an issued invoice. */
export function statusForPaid(totalCents: number, paidCents: number): InvoiceStatus {
  if (paidCents >= totalCents) return 'paid';
  return paidCents > 0 ? 'partially_paid' : 'open';
}

/** A payment as both sides list it. */
export function paymentJson(row: PaymentRow) {
  return {
    id: row.id,
    kind: row.kind,
    amountCents: row.amountCents,
    creditCents: row.creditCents,
    method: row.method,
    receivedOn: row.receivedOn,
    reference: row.reference,
    recordedByName: row.recordedByName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The fields both sides see of `row`, as of `today` ('YYYY-MM-DD' in the agency's zone). */
function sharedJson(row: InvoiceRow, today: string) {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    status: row.status,
    overdue: isOverdue(row, today),
    projectId: row.projectId,
    items: row.items,
    subtotalCents: row.subtotalCents,
    taxBasisPoints: row.taxBasisPoints,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    paidCents: row.paidCents,
    balanceCents: balanceOf(row),
    dueDate: row.dueDate,
    issuedOn: row.issuedOn,
    notes: row.notes,
    creditsInvoiceId: row.creditsInvoiceId,
    creditNoteId: row.creditNoteId,
    voidReason: row.voidReason,
    voidedAt: iso(row.voidedAt),
  };
}

/** The client an invoice is for, as staff see it. */
interface ClientParts {
  id: string;
  name: string;
  company: string | null;
  email: string;
}

/** The staff's view of `row` for `client`, as of `today`. */
export function staffInvoiceJson(row: InvoiceRow, client: ClientParts | null, today: string) {
  return {
    ...sharedJson(row, today),
    clientId: row.clientId,
    client: client ? { id: client.id, name: client.name, business: businessName(client) } : null,
    proposalId: row.proposalId,
    subscriptionId: row.subscriptionId,
    source: row.source,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    issuedAt: iso(row.issuedAt),
  };
}

/** A client member's view of issued invoice `row`, as of `today`. */
export function clientInvoiceJson(row: InvoiceRow, today: string) {
  return sharedJson(row, today);
}
