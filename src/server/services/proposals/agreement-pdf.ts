/**
 * The signed agreement as a PDF (docs/product.md#agreements): what the client signed, laid out by
 * pdfkit on US Letter pages. In order: a header (the agency, the proposal's title and version, the
 * agreement's reference, the client, the sent and valid-until days), the introduction, the line
 * items, the totals, the Terms of Service and any additional terms, then a certificate page (the
 * agreement's id and both SHA-256 hashes, and for each signer the name as typed, email, role, time,
 * IP address, user agent, the e-sign consent and the drawn signature). Every page's footer carries
 * the agreement's reference and "Page n of N".
 *
 * The parts are drawn by the modules of pdf/: the fonts and text primitives (kit.ts), the dates
 * (dates.ts), the header, items, totals and terms (document.ts), Markdown (markdown.ts), the footers and bytes (pages.ts) and the
 * certificate with the drawn signature (certificate.ts).
 *
 * Rendering is deterministic: the same input gives the same bytes (the PDF's CreationDate is the
 * first signer's time, and pdfkit derives the file id from the metadata). It is synchronous CPU
 * work, mostly fontkit shaping the text: about 0.3 s for an agreement carrying the full Terms of
 * Service (8 pages), during which this process does nothing else.
 */
import PDFDocument from 'pdfkit';
import { agreementReference, type SignedDocument, type SignerRecord } from '../../../shared/proposals.ts';
import { drawCertificate } from './pdf/certificate.ts';
import { checkTimeZone, validDate } from './pdf/dates.ts';
import { drawHeader, drawItems, drawTerms, drawTotals } from './pdf/document.ts';
import { clean, loadFonts, MARGIN, PAGE } from './pdf/kit.ts';
import { drawPageFooters, pdfBytes } from './pdf/pages.ts';
import { drawMarkdown } from './pdf/markdown.ts';

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
  const done = pdfBytes(doc);

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
  drawPageFooters(doc, `Agreement ${reference}`, (page, count) => `Page ${page} of ${count}`);
  doc.end();
  return done;
}
