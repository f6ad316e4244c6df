/**
 * Invoices and payments (docs/product.md#invoices, docs/product.md#payments): statuses and their
 * labels, the line items, the limits, the totals in integer cents and the numbers. One source for
 * the database schema, the API, the PDF and the screens.
 *
 * Money is integer US cents everywhere; a quantity is a whole number, so every line is an exact
 * number of cents and only the tax is rounded (half up, to the cent). The server computes every
 * total (`invoiceTotals`); a screen calls the same function only to preview a draft.
 */

/**
 * - `draft`: staff are writing it; only staff see it; it may be changed or deleted.
 * - `open`: issued (numbered, frozen, emailed), nothing paid yet.
 * - `partially_paid`: issued, some of it paid. `paid`: nothing left to pay.
 * - `void`: cancelled by a credit note of the same amount; never paid again.
 * `overdue` is not stored: an open or partially paid invoice whose due date has passed.
 */
export const INVOICE_STATUSES = ['draft', 'open', 'partially_paid', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The statuses a list may filter by: the stored ones and the derived `overdue`. */
export const INVOICE_FILTERS = [...INVOICE_STATUSES, 'overdue'] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceFilter, string> = {
  draft: 'Draft',
  open: 'Open',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  void: 'Void',
  overdue: 'Overdue',
};

/** The statuses in which an invoice is still owed. */
export const UNPAID_INVOICE_STATUSES: readonly InvoiceStatus[] = ['open', 'partially_paid'];

/** What an invoice is: a bill, or the credit note that voids one. */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** Where a draft came from. */
export const INVOICE_SOURCES = ['manual', 'deposit', 'plan', 'recurring'] as const;

/** How a payment arrived. `card` is Stripe's. */
export const PAYMENT_METHODS = ['card', 'bank_transfer', 'check', 'cash', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Card (Stripe)',
  bank_transfer: 'Bank transfer',
  check: 'Check',
  cash: 'Cash',
  other: 'Other',
};

/** One line of an invoice as staff write it. */
export interface InvoiceItem {
  description: string;
  /** A whole number from 1 to INVOICE_LIMITS.quantity. */
  quantity: number;
  /** US cents, 0 to INVOICE_LIMITS.unitPriceCents. */
  unitPriceCents: number;
}

/** Limits of an invoice (docs/product.md#limits). */
export const INVOICE_LIMITS = {
  items: 100,
  descriptionLength: 500,
  notesLength: 5_000,
  quantity: 10_000,
  /** $1,000,000.00 */
  unitPriceCents: 100_000_000,
  referenceLength: 200,
  /** One payment: $10,000,000.00. */
  paymentCents: 1_000_000_000,
  voidReasonLength: 1_000,
} as const;

/** An invoice's money, integer cents. */
export interface InvoiceTotals {
  /** Sum of quantity × unit price. */
  subtotalCents: number;
  /** `taxBasisPoints` / 10 000 of the subtotal, rounded half up to the cent. */
  taxCents: number;
  totalCents: number;
}

/** The amount of one line in cents: quantity × unit price. */
export function invoiceLineCents(item: Pick<InvoiceItem, 'quantity' | 'unitPriceCents'>): number {
  return item.quantity * item.unitPriceCents;
}

/**
 * The totals of `items` with tax at `taxBasisPoints` (625 = 6.25 %): see InvoiceTotals. Pure;
 * integer arithmetic only (the largest invoice, 100 lines of 10 000 × $1,000,000, stays far below
 * 2^53 after the multiplication by 10 000).
 */
export function invoiceTotals(items: readonly InvoiceItem[], taxBasisPoints: number): InvoiceTotals {
  const subtotalCents = items.reduce((sum, item) => sum + invoiceLineCents(item), 0);
  // Half up, in integers: (a·bp + 5000) div 10 000.
  const taxCents = Math.floor((subtotalCents * taxBasisPoints + 5_000) / 10_000);
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

/** The number series: invoices and credit notes are counted apart, each from 1 every year. */
const NUMBER_PREFIXES: Record<InvoiceKind, string> = { invoice: 'INV', credit_note: 'CN' };

/** The `sequence`th number of `year` for `kind`: 'INV-2026-0001', 'CN-2026-0012' (four digits, more past 9999). */
export function invoiceNumber(kind: InvoiceKind, year: number, sequence: number): string {
  return `${NUMBER_PREFIXES[kind]}-${year}-${String(sequence).padStart(4, '0')}`;
}

/** Whether an issued invoice with `status` and `dueDate` is overdue on `today` ('YYYY-MM-DD'). */
export function isOverdue(row: { status: InvoiceStatus; dueDate: string | null }, today: string): boolean {
  return UNPAID_INVOICE_STATUSES.includes(row.status) && row.dueDate !== null && row.dueDate < today;
}

/** The plan sold online (docs/product.md#payments): $99 a month for at least 12 months. */
export const PLAN_BILLING = {
  monthlyCents: 9_900,
  commitmentMonths: 12,
  /** Days of written notice the Terms of Service ask for before a cancellation takes effect. */
  noticeDays: 30,
  projectTitle: 'One-page website',
  /** The milestones of the plan's project, in order. */
  milestones: [
    'Kick-off call and content',
    'Design of the page',
    'Build and your review',
    'Launch on your domain',
    'Monthly care, hosting and SEO',
  ],
} as const;
