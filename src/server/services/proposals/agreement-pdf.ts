/**
 * The signed agreement as a PDF (docs/product.md#agreements): what the client signed, laid out by
 * pdfkit on US Letter pages. In order: a header (the agency, the proposal's title and version, the
 * agreement's reference, the client, the sent and valid-until days), the introduction, the line
 * items, the totals, the Terms of Service and any additional terms, then a certificate page (the
 * agreement's id and both SHA-256 hashes, and for each signer the name as typed, email, role, time,
 * IP address, user agent, the e-sign consent and the drawn signature). Every page's footer carries
 * the agreement's reference and "Page n of N".
 *
 * Markdown (the introduction, the terms, the extra terms) is parsed by remark-parse (CommonMark) and
 * drawn by this module: headings, paragraphs, lists, emphasis, code, block quotes, rules and links.
 * A link prints its text and then its URL in parentheses, and is a clickable link only for http(s)
 * and mailto URLs. Raw HTML is printed as the plain text it is, never interpreted; an image prints
 * its alt text only, and nothing is ever fetched.
 *
 * Fonts: Inter (SIL Open Font License 1.1) from the full static TTF files of
 * @expo-google-fonts/inter, which cover Latin, Latin Extended, Vietnamese, Greek and Cyrillic in one
 * file per face (the @fontsource/inter files are split by subset, which would mean switching
 * fonts inside a word such as "Nguyễn"). pdfkit embeds only the glyphs used. The files are
 * resolved from the package with `createRequire(import.meta.url)`, which works from the source
 * and from the bundled dist/server/entry.mjs (npm packages stay in node_modules), and read once
 * per process. Hashes and ASCII code use pdfkit's built-in Courier. A character outside Inter
 * (emoji, CJK) is drawn as a blank box.
 *
 * Rendering is deterministic: the same input gives the same bytes (the PDF's CreationDate is the
 * first signer's time, and pdfkit derives the file id from the metadata). It is synchronous CPU
 * work, mostly fontkit shaping the text: about 0.3 s for an agreement carrying the full Terms of
 * Service (8 pages), during which this process does nothing else.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tz, tzName } from '@date-fns/tz';
import { format, parseISO } from 'date-fns';
import PDFDocument from 'pdfkit';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { esignDisclosureAt } from '../../../shared/esign.ts';
import {
  agreementReference,
  formatCents,
  lineAmountCents,
  type ProposalItem,
  type SignedDocument,
  type SignerRecord,
} from '../../../shared/proposals.ts';

/** What renderAgreementPdf needs. */
export interface AgreementPdfInput {
  /** The agreement's id (a UUID). */
  agreementId: string;
  document: SignedDocument;
  /** SHA-256 (hex) of the signed document's canonical JSON. */
  documentHash: string;
  /** Who signed, in order; at least one. */
  signers: SignerRecord[];
  /** IANA time zone in which every date and time is printed, e.g. 'America/New_York'. */
  timeZone: string;
  /** Where anyone may check the PDF, e.g. 'https://example.com/verify'. */
  verifyUrl: string;
}

type Doc = PDFKit.PDFDocument;

const markdown = unified().use(remarkParse);
type MdRoot = ReturnType<typeof markdown.parse>;
type MdNode = MdRoot['children'][number];
type MdPhrasing = Extract<MdNode, { type: 'paragraph' }>['children'][number];

const require = createRequire(import.meta.url);
/** Inter Regular, Italic, Bold and Bold Italic: full TTFs (see the module comment). */
const FONT_FILES = {
  regular: require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  italic: require.resolve('@expo-google-fonts/inter/400Regular_Italic/Inter_400Regular_Italic.ttf'),
  bold: require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
  boldItalic: require.resolve('@expo-google-fonts/inter/700Bold_Italic/Inter_700Bold_Italic.ttf'),
} as const;
type Face = keyof typeof FONT_FILES;
let fontData: { files: Record<Face, Buffer>; ascent: number } | undefined;

/** The font files' bytes and Inter's ascent (see ttfAscent), read once per process. */
function loadFonts(): { files: Record<Face, Buffer>; ascent: number } {
  if (!fontData) {
    const files = {
      regular: readFileSync(FONT_FILES.regular),
      italic: readFileSync(FONT_FILES.italic),
      bold: readFileSync(FONT_FILES.bold),
      boldItalic: readFileSync(FONT_FILES.boldItalic),
    };
    fontData = { files, ascent: ttfAscent(files.regular) };
  }
  return fontData;
}

/**
 * A TrueType font's ascent (its `hhea` table's ascender, which pdfkit places the first baseline
 * by) as a fraction of the em. Throws an Error when `ttf` has no `head` or `hhea` table.
 */
function ttfAscent(ttf: Buffer): number {
  const tables = new Map<string, number>();
  for (let index = 0; index < ttf.readUInt16BE(4); index++) {
    const entry = 12 + 16 * index;
    tables.set(ttf.toString('latin1', entry, entry + 4), ttf.readUInt32BE(entry + 8));
  }
  const head = tables.get('head');
  const hhea = tables.get('hhea');
  if (head === undefined || hhea === undefined) throw new Error('Not a TrueType font with head and hhea tables');
  return ttf.readInt16BE(hhea + 4) / ttf.readUInt16BE(head + 18);
}

const MONO = 'Courier';
const MONO_BOLD = 'Courier-Bold';

/** US Letter, in points. */
const PAGE = { width: 612, height: 792 };
const MARGIN = { top: 54, left: 54, right: 54, bottom: 66 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
/** The footer's baseline area, inside the bottom margin. */
const FOOTER_Y = PAGE.height - 44;

const SIZE = { body: 10, small: 8.5, table: 9, title: 20, section: 13 };
const LINE_GAP = 2;
const COLOR = { ink: '#111827', muted: '#4b5563', faint: '#6b7280', rule: '#d1d5db', fill: '#f3f4f6', link: '#1d4ed8' };

/** A run of inline text with one style. */
interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  /** A clickable http(s) or mailto URL. */
  link?: string;
}

/** The format of the signature SVG as the server normalizes it (services/proposals/signature.ts). */
const SVG_VIEWBOX = /<svg\b[^>]*\bviewBox="([^"]*)"/;
const SVG_PATH = /<path\b[^>]*\bd="([^"]*)"[^>]*\/>/g;
/** A command letter or a number of SVG path data. */
const PATH_TOKEN = /[MmLlHhVvCcSsQqTtZz]|[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/g;
/** How many numbers each command takes. */
const PATH_ARGS: Record<string, number> = { M: 2, L: 2, H: 1, V: 1, C: 6, S: 4, Q: 4, T: 2, Z: 0 };
const SIGNATURE_BOX = { width: 220, height: 80 };

/**
 * Renders the agreement `input` (see AgreementPdfInput and the module comment) as a PDF and
 * resolves with its bytes. Deterministic: the same input gives the same bytes.
 *
 * Rejects with a RangeError when there is no signer, when `timeZone` is not a time zone or a date
 * is not a valid ISO 8601 time, and with an Error when a signature is not the normalized SVG.
 */
export async function renderAgreementPdf(input: AgreementPdfInput): Promise<Buffer> {
  const { document: signed, agreementId, signers, timeZone } = input;
  const first = signers[0];
  if (!first) throw new RangeError('An agreement PDF needs at least one signer');
  checkTimeZone(timeZone);
  const proposal = signed.proposal;
  const reference = agreementReference(agreementId);
  const fonts = loadFonts().files;

  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: false,
    lang: 'en-US',
    displayTitle: true,
    info: {
      Title: clean(proposal.title),
      Author: clean(proposal.agency.legalName),
      Subject: `Agreement ${reference}`,
      Keywords: `agreement:${agreementId}`,
      CreationDate: validDate(first.signedAt),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // A throw below leaves the document unfinished, and `done` unsettled, for the collector.
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('italic', fonts.italic);
  doc.registerFont('bold', fonts.bold);
  doc.registerFont('boldItalic', fonts.boldItalic);
  doc.addPage();
  drawHeader(doc, signed, reference, timeZone);
  drawMarkdown(doc, proposal.intro);
  drawItems(doc, proposal.items, new Set(signed.chosenOptionalItems));
  drawTotals(doc, signed);
  drawTerms(doc, signed);
  drawCertificate(doc, input, reference);
  drawFooters(doc, reference);
  doc.end();
  return done;
}

// ---------------------------------------------------------------------------------------------
// Text, dates and page flow

/** Control characters but the line feed (tabs and carriage returns are replaced before). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** Text as typed → text pdfkit can draw: NFC (one glyph per accented letter), tabs as spaces, no other control characters. */
function clean(text: string): string {
  return text.normalize('NFC').replace(/\t/g, '    ').replace(/\r\n?/g, '\n').replace(CONTROL, '');
}

/** Whether Courier (WinAnsi) can draw `text`: printable ASCII only. */
function isAscii(text: string): boolean {
  return /^[\x20-\x7e\n]*$/.test(text);
}

/** Throws a RangeError unless `timeZone` is a time zone the runtime knows. */
function checkTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new RangeError(`Unknown time zone: ${timeZone}`);
  }
}

/** An ISO 8601 time → Date; a RangeError when it is not one. */
function validDate(iso: string): Date {
  const date = parseISO(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an ISO 8601 time: ${iso}`);
  return date;
}

/** A time as 'Dec 1, 2026 at 3:04 PM EST', in `timeZone` and named (as the emails print times). */
function formatTime(iso: string, timeZone: string): string {
  const date = validDate(iso);
  return `${format(date, "MMM d, yyyy 'at' h:mm a", { in: tz(timeZone) })} ${tzName(timeZone, date, 'short')}`;
}

/** The day of a time in `timeZone`: 'Dec 1, 2026'. */
function formatDay(iso: string, timeZone: string): string {
  return format(validDate(iso), 'MMM d, yyyy', { in: tz(timeZone) });
}

/** A calendar day 'YYYY-MM-DD' (already in the agency's zone) → 'Dec 31, 2026'. */
function formatCalendarDay(day: string, timeZone: string): string {
  const date = parseISO(day, { in: tz(timeZone) });
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a day: ${day}`);
  return format(date, 'MMM d, yyyy', { in: tz(timeZone) });
}

/** The lowest y that content may reach on the current page. */
function bottom(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Starts a new page unless `height` points still fit below doc.y. */
function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

/** The index of the current page among the buffered pages. */
function pageIndex(doc: Doc): number {
  const range = doc.bufferedPageRange();
  return range.start + range.count - 1;
}

/** The URL as a clickable link: only http(s) and mailto; anything else (javascript:, data:, relative) is not. */
function safeLink(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return ['http:', 'https:', 'mailto:'].includes(parsed.protocol) ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** The face of a run. */
function faceOf(run: Run): string {
  if (run.code && isAscii(run.text)) return run.bold ? MONO_BOLD : MONO;
  if (run.bold) return run.italic ? 'boldItalic' : 'bold';
  return run.italic ? 'italic' : 'regular';
}

/**
 * Draws `runs` as one wrapped paragraph from (x, doc.y), `width` wide, at `size` points; pdfkit
 * carries the line on across runs (`continued`) and onto a new page when it reaches the margin.
 * Leaves doc.y below the paragraph.
 */
function drawRuns(doc: Doc, runs: Run[], x: number, width: number, size: number, color = COLOR.ink): void {
  const parts = runs.filter((run) => run.text.length > 0);
  if (parts.length === 0) return;
  ensureSpace(doc, doc.font('regular').fontSize(size).currentLineHeight(true) + LINE_GAP);
  parts.forEach((run, index) => {
    const metrics = setRunFont(doc, run, size);
    doc.fillColor(run.link ? COLOR.link : color);
    const options: PDFKit.Mixins.TextOptions = {
      width,
      ...metrics,
      continued: index < parts.length - 1,
      link: run.link ?? null,
      underline: run.link !== undefined,
    };
    if (index === 0) doc.text(run.text, x, doc.y, options);
    else doc.text(run.text, options);
  });
  doc.fillColor(COLOR.ink);
}

/**
 * Sets the font and size of `run` in a paragraph of `size` points, and returns the line gap and
 * baseline that put a Courier run on Inter's baseline and line pitch (pdfkit places each run by
 * its own font's ascent and advances each line by the height of the font that ends it).
 */
function setRunFont(doc: Doc, run: Run, size: number): { lineGap: number; baseline?: number } {
  if (!(run.code && isAscii(run.text))) {
    doc.font(faceOf(run)).fontSize(size);
    return { lineGap: LINE_GAP };
  }
  const interLine = doc.font('regular').fontSize(size).currentLineHeight(true);
  const monoLine = doc
    .font(faceOf(run))
    .fontSize(size * 0.95)
    .currentLineHeight(true);
  return { lineGap: LINE_GAP + interLine - monoLine, baseline: -(loadFonts().ascent * size) };
}

/** Plain text in one face as a wrapped paragraph (see drawRuns). */
function drawText(
  doc: Doc,
  text: string,
  options: { size?: number; face?: Face; color?: string; x?: number; width?: number } = {},
): void {
  const x = options.x ?? MARGIN.left;
  const face = options.face ?? 'regular';
  drawRuns(
    doc,
    [
      {
        text: clean(text),
        bold: face === 'bold' || face === 'boldItalic',
        italic: face === 'italic' || face === 'boldItalic',
      },
    ],
    x,
    options.width ?? MARGIN.left + CONTENT_WIDTH - x,
    options.size ?? SIZE.body,
    options.color,
  );
}

/** A horizontal rule across the content width at doc.y, with `gap` points above and below. */
function drawRule(doc: Doc, gap = 8, x = MARGIN.left, width = MARGIN.left + CONTENT_WIDTH - x): void {
  ensureSpace(doc, gap * 2 + 1);
  doc.y += gap;
  doc
    .save()
    .moveTo(x, doc.y)
    .lineTo(x + width, doc.y)
    .lineWidth(0.75)
    .strokeColor(COLOR.rule)
    .stroke()
    .restore();
  doc.y += gap;
}

/** A section's title, kept on the page of what follows it. */
function drawSection(doc: Doc, title: string): void {
  doc.font('bold').fontSize(SIZE.section);
  ensureSpace(doc, 14 + doc.currentLineHeight(true) + 3 * SIZE.body * 1.4);
  doc.y += 14;
  drawText(doc, title, { face: 'bold', size: SIZE.section });
  doc.y += 4;
}

// ---------------------------------------------------------------------------------------------
// Header, items, totals, terms

/** The first page's header: agency, title, version and reference, client, days. */
function drawHeader(doc: Doc, signed: SignedDocument, reference: string, timeZone: string): void {
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
    ['Valid until', formatCalendarDay(proposal.validUntil, timeZone)],
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
function drawItems(doc: Doc, items: readonly ProposalItem[], chosen: ReadonlySet<number>): void {
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
function drawTotals(doc: Doc, signed: SignedDocument): void {
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
function drawTerms(doc: Doc, signed: SignedDocument): void {
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

// ---------------------------------------------------------------------------------------------
// Markdown

/** Draws Markdown `source` (CommonMark) from doc.y across the content width. */
function drawMarkdown(doc: Doc, source: string): void {
  const tree = markdown.parse(source);
  const definitions = new Map<string, string>();
  collectDefinitions(tree.children, definitions);
  drawBlocks(doc, tree.children, { indent: 0, gap: BLOCK_GAP, defs: definitions });
}

/** The URL of every link reference definition, by its normalized identifier. */
function collectDefinitions(nodes: readonly MdNode[], into: Map<string, string>): void {
  for (const node of nodes) {
    if (node.type === 'definition') into.set(node.identifier, node.url);
    if ('children' in node) collectDefinitions(node.children as MdNode[], into);
  }
}

/** Where blocks are drawn: `indent` points in from the margin, `gap` points below each paragraph. */
interface BlockContext {
  indent: number;
  gap: number;
  defs: Map<string, string>;
}

/** The space after a paragraph, in points; in a tight list, between its items. */
const BLOCK_GAP = 6;
const TIGHT_GAP = 2;

/** Block nodes in `context`. */
function drawBlocks(doc: Doc, nodes: readonly MdNode[], context: BlockContext): void {
  nodes.forEach((node, index) => {
    const next = nodes[index + 1];
    // A heading stays with the heading right under it ("## Fees" then "### Deposit").
    if (node.type === 'heading' && next?.type === 'heading') {
      ensureSpace(doc, headingHeight(doc, node.depth) + headingHeight(doc, next.depth) + 2 * bodyLine(doc));
    }
    drawBlock(doc, node, context);
  });
}

/** A Markdown heading's size in points, by depth. */
function headingSize(depth: number): number {
  return [16, 14, 12, 11, 10.5, 10.5][depth - 1] ?? SIZE.body;
}

/** The height a one-line heading takes, its space above and below included. */
function headingHeight(doc: Doc, depth: number): number {
  return 8 + doc.font('bold').fontSize(headingSize(depth)).currentLineHeight(true) + LINE_GAP + 2;
}

/** One line of body text. */
function bodyLine(doc: Doc): number {
  return doc.font('regular').fontSize(SIZE.body).currentLineHeight(true) + LINE_GAP;
}

/** One block node. */
function drawBlock(doc: Doc, node: MdNode, context: BlockContext): void {
  const { indent, gap, defs } = context;
  const x = MARGIN.left + indent;
  const width = CONTENT_WIDTH - indent;
  switch (node.type) {
    case 'heading': {
      const size = headingSize(node.depth);
      // Keep a heading with the first lines under it.
      ensureSpace(doc, headingHeight(doc, node.depth) + 2 * bodyLine(doc));
      doc.y += 8;
      drawRuns(doc, inlineRuns(node.children, { bold: true }, defs), x, width, size);
      doc.y += 2;
      return;
    }
    case 'paragraph':
      drawRuns(doc, inlineRuns(node.children, {}, defs), x, width, SIZE.body);
      doc.y += gap;
      return;
    case 'list': {
      const start = node.start ?? 1;
      const markerWidth = node.ordered ? 8 + 6 * String(start + node.children.length - 1).length : 14;
      const itemGap = node.spread ? BLOCK_GAP : TIGHT_GAP;
      node.children.forEach((item, index) => {
        doc.font('regular').fontSize(SIZE.body);
        ensureSpace(doc, doc.currentLineHeight(true) + LINE_GAP);
        const y = doc.y;
        const marker = node.ordered ? `${start + index}.` : indent > 0 ? '◦' : '•';
        doc.fillColor(COLOR.ink).text(marker, x, y, { lineBreak: false });
        doc.x = MARGIN.left;
        doc.y = y;
        drawBlocks(doc, item.children as MdNode[], { indent: indent + markerWidth, gap: itemGap, defs });
        // An empty item still takes its line.
        if (doc.y === y) doc.y += doc.currentLineHeight(true) + LINE_GAP + itemGap;
      });
      doc.y += Math.max(0, gap - itemGap);
      return;
    }
    case 'blockquote': {
      const startPage = pageIndex(doc);
      const startY = doc.y;
      drawBlocks(doc, node.children, { indent: indent + 14, gap, defs });
      const endY = doc.y - gap;
      const endPage = pageIndex(doc);
      // The quote's rule, on each page it reaches.
      for (let page = startPage; page <= endPage; page++) {
        doc.switchToPage(page);
        const top = page === startPage ? startY : MARGIN.top;
        const end = page === endPage ? endY : bottom(doc);
        doc
          .save()
          .moveTo(x + 3, top)
          .lineTo(x + 3, end)
          .lineWidth(2)
          .strokeColor(COLOR.rule)
          .stroke()
          .restore();
      }
      doc.switchToPage(endPage);
      return;
    }
    case 'code':
      doc.y += 2;
      drawRuns(doc, [{ text: clean(node.value), code: true }], x + 10, width - 10, SIZE.table);
      doc.y += gap + 2;
      return;
    case 'html':
      // Raw HTML is text as typed: printed, never interpreted.
      drawRuns(doc, [{ text: clean(node.value) }], x, width, SIZE.body, COLOR.muted);
      doc.y += gap;
      return;
    case 'thematicBreak':
      drawRule(doc, 6, x, width);
      return;
    case 'definition':
      return;
    default:
      // Any other block (none in CommonMark): its text, so that nothing signed goes missing.
      if ('children' in node) drawBlocks(doc, node.children as MdNode[], context);
      else if ('value' in node && typeof node.value === 'string') drawText(doc, node.value, { x, width });
  }
}

/** Inline nodes → styled runs, `style` inherited from the parents. */
function inlineRuns(nodes: readonly MdPhrasing[], style: Omit<Run, 'text'>, defs: Map<string, string>): Run[] {
  return nodes.flatMap((node): Run[] => {
    switch (node.type) {
      case 'text':
        // A soft line break inside a paragraph reads as a space.
        return [{ ...style, text: clean(node.value).replace(/\n/g, ' ') }];
      case 'emphasis':
        return inlineRuns(node.children, { ...style, italic: true }, defs);
      case 'strong':
        return inlineRuns(node.children, { ...style, bold: true }, defs);
      case 'inlineCode':
        return [{ ...style, code: true, text: clean(node.value).replace(/\n/g, ' ') }];
      case 'break':
        return [{ ...style, text: '\n' }];
      case 'html':
        // Raw HTML is text as typed: printed, never interpreted.
        return [{ ...style, text: clean(node.value).replace(/\n/g, ' ') }];
      case 'image':
        return node.alt ? [{ ...style, text: clean(node.alt) }] : [];
      case 'imageReference':
        return node.alt ? [{ ...style, text: clean(node.alt) }] : [];
      case 'link':
        return linkRuns(inlineRuns(node.children, style, defs), node.url);
      case 'linkReference': {
        const runs = inlineRuns(node.children, style, defs);
        const url = defs.get(node.identifier);
        return url === undefined ? runs : linkRuns(runs, url);
      }
      default:
        return 'children' in node
          ? inlineRuns(node.children as MdPhrasing[], style, defs)
          : 'value' in node && typeof node.value === 'string'
            ? [{ ...style, text: clean(node.value) }]
            : [];
    }
  });
}

/** A link's text, then its URL in parentheses (once, when the text is the URL); clickable only when safeLink allows. */
function linkRuns(runs: Run[], rawUrl: string): Run[] {
  const url = clean(rawUrl);
  const link = safeLink(url);
  const text = runs.map((run) => run.text).join('');
  const linked = runs.map((run) => ({ ...run, link }));
  if (text === url || `mailto:${text}` === url || text.length === 0)
    return [...linked, ...(text ? [] : [{ text: url, link }])];
  return [...linked, { text: ' (' }, { text: url, link }, { text: ')' }];
}

// ---------------------------------------------------------------------------------------------
// Certificate

const LABEL_WIDTH = 130;

/** A label and its value side by side, kept on one page; doc.y moves below the taller. */
function drawField(doc: Doc, label: string, value: Run[], labelWidth = LABEL_WIDTH, size = SIZE.body): void {
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

/** The certificate page: the agreement's identity, its hashes, and each signer's evidence. */
function drawCertificate(doc: Doc, input: AgreementPdfInput, reference: string): void {
  const { document: signed, signers, timeZone, verifyUrl, agreementId, documentHash } = input;
  doc.addPage();
  drawText(doc, 'Certificate of signature', { face: 'bold', size: 18 });
  doc.y += 4;
  drawText(
    doc,
    `This page records who signed "${signed.proposal.title}" (version ${signed.proposal.version}), when and how.`,
    { color: COLOR.muted, size: SIZE.small },
  );
  doc.y += 12;
  drawField(doc, 'Agreement', [{ text: reference }]);
  drawField(doc, 'Agreement ID', [{ text: agreementId, code: true }]);
  drawField(doc, 'Document SHA-256', [{ text: documentHash, code: true }]);
  drawField(doc, 'Offered document SHA-256', [{ text: signed.offeredHash, code: true }]);

  signers.forEach((signer, index) => {
    drawSection(doc, signers.length > 1 ? `Signer ${index + 1}` : 'Signer');
    const disclosure = esignDisclosureAt(signer.consentVersion);
    drawField(doc, 'Name as typed', [{ text: clean(signer.name), bold: true }]);
    drawField(doc, 'Email', [{ text: clean(signer.email) }]);
    drawField(doc, 'Role', [{ text: clean(signer.role) }]);
    drawField(doc, 'Signed at', [
      { text: `${formatTime(signer.signedAt, timeZone)} (recorded as ${clean(signer.signedAt)})` },
    ]);
    drawField(doc, 'IP address', [{ text: clean(signer.ipAddress), code: true }]);
    drawField(doc, 'User agent', [{ text: clean(signer.userAgent) }], LABEL_WIDTH, SIZE.small);
    drawField(doc, 'E-sign consent', [
      {
        text: disclosure
          ? `${clean(signer.consentVersion)}: ${disclosure.title}`
          : `${clean(signer.consentVersion)} (a disclosure version this site does not know)`,
      },
    ]);
    if (signer.signatureSvg !== null) drawSignature(doc, signer.signatureSvg);
    else drawField(doc, 'Drawn signature', [{ text: 'None: signed with the typed name' }]);
  });

  drawRule(doc, 12);
  const link = safeLink(verifyUrl);
  drawRuns(
    doc,
    [
      { text: 'Check this document at ' },
      { text: clean(verifyUrl), link },
      { text: ': upload this PDF to confirm it is unchanged.' },
    ],
    MARGIN.left,
    CONTENT_WIDTH,
    SIZE.body,
  );
}

/** One segment of a path, in absolute coordinates; every curve a cubic. */
type Segment =
  | { op: 'M' | 'L'; x: number; y: number }
  | { op: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number }
  | { op: 'Z' };

/**
 * SVG path data of move, line, curve and close commands (M L H V C S Q T Z, absolute or relative;
 * what the server's normalizer allows, no arcs) → absolute segments. A quadratic curve becomes its
 * exact cubic (pdfkit's own `path()` draws quadratics with PDF's `v` operator, which is a different
 * curve). Throws an Error on anything else.
 */
function parsePathData(d: string): Segment[] {
  const invalid = () => new Error('The signature is not in the normalized SVG format');
  if (
    d
      .replace(PATH_TOKEN, ' ')
      .trim()
      .replace(/[\s,]+/g, '') !== ''
  )
    throw invalid();
  const tokens = d.match(PATH_TOKEN) ?? [];
  const segments: Segment[] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  // The last curve's control point, for S (after C or S) and T (after Q or T).
  let cubic: [number, number] | null = null;
  let quad: [number, number] | null = null;
  let command = '';
  let index = 0;
  const quadTo = (qx: number, qy: number, ex: number, ey: number) => {
    segments.push({
      op: 'C',
      x1: x + (2 / 3) * (qx - x),
      y1: y + (2 / 3) * (qy - y),
      x2: ex + (2 / 3) * (qx - ex),
      y2: ey + (2 / 3) * (qy - ey),
      x: ex,
      y: ey,
    });
    quad = [qx, qy];
    cubic = null;
    [x, y] = [ex, ey];
  };
  while (index < tokens.length) {
    const token = tokens[index]!;
    if (/^[a-z]$/i.test(token)) {
      command = token;
      index++;
    } else if (command === '' || /^[Zz]$/.test(command)) {
      throw invalid();
    }
    const upper = command.toUpperCase();
    const relative = command !== upper;
    if (upper === 'Z') {
      segments.push({ op: 'Z' });
      [x, y] = [startX, startY];
      cubic = quad = null;
      continue;
    }
    const count = PATH_ARGS[upper]!;
    const args = tokens.slice(index, index + count).map(Number);
    if (args.length < count || args.some((n) => !Number.isFinite(n))) throw invalid();
    index += count;
    // Relative coordinates: pairs from the current point (H and V: one axis).
    const ox = relative ? x : 0;
    const oy = relative ? y : 0;
    const at = (i: number): [number, number] => [args[i]! + ox, args[i + 1]! + oy];
    switch (upper) {
      case 'M':
        [x, y] = at(0);
        [startX, startY] = [x, y];
        segments.push({ op: 'M', x, y });
        cubic = quad = null;
        // Numbers after a move are lines.
        command = relative ? 'l' : 'L';
        break;
      case 'L':
      case 'H':
      case 'V':
        if (upper === 'L') [x, y] = at(0);
        else if (upper === 'H') x = args[0]! + ox;
        else y = args[0]! + oy;
        segments.push({ op: 'L', x, y });
        cubic = quad = null;
        break;
      case 'C':
      case 'S': {
        const [x1, y1]: [number, number] =
          upper === 'C' ? at(0) : cubic ? [2 * x - cubic[0], 2 * y - cubic[1]] : [x, y];
        const [x2, y2] = at(upper === 'C' ? 2 : 0);
        const [ex, ey] = at(upper === 'C' ? 4 : 2);
        segments.push({ op: 'C', x1, y1, x2, y2, x: ex, y: ey });
        cubic = [x2, y2];
        quad = null;
        [x, y] = [ex, ey];
        break;
      }
      case 'Q': {
        const [qx, qy] = at(0);
        const [ex, ey] = at(2);
        quadTo(qx, qy, ex, ey);
        break;
      }
      case 'T': {
        const [qx, qy]: [number, number] = quad ? [2 * x - quad[0], 2 * y - quad[1]] : [x, y];
        const [ex, ey] = at(0);
        quadTo(qx, qy, ex, ey);
        break;
      }
    }
  }
  return segments;
}

/**
 * The drawn signature in a 220 × 80 pt box beside its label. `svg` is the server's normalized
 * format only (services/proposals/signature.ts): a viewBox and `<path d="…"/>` elements whose data
 * parsePathData reads; throws an Error on anything else.
 */
function drawSignature(doc: Doc, svg: string): void {
  const viewBox = SVG_VIEWBOX.exec(svg)?.[1]
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (
    !viewBox ||
    viewBox.length !== 4 ||
    viewBox.some((n) => !Number.isFinite(n)) ||
    viewBox[2]! <= 0 ||
    viewBox[3]! <= 0
  ) {
    throw new Error('The signature is not in the normalized SVG format');
  }
  const paths = [...svg.matchAll(SVG_PATH)].map((match) => parsePathData(match[1] ?? ''));
  const [minX, minY, w, h] = viewBox as [number, number, number, number];
  const pad = 6;
  const scale = Math.min((SIGNATURE_BOX.width - 2 * pad) / w, (SIGNATURE_BOX.height - 2 * pad) / h);
  ensureSpace(doc, SIGNATURE_BOX.height + 4);
  const y = doc.y;
  const boxX = MARGIN.left + LABEL_WIDTH;
  doc.font('bold').fontSize(SIZE.small).fillColor(COLOR.muted);
  doc.text('Drawn signature', MARGIN.left, y + 2, { width: LABEL_WIDTH - 8 });
  doc.save().rect(boxX, y, SIGNATURE_BOX.width, SIGNATURE_BOX.height).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
  // Centred in the box, the viewBox scaled to fit.
  const offsetX = boxX + (SIGNATURE_BOX.width - w * scale) / 2;
  const offsetY = y + (SIGNATURE_BOX.height - h * scale) / 2;
  doc.translate(offsetX, offsetY).scale(scale).translate(-minX, -minY);
  doc
    .lineWidth(1.6 / scale)
    .lineCap('round')
    .lineJoin('round')
    .strokeColor(COLOR.ink);
  for (const segments of paths) {
    if (segments.length === 0) continue;
    for (const segment of segments) {
      if (segment.op === 'M') doc.moveTo(segment.x, segment.y);
      else if (segment.op === 'L') doc.lineTo(segment.x, segment.y);
      else if (segment.op === 'C') {
        doc.bezierCurveTo(segment.x1, segment.y1, segment.x2, segment.y2, segment.x, segment.y);
      } else doc.closePath();
    }
    doc.stroke();
  }
  doc.restore();
  doc.fillColor(COLOR.ink);
  doc.x = MARGIN.left;
  doc.y = y + SIGNATURE_BOX.height + 6;
}

// ---------------------------------------------------------------------------------------------
// Footers

/** "Agreement AGR-…" and "Page n of N" at the foot of every page, once all pages exist. */
function drawFooters(doc: Doc, reference: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Below the bottom margin: lift it so that pdfkit does not start a page for the footer.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .save()
      .moveTo(MARGIN.left, FOOTER_Y - 6)
      .lineTo(MARGIN.left + CONTENT_WIDTH, FOOTER_Y - 6)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke()
      .restore();
    doc.font('regular').fontSize(SIZE.small).fillColor(COLOR.muted);
    doc.text(`Agreement ${reference}`, MARGIN.left, FOOTER_Y, { lineBreak: false });
    const pageLabel = `Page ${index - start + 1} of ${count}`;
    doc.text(pageLabel, MARGIN.left + CONTENT_WIDTH - doc.widthOfString(pageLabel), FOOTER_Y, { lineBreak: false });
    doc.page.margins.bottom = margin;
  }
  doc.fillColor(COLOR.ink);
}
