/**
 * The agreement's document pages (services/proposals/agreement-pdf.ts): the header (agency,
 * title, version and reference, the client, the days), the line items as a table whose header row
 * repeats on each page, the totals of what was chosen, and the Terms of Service with any
 * additional terms; and the label-and-value field the header and the certificate share.
 */
import { formatCents, lineAmountCents, type ProposalItem, type SignedDocument } from '../../../../shared/proposals.ts';
import { formatDay as formatValidDay } from '../validity.ts';
import { formatDay } from './dates.ts';
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
  LINE_GAP,
  loadFonts,
  MARGIN,
  setRunFont,
  SIZE,
  type Doc,
  type Face,
  type Run,
} from './kit.ts';
import { drawMarkdown, linkRuns } from './markdown.ts';

export const LABEL_WIDTH = 130;

/** A label and its value side by side, kept on one page; doc.y moves below the taller. */
export function drawField(doc: Doc, label: string, value: Run[], labelWidth = LABEL_WIDTH, size = SIZE.body): void {
  const valueX = MARGIN.left + labelWidth;
  const valueWidth = CONTENT_WIDTH - labelWidth;
  doc.font('bold').fontSize(SIZE.small);
  const labelHeight = doc.heightOfString(label, { width: labelWidth - 8, lineGap: LINE_GAP });
  const valueHeight = value.reduce((height, run) => {
    const { lineGap } = setRunFont(doc, run, size);
    return Math.max(height, doc.heightOfString(run.text || ' ', { width: valueWidth, lineGap }));
  }, 0);
  ensureSpace(doc, Math.max(labelHeight, valueHeight));
  const y = doc.y;
  doc.font('bold').fontSize(SIZE.small).fillColor(COLOR.muted);
  // On the value's first baseline.
  const labelY = y + loadFonts().ascent * (size - SIZE.small);
  doc.text(label, MARGIN.left, labelY, { width: labelWidth - 8, lineGap: LINE_GAP });
  const labelBottom = doc.y;
  doc.y = y;
  drawRuns(doc, value, valueX, valueWidth, size);
  doc.x = MARGIN.left;
  doc.y = Math.max(doc.y, labelBottom) + 4;
}

/** The first page's header: agency, title, version and reference, client, days. */
export function drawHeader(doc: Doc, signed: SignedDocument, reference: string, timeZone: string): void {
  const { proposal } = signed;
  drawText(doc, proposal.agency.legalName, { face: 'bold', size: 11 });
  drawText(doc, proposal.agency.address, { size: SIZE.small, color: COLOR.muted });
  drawText(doc, [proposal.agency.email, proposal.agency.phone].filter(Boolean).join(' · '), {
    size: SIZE.small,
    color: COLOR.muted,
  });
  doc.y += 18;
  drawText(doc, proposal.title, { face: 'bold', size: SIZE.title });
  doc.y += 4;
  drawText(doc, `Proposal version ${proposal.version}`, { color: COLOR.muted });
  drawText(doc, `Agreement ${reference}`, { face: 'bold' });
  doc.y += 10;

  const rows: [string, string][] = [
    ['Prepared for', `${proposal.client.business}\n${proposal.client.name} <${proposal.client.email}>`],
    ['Sent', formatDay(proposal.sentAt, timeZone)],
    ['Valid until', formatValidDay(proposal.validUntil)],
  ];
  for (const [label, value] of rows) drawField(doc, label, [{ text: clean(value) }], 100);
  drawRule(doc, 10);
}

/** The items table's columns: title, width in points (they add up to the content width), alignment. */
const COLUMNS = [
  { title: 'Description', width: 196, align: 'left' },
  { title: 'Qty', width: 40, align: 'right' },
  { title: 'Unit price', width: 76, align: 'right' },
  { title: 'Amount', width: 94, align: 'right' },
  { title: 'Billing', width: 98, align: 'left' },
] as const;
const CELL_PAD = 4;

/** Draws one table row at doc.y; `height` from rowHeight. */
function drawRow(doc: Doc, cells: readonly string[], height: number, face: Face, color: string, fill?: string): void {
  const y = doc.y;
  if (fill) doc.save().rect(MARGIN.left, y, CONTENT_WIDTH, height).fill(fill).restore();
  let x = MARGIN.left;
  doc.font(face).fontSize(SIZE.table).fillColor(color);
  COLUMNS.forEach((column, index) => {
    doc.text(cells[index] ?? '', x + CELL_PAD, y + CELL_PAD, {
      width: column.width - 2 * CELL_PAD,
      align: column.align,
      lineGap: 1,
    });
    x += column.width;
  });
  doc
    .save()
    .moveTo(MARGIN.left, y + height)
    .lineTo(MARGIN.left + CONTENT_WIDTH, y + height)
    .lineWidth(0.5)
    .strokeColor(COLOR.rule)
    .stroke()
    .restore();
  doc.fillColor(COLOR.ink);
  doc.x = MARGIN.left;
  doc.y = y + height;
}

/** The height of a row of `cells` in `face`. */
function rowHeight(doc: Doc, cells: readonly string[], face: Face): number {
  doc.font(face).fontSize(SIZE.table);
  const heights = COLUMNS.map((column, index) =>
    doc.heightOfString(cells[index] || ' ', { width: column.width - 2 * CELL_PAD, lineGap: 1 }),
  );
  return Math.max(...heights) + 2 * CELL_PAD;
}

/** The line items as a table; its header row repeats on each page it reaches. */
export function drawItems(doc: Doc, items: readonly ProposalItem[], chosen: ReadonlySet<number>): void {
  drawSection(doc, 'Items');
  const header = COLUMNS.map((column) => column.title);
  const headerHeight = rowHeight(doc, header, 'bold');
  const rows = items.map((item, index) => {
    const billing = [item.recurring === 'monthly' ? 'Monthly' : 'One-off'];
    if (item.optional) billing.push(chosen.has(index) ? 'Included (chosen)' : 'Not chosen');
    const cells = [
      clean(item.description),
      item.quantity.toLocaleString('en-US'),
      formatCents(item.unitPriceCents),
      formatCents(lineAmountCents(item)),
      billing.join('\n'),
    ];
    return { cells, left: item.optional && !chosen.has(index), height: rowHeight(doc, cells, 'regular') };
  });
  ensureSpace(doc, headerHeight + (rows[0]?.height ?? 0));
  drawRow(doc, header, headerHeight, 'bold', COLOR.ink, COLOR.fill);
  for (const row of rows) {
    if (doc.y + row.height > bottom(doc)) {
      doc.addPage();
      drawRow(doc, header, headerHeight, 'bold', COLOR.ink, COLOR.fill);
    }
    drawRow(doc, row.cells, row.height, 'regular', row.left ? COLOR.faint : COLOR.ink);
  }
  if (items.some((item, index) => item.optional && !chosen.has(index))) {
    doc.y += 4;
    drawText(doc, 'Items marked "Not chosen" were offered as options and are not part of this agreement.', {
      size: SIZE.small,
      color: COLOR.muted,
    });
  }
}

/** The totals of the chosen items, right-aligned under the table. */
export function drawTotals(doc: Doc, signed: SignedDocument): void {
  const { totals, proposal } = signed;
  const rows: { label: string; value: string; bold?: boolean }[] = [
    { label: 'One-off subtotal', value: formatCents(totals.oneOffSubtotalCents) },
  ];
  if (totals.discountCents > 0) rows.push({ label: 'Discount', value: `−${formatCents(totals.discountCents)}` });
  rows.push({ label: 'One-off total', value: formatCents(totals.oneOffCents), bold: true });
  if (totals.monthlyCents > 0) {
    rows.push({ label: 'Monthly total', value: `${formatCents(totals.monthlyCents)} per month`, bold: true });
  }
  rows.push({
    label: `Deposit (${proposal.depositPercent}% of the one-off total)`,
    value: formatCents(totals.depositCents),
  });

  // 300 pt at the right, wider when a label and its amount need it.
  const widest = Math.max(
    ...rows.map((row) => {
      doc.font(row.bold ? 'bold' : 'regular').fontSize(SIZE.body);
      return doc.widthOfString(row.label) + 24 + doc.widthOfString(row.value);
    }),
  );
  const width = Math.min(CONTENT_WIDTH, Math.max(300, widest));
  const x = MARGIN.left + CONTENT_WIDTH - width;
  const lineHeight = 17;
  doc.y += 10;
  ensureSpace(doc, rows.length * lineHeight);
  for (const row of rows) {
    const y = doc.y;
    doc
      .font(row.bold ? 'bold' : 'regular')
      .fontSize(SIZE.body)
      .fillColor(COLOR.ink);
    doc.text(row.label, x, y, { lineBreak: false });
    doc.text(row.value, x + width - doc.widthOfString(row.value), y, { lineBreak: false });
    doc.x = MARGIN.left;
    doc.y = y + lineHeight;
  }
}

/** The Terms of Service at their version, then the additional terms. */
export function drawTerms(doc: Doc, signed: SignedDocument): void {
  const { terms, extraTerms } = signed.proposal;
  drawSection(doc, `Terms of Service, version ${terms.version}`);
  drawRuns(
    doc,
    linkRuns([{ text: clean(terms.title) }], terms.url),
    MARGIN.left,
    CONTENT_WIDTH,
    SIZE.body,
    COLOR.muted,
  );
  doc.y += 6;
  drawMarkdown(doc, terms.text);
  if (extraTerms !== null) {
    drawSection(doc, 'Additional terms');
    drawMarkdown(doc, extraTerms);
  }
}
