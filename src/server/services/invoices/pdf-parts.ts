/**
 * The parts of an invoice's or credit note's PDF (services/invoices/invoice-pdf.ts, rules in
 * docs/product.md#invoices), drawn with the agreement PDF's primitives (services/proposals/pdf/kit.ts):
 * the header (the agency and the title block), the bill-to block beside the days and status, the
 * lines as a table whose header row repeats on each page, the totals, and the text sections (notes,
 * how to pay). Amounts arrive in US cents and are printed by formatCents (src/shared/proposals.ts,
 * Intl.NumberFormat 'en-US' USD); the input has been checked by renderInvoicePdf.
 */
import { company } from '../../../shared/company.ts';
import { formatCents } from '../../../shared/proposals.ts';
import { formatDay } from '../proposals/validity.ts';
import {
  bottom,
  clean,
  COLOR,
  CONTENT_WIDTH,
  drawRule,
  drawRuns,
  drawSection,
  drawText,
  ensureSpace,
  MARGIN,
  pageIndex,
  safeLink,
  SIZE,
  type Doc,
  type Face,
  type Run,
} from '../proposals/pdf/kit.ts';
import type { InvoicePdfInput } from './invoice-pdf-input.ts';

/** 'Invoice' or 'Credit note': the title, and with the number the footer's and metadata's label. */
export function kindLabel(kind: InvoicePdfInput['kind']): string {
  return kind === 'credit_note' ? 'Credit note' : 'Invoice';
}

/** A tax rate in basis points as a percentage: 625 → '6.25%', 800 → '8%'. */
function taxPercent(basisPoints: number): string {
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(basisPoints / 100)}%`;
}

/** The first page's top: the agency on the left, the title, number and credited invoice on the right. */
export function drawHeader(doc: Doc, input: InvoicePdfInput): void {
  const top = doc.y;
  const leftWidth = 300;
  const { address } = company;
  drawText(doc, company.legalName, { face: 'bold', size: 11, width: leftWidth });
  const contact = [address.street, `${address.city}, ${address.region} ${address.postalCode}`];
  contact.push(`${company.email} · ${company.phoneDisplay}`);
  for (const line of contact) drawText(doc, line, { size: SIZE.small, color: COLOR.muted, width: leftWidth });
  const leftBottom = doc.y;

  const x = MARGIN.left + leftWidth;
  const width = CONTENT_WIDTH - leftWidth;
  doc.font('bold').fontSize(SIZE.title).fillColor(COLOR.ink);
  doc.text(kindLabel(input.kind), x, top, { width, align: 'right' });
  doc.font('bold').fontSize(11);
  doc.text(clean(input.number), x, doc.y + 2, { width, align: 'right' });
  if (input.creditFor !== null) {
    doc.font('regular').fontSize(SIZE.body).fillColor(COLOR.muted);
    doc.text(`Credits invoice ${clean(input.creditFor)}`, x, doc.y + 2, { width, align: 'right' });
  }
  doc.fillColor(COLOR.ink);
  doc.x = MARGIN.left;
  doc.y = Math.max(leftBottom, doc.y);
  drawRule(doc, 12);
}

/** "Bill to" on the left; the issued and due days and the status on the right. */
export function drawParties(doc: Doc, input: InvoicePdfInput): void {
  const top = doc.y;
  const page = pageIndex(doc);
  const rightWidth = 190;
  const rightX = MARGIN.left + CONTENT_WIDTH - rightWidth;
  const pairs: [string, string][] = [['Issued', formatDay(input.issuedOn)]];
  if (input.dueDate !== null) pairs.push(['Due', formatDay(input.dueDate)]);
  pairs.push(['Status', clean(input.statusLabel)]);
  for (const [label, value] of pairs) {
    const y = doc.y;
    doc.font('bold').fontSize(SIZE.small).fillColor(COLOR.muted);
    doc.text(label, rightX, y + 1.5, { width: 70, lineBreak: false });
    const face: Face = label === 'Status' ? 'bold' : 'regular';
    doc.font(face).fontSize(SIZE.body).fillColor(COLOR.ink);
    doc.text(value, rightX + 70, y, { width: rightWidth - 70, align: 'right' });
    doc.y += 3;
  }
  const rightBottom = doc.y;

  doc.y = top;
  const leftWidth = CONTENT_WIDTH - rightWidth - 24;
  drawText(doc, 'Bill to', { face: 'bold', size: SIZE.small, color: COLOR.muted, width: leftWidth });
  doc.y += 2;
  const { client } = input;
  drawText(doc, client.name, { face: 'bold', width: leftWidth });
  const lines = [client.company, ...(client.address ?? '').split(/\r?\n/), client.email].map((line) => line?.trim());
  for (const line of lines) if (line) drawText(doc, line, { width: leftWidth });
  // A bill-to block that ran onto another page leaves the right column behind it.
  if (pageIndex(doc) === page) doc.y = Math.max(doc.y, rightBottom);
  doc.x = MARGIN.left;
  drawRule(doc, 12);
}

const CELL_PAD = 4;
const HEADER = ['Description', 'Qty', 'Unit price', 'Amount'] as const;

/** The width of `text` in `face` at the table's size. */
function cellWidth(doc: Doc, face: Face, text: string): number {
  return doc.font(face).fontSize(SIZE.table).widthOfString(text);
}

/** Each column's width: the numbers as wide as their widest cell needs, the description the rest. */
function columnWidths(doc: Doc, rows: readonly (readonly string[])[]): number[] {
  const widest = (column: number, least: number) =>
    2 * CELL_PAD +
    1 +
    Math.max(
      least,
      cellWidth(doc, 'bold', HEADER[column] ?? ''),
      ...rows.map((cells) => cellWidth(doc, 'regular', cells[column] ?? '')),
    );
  const numbers = [widest(1, 32), widest(2, 72), widest(3, 80)];
  return [Math.max(120, CONTENT_WIDTH - numbers.reduce((a, b) => a + b, 0)), ...numbers];
}

/** A horizontal line in the rules' colour. */
function hline(doc: Doc, x: number, y: number, width: number, lineWidth: number): void {
  doc
    .save()
    .moveTo(x, y)
    .lineTo(x + width, y);
  doc.lineWidth(lineWidth).strokeColor(COLOR.rule).stroke().restore();
}

/** The height of a row of `cells` in `face`. */
function rowHeight(doc: Doc, cells: readonly string[], widths: readonly number[], face: Face): number {
  doc.font(face).fontSize(SIZE.table);
  const heights = widths.map((width, index) =>
    doc.heightOfString(cells[index] || ' ', { width: width - 2 * CELL_PAD, lineGap: 1 }),
  );
  return Math.max(...heights) + 2 * CELL_PAD;
}

/** Draws one table row at doc.y, `height` from rowHeight, with a rule below. */
function drawRow(doc: Doc, cells: readonly string[], widths: readonly number[], height: number, face: Face): void {
  const y = doc.y;
  if (face === 'bold') doc.save().rect(MARGIN.left, y, CONTENT_WIDTH, height).fill(COLOR.fill).restore();
  doc.font(face).fontSize(SIZE.table).fillColor(COLOR.ink);
  let x = MARGIN.left;
  widths.forEach((width, index) => {
    doc.text(cells[index] ?? '', x + CELL_PAD, y + CELL_PAD, {
      width: width - 2 * CELL_PAD,
      align: index === 0 ? 'left' : 'right',
      lineGap: 1,
    });
    x += width;
  });
  hline(doc, MARGIN.left, y + height, CONTENT_WIDTH, 0.5);
  doc.x = MARGIN.left;
  doc.y = y + height;
}

/** The lines as a table: description, quantity, unit price, amount; the header row repeats on each page. */
export function drawLines(doc: Doc, items: InvoicePdfInput['items']): void {
  const rows = items.map((item) => [
    clean(item.description),
    item.quantity.toLocaleString('en-US'),
    formatCents(item.unitPriceCents),
    formatCents(item.amountCents),
  ]);
  const widths = columnWidths(doc, rows);
  const headerHeight = rowHeight(doc, HEADER, widths, 'bold');
  const heights = rows.map((cells) => rowHeight(doc, cells, widths, 'regular'));
  ensureSpace(doc, headerHeight + (heights[0] ?? 0));
  drawRow(doc, HEADER, widths, headerHeight, 'bold');
  rows.forEach((cells, index) => {
    const height = heights[index] ?? 0;
    if (doc.y + height > bottom(doc)) {
      doc.addPage();
      drawRow(doc, HEADER, widths, headerHeight, 'bold');
    }
    drawRow(doc, cells, widths, height, 'regular');
  });
}

/** Subtotal, tax (only when there is a rate), total, paid and the balance due, right-aligned, kept together. */
export function drawTotals(doc: Doc, input: InvoicePdfInput): void {
  const rows: { label: string; value: string; bold?: boolean }[] = [
    { label: 'Subtotal', value: formatCents(input.subtotalCents) },
  ];
  if (input.taxBasisPoints > 0) {
    rows.push({ label: `Tax (${taxPercent(input.taxBasisPoints)})`, value: formatCents(input.taxCents) });
  }
  rows.push(
    { label: 'Total', value: formatCents(input.totalCents), bold: true },
    { label: 'Paid', value: formatCents(input.paidCents) },
    { label: 'Balance due', value: formatCents(input.balanceCents), bold: true },
  );
  const widest = Math.max(
    ...rows.map((row) => {
      doc.font(row.bold ? 'bold' : 'regular').fontSize(SIZE.body);
      return doc.widthOfString(row.label) + 24 + doc.widthOfString(row.value);
    }),
  );
  const width = Math.min(CONTENT_WIDTH, Math.max(240, widest));
  const x = MARGIN.left + CONTENT_WIDTH - width;
  const lineHeight = 17;
  doc.y += 10;
  ensureSpace(doc, rows.length * lineHeight + 4);
  doc.fillColor(COLOR.ink);
  for (const row of rows) {
    if (row.label === 'Balance due') {
      hline(doc, x, doc.y, width, 0.75);
      doc.y += 4;
    }
    const y = doc.y;
    doc.font(row.bold ? 'bold' : 'regular').fontSize(SIZE.body);
    doc.text(row.label, x, y, { lineBreak: false });
    doc.text(row.value, x + width - doc.widthOfString(row.value), y, { lineBreak: false });
    doc.x = MARGIN.left;
    doc.y = y + lineHeight;
  }
}

/** A URL's end: trailing punctuation belongs to the sentence. */
const URL_PATTERN = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)'\]]/g;

/** Plain text → runs, each http(s) URL in it clickable (when safeLink allows it). */
function textRuns(text: string): Run[] {
  const runs: Run[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    runs.push({ text: text.slice(at, match.index) }, { text: match[0], link: safeLink(match[0]) });
    at = match.index + match[0].length;
  }
  runs.push({ text: text.slice(at) });
  return runs;
}

/** A titled section of plain text (notes, how to pay): its lines kept, URLs clickable. */
export function drawTextSection(doc: Doc, title: string, text: string | null): void {
  const body = clean(text ?? '').trim();
  if (body === '') return;
  drawSection(doc, title);
  drawRuns(doc, textRuns(body), MARGIN.left, CONTENT_WIDTH, SIZE.body);
  doc.x = MARGIN.left;
}
