/**
 * What an invoice's or credit note's PDF is made from (services/invoices/invoice-pdf.ts,
 * docs/product.md#invoices): the frozen invoice, the client it is addressed to and how to pay.
 * Money is integer US cents; days are 'YYYY-MM-DD'.
 */
/** One line of the invoice: `quantity` units at `unitPriceCents` each, `amountCents` in all (US cents). */
export interface InvoicePdfLine {
  /** Plain text; long descriptions wrap. */
  description: string;
  /** A finite, non-negative number, e.g. 1, 12 or 1.5 (hours). */
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
}

/**
 * What renderInvoicePdf needs: the invoice or credit note as it stands. Every `…Cents` field is a
 * non-negative integer number of US cents; every day is 'YYYY-MM-DD' in the agency's time zone.
 */
export interface InvoicePdfInput {
  kind: 'invoice' | 'credit_note';
  /** 'INV-2026-0001' or 'CN-2026-0001'. */
  number: string;
  /** The day it was issued, 'YYYY-MM-DD'. */
  issuedOn: string;
  /** The day payment is due, 'YYYY-MM-DD'; null for a credit note. */
  dueDate: string | null;
  /** Who is billed; `address` is multi-line text. */
  client: { name: string; company: string | null; email: string | null; address: string | null };
  items: InvoicePdfLine[];
  subtotalCents: number;
  /** The tax rate in basis points: 0 prints no tax line; 625 prints "Tax (6.25%)". */
  taxBasisPoints: number;
  taxCents: number;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  /** e.g. 'Open', 'Paid', 'Partially paid', 'Void', 'Overdue'. */
  statusLabel: string;
  /** Plain text, may be multi-line. */
  notes: string | null;
  /** Plain text, multi-line: payment instructions or 'Pay online: https://…' (http(s) URLs are clickable). */
  howToPay: string | null;
  /** For a credit note: the number of the invoice it credits, printed "Credits invoice INV-…". */
  creditFor: string | null;
}
