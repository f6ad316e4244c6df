/**
 * The invoice editor's values (docs/product.md#invoices), kept free of React so they are tested
 * alone: the form's strings (prices typed in dollars), the form's schema that reads them into the
 * body of POST/PUT /api/admin/invoices (integer cents, × 100 rounded, as the proposal editor does:
 * proposal-values.ts) with the API's own messages, a new invoice's and a draft's starting values,
 * a lenient reading of the lines for the live total, and the server's 422 field paths as the
 * form's (`items.1.unitPriceCents` → `items.1.unitPrice`).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { INVOICE_LIMITS, type InvoiceItem } from '../../shared/invoices.ts';
import { invoiceBodySchema, invoiceItemSchema } from '../../shared/schemas/invoices.ts';
import { z } from '../../shared/zod.ts';
import type { InvoiceBody } from './invoice-mutations.ts';
import { centsToDollars, typedNumber } from './proposal-values.ts';

/** One line of the editor, as typed. */
export interface InvoiceLineInput {
  description: string;
  /** A whole number, as typed. */
  quantity: string;
  /** US dollars, as typed ('1200', '19.99'). */
  unitPrice: string;
}

/** The editor's fields, as typed; an empty project, due date or notes means none. */
export interface InvoiceFormInput {
  clientId: string;
  projectId: string;
  items: InvoiceLineInput[];
  /** 'YYYY-MM-DD', or '' for the issue day plus the net days. */
  dueDate: string;
  notes: string;
}

const item = invoiceItemSchema.shape;
const body = invoiceBodySchema.shape;

/** One line as typed → an InvoiceItem, each part checked by the API's own rule. */
const lineSchema = z
  .object({
    description: item.description,
    quantity: typedNumber.pipe(item.quantity),
    unitPrice: typedNumber.transform((v) => (v === null ? null : Math.round(v * 100))).pipe(item.unitPriceCents),
  })
  .transform((line): InvoiceItem => ({
    description: line.description,
    quantity: line.quantity,
    unitPriceCents: line.unitPrice,
  }));

/** The editor's schema: what was typed → the body of POST/PUT /api/admin/invoices. */
const invoiceFormSchema = z
  .object({
    clientId: body.clientId,
    projectId: z.string(),
    items: z
      .array(lineSchema)
      .min(1, 'Add at least one line item')
      .max(INVOICE_LIMITS.items, `An invoice has at most ${INVOICE_LIMITS.items} line items`),
    dueDate: z
      .string()
      .transform((v): string | null | undefined => v.trim() || null)
      .pipe(body.dueDate),
    // The API's own rule reads blank (or only spaces) as none: null.
    notes: z
      .string()
      .transform((v): string | null | undefined => v)
      .pipe(body.notes),
  })
  .transform((v): InvoiceBody => ({
    clientId: v.clientId,
    projectId: v.projectId || null,
    items: v.items,
    dueDate: v.dueDate ?? null,
    notes: v.notes,
  }));

/** The editor's resolver: `invoiceFormSchema`, every field's message at once. */
export const invoiceResolver: Resolver<InvoiceFormInput, unknown, InvoiceBody> = zodResolver(invoiceFormSchema);

/** A blank line: one of something, no price yet. */
export const blankInvoiceLine = (): InvoiceLineInput => ({ description: '', quantity: '1', unitPrice: '' });

/** A new invoice's fields, for `clientId` when the address names one: one blank line. */
export function emptyInvoiceForm(clientId: string | null): InvoiceFormInput {
  return { clientId: clientId ?? '', projectId: '', items: [blankInvoiceLine()], dueDate: '', notes: '' };
}

/** A saved draft as the form's fields (cents shown as dollars). */
export function draftToInvoiceForm(draft: {
  clientId: string;
  projectId: string | null;
  items: readonly InvoiceItem[];
  dueDate: string | null;
  notes: string | null;
}): InvoiceFormInput {
  return {
    clientId: draft.clientId,
    projectId: draft.projectId ?? '',
    items: draft.items.map((line) => ({
      description: line.description,
      quantity: String(line.quantity),
      unitPrice: centsToDollars(line.unitPriceCents),
    })),
    dueDate: draft.dueDate ?? '',
    notes: draft.notes ?? '',
  };
}

/** Reads a typed number leniently: what cannot be read (or is not there) counts as 0. */
function leniently(text: string | undefined, scale = 1): number {
  const trimmed = (text ?? '').trim();
  const n = Number(trimmed);
  return trimmed !== '' && Number.isFinite(n) ? Math.max(0, Math.round(n * scale)) : 0;
}

/**
 * The lines as the live total reads them while they are typed: quantities and prices that cannot
 * be read (yet) count as 0. A preview only: the saved invoice's totals are the server's.
 */
export function previewItems(lines: readonly Partial<InvoiceLineInput>[] | undefined): InvoiceItem[] {
  return (lines ?? []).map((line) => ({
    description: (line.description ?? '').trim(),
    quantity: Math.floor(leniently(line.quantity)),
    unitPriceCents: leniently(line.unitPrice, 100),
  }));
}

/** The form's field for each of the API's names. */
const LINE_FIELDS: Record<string, keyof InvoiceLineInput> = {
  description: 'description',
  quantity: 'quantity',
  unitPriceCents: 'unitPrice',
};
const TOP_FIELDS: Record<string, keyof InvoiceFormInput> = {
  clientId: 'clientId',
  projectId: 'projectId',
  items: 'items',
  dueDate: 'dueDate',
  notes: 'notes',
};

/**
 * The server's 422 `fields` split into those for the form's fields ([form path, message]) and
 * the others (a line beyond `lineCount`, the body as a whole), which the editor says in its alert.
 */
export function splitInvoiceFields(fields: Record<string, string>, lineCount: number) {
  const onFields: [string, string][] = [];
  const elsewhere: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const line = /^items\.(\d+)\.(\w+)$/.exec(path);
    const lineField = line ? LINE_FIELDS[line[2]!] : undefined;
    const field =
      line && lineField && Number(line[1]) < lineCount
        ? `items.${line[1]}.${lineField}`
        : line
          ? null
          : TOP_FIELDS[path];
    if (field) onFields.push([field, message]);
    else elsewhere.push(message);
  }
  return { onFields, elsewhere };
}
