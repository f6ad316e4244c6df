/**
 * An invoice or a credit note as a PDF (docs/product.md#invoices), laid out by pdfkit on US Letter
 * pages with the agreement PDF's fonts and primitives (services/proposals/pdf/kit.ts). In order:
 * the agency (legal name, street, city, region and postal code, email and phone, from
 * src/shared/company.ts) beside the title ("Invoice" or "Credit note"), the number and, for a
 * credit note, the invoice it credits; the client to bill beside the issued and due days and the
 * status; the lines (description, quantity, unit price, amount), whose header row repeats on each
 * page they reach; the subtotal, the tax when there is a rate, the total, what was paid and the
 * balance due; then the notes and how to pay. Every page's footer reads "Invoice INV-… · Page n
 * of N" (or "Credit note CN-…"). The drawing itself is in pdf-parts.ts.
 *
 * Amounts are integer US cents, printed as '$1,234.50' (Intl.NumberFormat 'en-US' USD); days are
 * 'YYYY-MM-DD' in the agency's time zone, printed as 'Jan 5, 2026'. The PDF prints the amounts it
 * is given: it checks that each is a non-negative integer, not that they add up.
 *
 * Rendering is deterministic: the same input gives the same bytes (the PDF's CreationDate is the
 * issued day at 12:00 UTC, and pdfkit derives the file id from the metadata). It is synchronous
 * CPU work, mostly fontkit shaping the text.
 */
import { format, isValid, parseISO } from 'date-fns';
import PDFDocument from 'pdfkit';
import { company } from '../../../shared/company.ts';
import { clean, loadFonts, MARGIN, PAGE } from '../proposals/pdf/kit.ts';
import { drawPageFooters, pdfBytes } from '../proposals/pdf/pages.ts';
import { drawHeader, drawLines, drawParties, drawTextSection, drawTotals, kindLabel } from './pdf-parts.ts';
import type { InvoicePdfInput } from './invoice-pdf-input.ts';

export type { InvoicePdfInput, InvoicePdfLine } from './invoice-pdf-input.ts';

/**
 * Renders `input` (see InvoicePdfInput and the module comment) as a PDF and resolves with its
 * bytes. Deterministic: the same input gives the same bytes.
 *
 * Rejects with a RangeError when a cents value (a line's unit price or amount, or a total) is
 * negative or not a safe integer, when `taxBasisPoints` is, when a quantity is negative or not
 * finite, or when `issuedOn` or `dueDate` is not a real 'YYYY-MM-DD' day.
 */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  checkInput(input);
  const label = `${kindLabel(input.kind)} ${clean(input.number)}`;
  const fonts = loadFonts().files;

  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: false,
    lang: 'en-US',
    displayTitle: true,
    info: {
      Title: label,
      Author: company.legalName,
      Subject: `${label} for ${clean(input.client.name)}`,
      CreationDate: new Date(`${input.issuedOn}T12:00:00.000Z`),
    },
  });
  const done = pdfBytes(doc);

  // A throw below leaves the document unfinished, and `done` unsettled, for the collector.
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('italic', fonts.italic);
  doc.registerFont('bold', fonts.bold);
  doc.registerFont('boldItalic', fonts.boldItalic);
  doc.addPage();
  drawHeader(doc, input);
  drawParties(doc, input);
  drawLines(doc, input.items);
  drawTotals(doc, input);
  drawTextSection(doc, 'Notes', input.notes);
  drawTextSection(doc, 'How to pay', input.howToPay);
  drawPageFooters(doc, company.legalName, (page, count) => `${label} · Page ${page} of ${count}`);
  doc.end();
  return done;
}

/** Throws a RangeError at the first value renderInvoicePdf cannot print (see its comment). */
function checkInput(input: InvoicePdfInput): void {
  checkDay('issuedOn', input.issuedOn);
  if (input.dueDate !== null) checkDay('dueDate', input.dueDate);
  const amounts = {
    subtotalCents: input.subtotalCents,
    taxBasisPoints: input.taxBasisPoints,
    taxCents: input.taxCents,
    totalCents: input.totalCents,
    paidCents: input.paidCents,
    balanceCents: input.balanceCents,
  };
  for (const [name, value] of Object.entries(amounts)) checkCents(name, value);
  input.items.forEach((item, index) => {
    checkCents(`items[${index}].unitPriceCents`, item.unitPriceCents);
    checkCents(`items[${index}].amountCents`, item.amountCents);
    if (!Number.isFinite(item.quantity) || item.quantity < 0) {
      throw new RangeError(`items[${index}].quantity is not a non-negative number: ${item.quantity}`);
    }
  });
}

/** A RangeError unless `value` is a non-negative safe integer. */
function checkCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} is not a non-negative integer: ${value}`);
  }
}

/** A RangeError unless `day` is 'YYYY-MM-DD' and a day of the calendar (not 2026-02-30). */
function checkDay(name: string, day: string): void {
  const date = parseISO(day);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !isValid(date) || format(date, 'yyyy-MM-dd') !== day) {
    throw new RangeError(`${name} is not a 'YYYY-MM-DD' day: ${day}`);
  }
}
