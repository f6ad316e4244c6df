/**
 * What the invoice services share (docs/product.md#invoices): an invoice read in a write, its live
 * event, the frozen lines and totals of a draft's items, and the agency's day.
 */
import { eq } from 'drizzle-orm';
import { clients, invoices, projects } from '../../../../db/schema/index.ts';
import { invoiceLineCents, invoiceTotals, type InvoiceItem } from '../../../shared/invoices.ts';
import type { SqlDb } from '../../db/database.ts';
import { InvalidFieldError, NotFoundError } from '../../errors.ts';
import { recordEvent } from '../events/events.ts';
import type { InvoiceRow } from './invoice-json.ts';

/** The invoice `id` in `tx`, or NotFoundError. */
export async function invoiceRow(tx: SqlDb, id: string): Promise<InvoiceRow> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw new NotFoundError('Invoice');
  return row;
}

/**
 * Records `invoice-updated` for `row` in `tx`: the client's portals follow it once it is issued.
 * A change to a client's plan records it with `id` null.
 */
export async function recordInvoiceUpdated(
  tx: SqlDb,
  row: { id: string | null; status: InvoiceRow['status']; clientId: string },
): Promise<void> {
  await recordEvent(tx, {
    type: 'invoice-updated',
    invoiceId: row.id,
    clientId: row.status === 'draft' ? null : row.clientId,
  });
}

/** The stored lines and totals of `items` at `taxBasisPoints`, integer cents. */
export function linesAndTotals(items: readonly InvoiceItem[], taxBasisPoints: number) {
  return {
    items: items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      amountCents: invoiceLineCents(item),
    })),
    taxBasisPoints,
    ...invoiceTotals(items, taxBasisPoints),
  };
}

/**
 * Checks in `tx` that client `clientId` exists and, when given, that project `projectId` is one
 * of its own. InvalidFieldError('clientId' | 'projectId') otherwise.
 */
export async function checkRecipient(tx: SqlDb, clientId: string, projectId: string | null | undefined) {
  const [client] = await tx
    .select({ id: clients.id, erasedAt: clients.erasedAt })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client || client.erasedAt) throw new InvalidFieldError('clientId', 'Choose a client');
  if (!projectId) return;
  const [project] = await tx.select({ clientId: projects.clientId }).from(projects).where(eq(projects.id, projectId));
  if (project?.clientId !== clientId) throw new InvalidFieldError('projectId', "Choose one of this client's projects");
}
