/**
 * The agreement's certificate page (services/proposals/agreement-pdf.ts): its reference and id,
 * the signed and offered documents' SHA-256, and for each signer the name as typed, email, role,
 * time, address, user agent, the e-sign consent and the drawn signature; then where to check it.
 * The drawing is the server's normalized SVG (services/proposals/signature.ts), its path data read
 * by svgpath and drawn as lines and cubic curves.
 */
import svgpath from 'svgpath';
import { esignDisclosureAt } from '../../../../shared/esign.ts';
import type { SignerRecord, SignedDocument } from '../../../../shared/proposals.ts';
import { formatTime } from './dates.ts';
import { drawField, LABEL_WIDTH } from './document.ts';
import {
  clean,
  COLOR,
  CONTENT_WIDTH,
  drawRule,
  drawRuns,
  drawSection,
  drawText,
  ensureSpace,
  MARGIN,
  safeLink,
  SIZE,
  type Doc,
} from './kit.ts';

/** The format of the signature SVG as the server normalizes it (services/proposals/signature.ts). */
const SVG_VIEWBOX = /<svg\b[^>]*\bviewBox="([^"]*)"/;
const SVG_PATH = /<path\b[^>]*\bd="([^"]*)"[^>]*\/>/g;
const SIGNATURE_BOX = { width: 220, height: 80 };

/** What the certificate shows of an agreement. */
export interface CertificateInput {
  agreementId: string;
  document: SignedDocument;
  documentHash: string;
  signers: SignerRecord[];
  timeZone: string;
  verifyUrl: string;
}

/** The certificate page: the agreement's identity, its hashes, and each signer's evidence. */
export function drawCertificate(doc: Doc, input: CertificateInput, reference: string): void {
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

const notNormalized = () => new Error('The signature is not in the normalized SVG format');

/**
 * SVG path data of move, line, curve and close commands (what the server's normalizer allows, no
 * arcs), read by svgpath and made absolute, shorthands expanded → segments. A quadratic curve
 * becomes its exact cubic (pdfkit's `quadraticCurveTo` writes PDF's `v` operator, another curve).
 * Throws an Error on data svgpath cannot read or an arc.
 */
function pathSegments(d: string): Segment[] {
  const path = svgpath(d) as ReturnType<typeof svgpath> & { err?: string };
  if (path.err) throw notNormalized();
  const segments: Segment[] = [];
  path
    .abs()
    .unshort()
    .iterate((segment, _index, x, y) => {
      const [op, ...n] = segment as [string, ...number[]];
      if (op === 'M' || op === 'L') segments.push({ op, x: n[0]!, y: n[1]! });
      else if (op === 'H') segments.push({ op: 'L', x: n[0]!, y });
      else if (op === 'V') segments.push({ op: 'L', x, y: n[0]! });
      else if (op === 'C') segments.push({ op, x1: n[0]!, y1: n[1]!, x2: n[2]!, y2: n[3]!, x: n[4]!, y: n[5]! });
      else if (op === 'Q') {
        const [qx, qy, ex, ey] = n as [number, number, number, number];
        const third = 2 / 3;
        segments.push({
          op: 'C',
          x1: x + third * (qx - x),
          y1: y + third * (qy - y),
          x2: ex + third * (qx - ex),
          y2: ey + third * (qy - ey),
          x: ex,
          y: ey,
        });
      } else if (op === 'Z' || op === 'z') segments.push({ op: 'Z' });
      else throw notNormalized();
    });
  return segments;
}

/**
 * The drawn signature in a 220 × 80 pt box beside its label. `svg` is the server's normalized
 * format only (services/proposals/signature.ts): a viewBox and `<path d="…"/>` elements whose data
 * pathSegments reads; throws an Error on anything else.
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
    throw notNormalized();
  }
  const paths = [...svg.matchAll(SVG_PATH)].map((match) => pathSegments(match[1] ?? ''));
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
