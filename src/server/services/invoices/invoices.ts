/**
 * Invoices for staff (docs/product.md#invoices; docs/decisions/0043-invoices-and-payments.md):
 * read one with its client, payments and credit note; draft one, change and delete a draft.
 * Issuing and voiding are services/invoices/issuing.ts, payments services/invoices/payments.ts.
 * Every change is one write with its admin event and a live `invoice-updated` event; the totals
 * are computed here in integer cents, with the tax rate of the moment (TAX_RATE_BASIS_POINTS).
 */
import { and, asc, eq } from 'drizzle-orm';
import { clients, invoices, payments } from '../../../../db/schema/index.ts';
import type { InvoiceValues } from '../../../shared/schemas/invoices.ts';
import { staffName } from '../../../shared/staff-name.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import { todayIn } from '../proposals/validity.ts';
import { paymentJson, staffInvoiceJson } from './invoice-json.ts';
import { checkRecipient, invoiceRow, linesAndTotals, recordInvoiceUpdated } from './invoice-rows.ts';

/** The settings drafting reads. */
export interface DraftSettings {
  taxBasisPoints: number;
  timeZone: string;
}

/** The 409 of a change to an invoice that was issued. */
const issuedAlready = () =>
  new AppError(
    409,
    'invoice_issued',
    'An issued invoice cannot be changed or deleted. Void it to issue a credit note, then make a new one.',
  );

/**
 * Staff's view of invoice `id` (invoice-json.ts) with its payments, the credit note that voided it
 * or the invoice a credit note voids, and its client's billing details. NotFoundError.
 */
export async function getInvoice(db: Database | { read: SqlDb }, id: string, timeZone: string) {
  const [row] = await db.read
    .select({ invoice: invoices, client: clients })
    .from(invoices)
    .leftJoin(clients, eq(clients.id, invoices.clientId))
    .where(eq(invoices.id, id));
  if (!row) throw new NotFoundError('Invoice');
  const paid = await db.read
    .select()
    .from(payments)
    .where(eq(payments.invoiceId, id))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  const linkedId = row.invoice.creditNoteId ?? row.invoice.creditsInvoiceId;
  const [linked] = linkedId
    ? await db.read.select({ id: invoices.id, number: invoices.number }).from(invoices).where(eq(invoices.id, linkedId))
    : [];
  const json = staffInvoiceJson(row.invoice, row.client, todayIn(timeZone));
  return {
    ...json,
    client: row.client ? { ...json.client!, email: row.client.email, billingAddress: row.client.billingAddress } : null,
    payments: paid.map(paymentJson),
    creditNote: row.invoice.creditNoteId && linked ? linked : null,
    creditsInvoice: row.invoice.creditsInvoiceId && linked ? linked : null,
  };
}

/** Drafts an invoice of `values` by `actor`. Returns `{id, status: 'draft'}`. InvalidFieldError for a client or project that will not do. */
export async function createInvoice(db: Database, actor: Actor, values: InvoiceValues, settings: DraftSettings) {
  return db.write(async (tx) => {
    await checkRecipient(tx, values.clientId, values.projectId);
    const now = new Date();
    const [row] = await tx
      .insert(invoices)
      .values({
        clientId: values.clientId,
        projectId: values.projectId ?? null,
        ...linesAndTotals(values.items, settings.taxBasisPoints),
        dueDate: values.dueDate ?? null,
        notes: values.notes,
        createdBy: actor.id,
        createdByName: staffName(actor),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAdminEvent(tx, actor, 'create', 'invoice', row!.id, `Drafted an invoice of ${row!.items.length} lines`);
    await recordInvoiceUpdated(tx, row!);
    return { id: row!.id, status: row!.status };
  });
}

/** Changes draft `id` to `values`. NotFoundError; AppError 409 `invoice_issued` once issued. */
export async function updateInvoice(
  db: Database,
  actor: Actor,
  id: string,
  values: InvoiceValues,
  settings: DraftSettings,
) {
  return db.write(async (tx) => {
    const current = await invoiceRow(tx, id);
    if (current.status !== 'draft') throw issuedAlready();
    await checkRecipient(tx, values.clientId, values.projectId);
    const [row] = await tx
      .update(invoices)
      .set({
        clientId: values.clientId,
        projectId: values.projectId ?? null,
        ...linesAndTotals(values.items, settings.taxBasisPoints),
        dueDate: values.dueDate ?? null,
        notes: values.notes,
        updatedAt: new Date(),
      })
      .where(and(eq(invoices.id, id), eq(invoices.status, 'draft')))
      .returning();
    if (!row) throw issuedAlready();
    await recordAdminEvent(tx, actor, 'update', 'invoice', id, 'Updated a draft invoice');
    await recordInvoiceUpdated(tx, row);
    return { id, status: row.status };
  });
}

/** Deletes draft `id`. NotFoundError; AppError 409 `invoice_issued` for an issued one. */
export async function deleteInvoice(db: Database, actor: Actor, id: string): Promise<void> {
  await db.write(async (tx) => {
    const row = await invoiceRow(tx, id);
    if (row.status !== 'draft') throw issuedAlready();
    const [gone] = await tx
      .delete(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.status, 'draft')))
      .returning({ id: invoices.id });
    if (!gone) throw issuedAlready();
    await recordAdminEvent(tx, actor, 'delete', 'invoice', id, 'Deleted a draft invoice');
    await recordInvoiceUpdated(tx, row);
  });
}
