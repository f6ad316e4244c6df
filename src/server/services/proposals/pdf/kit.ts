/**
 * What every part of the agreement's PDF draws with (services/proposals/agreement-pdf.ts): the pdfkit
 * document type, US Letter pages and their margins, sizes and colours, the fonts, and the text
 * primitives that wrap styled runs, keep blocks on a page and draw rules and section titles.
 *
 * Fonts: Inter (SIL Open Font License 1.1) from the full static TTF files of
 * @expo-google-fonts/inter, which cover Latin, Latin Extended, Vietnamese, Greek and Cyrillic in one
 * file per face (the @fontsource/inter files are split by subset, which would mean switching
 * fonts inside a word such as "Nguyễn"). pdfkit embeds only the glyphs used. The files are
 * resolved from the package with `createRequire(import.meta.url)`, which works from the source
 * and from the bundled dist/server/entry.mjs (npm packages stay in node_modules), and read once
 * per process; Inter's ascent is read with fontkit, pdfkit's own font engine. Hashes and ASCII
 * code use pdfkit's built-in Courier. A character outside Inter (emoji, CJK) is drawn as a blank box.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create as openFont } from 'fontkit';
import { safeLinkUrl } from '../../../../shared/links.ts';

export type Doc = PDFKit.PDFDocument;

const require = createRequire(import.meta.url);
/** Inter Regular, Italic, Bold and Bold Italic: full TTFs (see the module comment). */
const FONT_FILES = {
  regular: require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  italic: require.resolve('@expo-google-fonts/inter/400Regular_Italic/Inter_400Regular_Italic.ttf'),
  bold: require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
  boldItalic: require.resolve('@expo-google-fonts/inter/700Bold_Italic/Inter_700Bold_Italic.ttf'),
} as const;
export type Face = keyof typeof FONT_FILES;
let fontData: { files: Record<Face, Buffer>; ascent: number } | undefined;

/**
 * The font files' bytes and Inter's ascent as a fraction of the em (where pdfkit puts the first
 * baseline), read once per process. Throws when a file cannot be read or parsed.
 */
export function loadFonts(): { files: Record<Face, Buffer>; ascent: number } {
  if (!fontData) {
    const files = {
      regular: readFileSync(FONT_FILES.regular),
      italic: readFileSync(FONT_FILES.italic),
      bold: readFileSync(FONT_FILES.bold),
      boldItalic: readFileSync(FONT_FILES.boldItalic),
    };
    const regular = openFont(files.regular);
    if (!('unitsPerEm' in regular)) throw new Error('Inter Regular is not a single font');
    fontData = { files, ascent: regular.ascent / regular.unitsPerEm };
  }
  return fontData;
}

const MONO = 'Courier';
const MONO_BOLD = 'Courier-Bold';

/** US Letter, in points. */
export const PAGE = { width: 612, height: 792 };
export const MARGIN = { top: 54, left: 54, right: 54, bottom: 66 };
export const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;

export const SIZE = { body: 10, small: 8.5, table: 9, title: 20, section: 13 };
export const LINE_GAP = 2;
export const COLOR = {
  ink: '#111827',
  muted: '#4b5563',
  faint: '#6b7280',
  rule: '#d1d5db',
  fill: '#f3f4f6',
  link: '#1d4ed8',
};

/** A run of inline text with one style. */
export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  /** A clickable http(s) or mailto URL. */
  link?: string;
}

/** Control characters but the line feed (tabs and carriage returns are replaced before). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** Text as typed → text pdfkit can draw: NFC (one glyph per accented letter), tabs as spaces, no other control characters. */
export function clean(text: string): string {
  return text.normalize('NFC').replace(/\t/g, '    ').replace(/\r\n?/g, '\n').replace(CONTROL, '');
}

/** Whether Courier (WinAnsi) can draw `text`: printable ASCII only. */
function isAscii(text: string): boolean {
  return /^[\x20-\x7e\n]*$/.test(text);
}

/** The lowest y that content may reach on the current page. */
export function bottom(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Starts a new page unless `height` points still fit below doc.y. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

/** The index of the current page among the buffered pages. */
export function pageIndex(doc: Doc): number {
  const range = doc.bufferedPageRange();
  return range.start + range.count - 1;
}

/** The URL as a clickable link (src/shared/links.ts): only http(s) and mailto; anything else is not. */
export const safeLink = (url: string): string | undefined => safeLinkUrl(url) ?? undefined;

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
export function drawRuns(doc: Doc, runs: Run[], x: number, width: number, size: number, color = COLOR.ink): void {
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
export function setRunFont(doc: Doc, run: Run, size: number): { lineGap: number; baseline?: number } {
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
export function drawText(
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
export function drawRule(doc: Doc, gap = 8, x = MARGIN.left, width = MARGIN.left + CONTENT_WIDTH - x): void {
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
export function drawSection(doc: Doc, title: string): void {
  doc.font('bold').fontSize(SIZE.section);
  ensureSpace(doc, 14 + doc.currentLineHeight(true) + 3 * SIZE.body * 1.4);
  doc.y += 14;
  drawText(doc, title, { face: 'bold', size: SIZE.section });
  doc.y += 4;
}
