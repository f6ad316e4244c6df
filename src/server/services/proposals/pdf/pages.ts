/**
 * What a whole PDF of this site needs once it is drawn (the agreement's, services/proposals/agreement-pdf.ts,
 * and the invoice's, services/invoices/invoice-pdf.ts): the footer of every page, and the bytes.
 */
import { COLOR, CONTENT_WIDTH, MARGIN, PAGE, SIZE, type Doc } from './kit.ts';

/** The footer's baseline, inside the bottom margin. */
const FOOTER_Y = PAGE.height - 44;

/**
 * Draws, once every page exists (a `bufferPages` document), a rule and two texts at the foot of
 * each page: `left` on the left, `right(page, count)` (1-based page number) on the right. Used by
 * the agreement's and the invoice's PDFs.
 */
export function drawPageFooters(doc: Doc, left: string, right: (page: number, count: number) => string): void {
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
    doc.text(left, MARGIN.left, FOOTER_Y, { lineBreak: false });
    const pageLabel = right(index - start + 1, count);
    doc.text(pageLabel, MARGIN.left + CONTENT_WIDTH - doc.widthOfString(pageLabel), FOOTER_Y, { lineBreak: false });
    doc.page.margins.bottom = margin;
  }
  doc.fillColor(COLOR.ink);
}

/**
 * The bytes `doc` writes, resolved once it ends (call `doc.end()` after this); rejects with its
 * error. A throw before `end` leaves the promise unsettled, for the collector.
 */
export function pdfBytes(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
