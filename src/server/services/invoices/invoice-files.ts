/**
 * An invoice's PDF (docs/product.md#invoices), rendered when it is asked for from the frozen
 * invoice (invoice-pdf.ts): an issued invoice never changes, so the same invoice gives the same
 * document but for its status, paid amount and balance, which are the day's. A draft has no PDF.
 */
import { eq } from 'drizzle-orm';
import { clients } from '../../../../db/schema/index.ts';
import { INVOICE_STATUS_LABELS } from '../../../shared/invoices.ts';
import type { SqlDb } from '../../db/database.ts';
import type { Env } from '../../env/index.ts';
import { NotFoundError } from '../../errors.ts';
import { todayIn } from '../proposals/validity.ts';
import { balanceOf, type InvoiceRow } from './invoice-json.ts';
import { invoiceRow } from './invoice-rows.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { isOverdue } from '../../../shared/invoices.ts';
import { stripeOf } from './stripe.ts';

type PdfEnv = Pick<
  Env,
  | 'SITE_URL'
  | 'SITE_TIME_ZONE'
  | 'PAYMENT_INSTRUCTIONS'
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'STRIPE_API_BASE'
>;

/** The file name of `row`'s PDF: 'INV-2026-0001.pdf'. */
export const invoiceFileName = (row: Pick<InvoiceRow, 'number'>) => `${row.number}.pdf`;

/**
 * The PDF of issued invoice `row` (read with `db`), as of now: its bytes. NotFoundError for a
 * draft; rejects with what the PDF library rejects.
 */
export async function invoicePdfOf(db: SqlDb, row: InvoiceRow, env: PdfEnv): Promise<Buffer> {
  if (row.status === 'draft' || !row.number || !row.issuedOn) throw new NotFoundError('Invoice');
  const [client] = await db.select().from(clients).where(eq(clients.id, row.clientId));
  const online = stripeOf(env) !== null && row.kind === 'invoice';
  const page = new URL(`/portal/invoices/${row.id}`, env.SITE_URL).href;
  const status = isOverdue(row, todayIn(env.SITE_TIME_ZONE)) ? 'overdue' : row.status;
  let creditFor: string | null = null;
  if (row.creditsInvoiceId) creditFor = (await invoiceRow(db, row.creditsInvoiceId).catch(() => null))?.number ?? null;
  return renderInvoicePdf({
    kind: row.kind,
    number: row.number,
    issuedOn: row.issuedOn,
    dueDate: row.kind === 'credit_note' ? null : row.dueDate,
    client: {
      name: client?.name ?? 'Client',
      company: client?.company ?? null,
      email: client?.email ?? null,
      address: client?.billingAddress ?? null,
    },
    items: row.items,
    subtotalCents: row.subtotalCents,
    taxBasisPoints: row.taxBasisPoints,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    paidCents: row.paidCents,
    balanceCents: balanceOf(row),
    statusLabel: row.kind === 'credit_note' ? 'Credit note' : INVOICE_STATUS_LABELS[status],
    notes: row.notes,
    howToPay:
      row.kind === 'credit_note'
        ? null
        : online
          ? `Pay online: ${page}\n\n${env.PAYMENT_INSTRUCTIONS}`
          : env.PAYMENT_INSTRUCTIONS,
    creditFor,
  });
}
