/**
 * Invoices' and payments' request bodies and forms (docs/product.md#invoices,
 * docs/product.md#payments, docs/product.md#validation), with their messages: the staff editor
 * (`invoiceBodySchema`, also the body of POST/PUT /api/admin/invoices), voiding, a payment recorded
 * by hand, a cancellation request, and the plan bought online. Money is integer US cents; a
 * quantity is a whole number (src/shared/invoices.ts).
 */
import { z } from '../zod.ts';
import { INVOICE_LIMITS, PAYMENT_METHODS } from '../invoices.ts';
import { emailField, NAME_MAX, requiredText } from './fields.ts';

const L = INVOICE_LIMITS;
const count = (n: number) => n.toLocaleString('en-US');
const day = (example: string) => z.iso.date(`Use a date like ${example}`);

/** One line item. */
export const invoiceItemSchema = z.object({
  description: requiredText('Description', L.descriptionLength),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(L.quantity, `Quantity must be at most ${count(L.quantity)}`),
  unitPriceCents: z
    .number({ error: 'Price must be a number' })
    .int('Price must be a whole number of cents')
    .min(0, 'Price cannot be negative')
    .max(L.unitPriceCents, 'Price must be at most $1,000,000'),
});

/** An invoice as staff write it (a draft): for a client, optionally for one of its projects. */
export const invoiceBodySchema = z.object({
  clientId: z.string({ error: 'Choose a client' }).min(1, 'Choose a client').max(100),
  projectId: z.string().min(1).max(100).nullish(),
  items: z
    .array(invoiceItemSchema, { error: 'Add at least one line item' })
    .min(1, 'Add at least one line item')
    .max(L.items, `An invoice has at most ${L.items} line items`),
  /** The last day to pay; unset: the issue day plus the net days (INVOICE_NET_DAYS). */
  dueDate: day('2026-12-31').nullish(),
  notes: z
    .string({ error: 'Notes must be text' })
    .max(L.notesLength, `Notes must be at most ${count(L.notesLength)} characters`)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null)),
});
export type InvoiceValues = z.output<typeof invoiceBodySchema>;

/** Voiding an issued invoice: why, for the credit note. */
export const voidInvoiceSchema = z.object({
  reason: z
    .string({ error: 'Reason must be text' })
    .trim()
    .max(L.voidReasonLength, `Reason must be at most ${count(L.voidReasonLength)} characters`)
    .optional()
    .transform((v) => (v ? v : null)),
});

/**
 * A payment staff record by hand. `asCredit` lets it exceed the balance (the rest is the client's
 * credit); otherwise a payment larger than the balance is refused.
 */
export const paymentBodySchema = z.object({
  amountCents: z
    .number({ error: 'Amount must be a number' })
    .int('Amount must be a whole number of cents')
    .min(1, 'Amount must be more than $0')
    .max(L.paymentCents, 'Amount must be at most $10,000,000'),
  method: z.enum(PAYMENT_METHODS, { error: `Method must be one of ${PAYMENT_METHODS.join(', ')}` }),
  receivedOn: day('2026-12-01'),
  reference: z
    .string({ error: 'Reference must be text' })
    .trim()
    .max(L.referenceLength, `Reference must be at most ${L.referenceLength} characters`)
    .optional()
    .transform((v) => (v ? v : null)),
  asCredit: z.boolean({ error: 'Use true or false' }).default(false),
});
export type PaymentValues = z.output<typeof paymentBodySchema>;

/** The $99 plan bought from /pricing: who is buying. */
export const planCheckoutSchema = z.object({
  name: requiredText('Name', NAME_MAX),
  email: emailField,
  company: requiredText('Company', NAME_MAX),
});
export type PlanCheckoutValues = z.output<typeof planCheckoutSchema>;

/** A client's request to cancel its plan. */
export const cancelPlanSchema = z.object({
  reason: z
    .string({ error: 'Reason must be text' })
    .trim()
    .max(L.voidReasonLength, `Reason must be at most ${count(L.voidReasonLength)} characters`)
    .optional()
    .transform((v) => (v ? v : null)),
});
