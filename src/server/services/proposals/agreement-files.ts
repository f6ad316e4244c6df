/**
 * A signed agreement's PDF once made (docs/product.md#agreements): the name it is offered under,
 * where it is for a reader who may see it (staff, or a member of its client), and what `/verify`
 * says of a PDF by its SHA-256.
 */
import { and, eq } from 'drizzle-orm';
import { agreementDocuments, agreements } from '../../../../db/schema/index.ts';
import { agreementReference, type SignedDocument } from '../../../shared/proposals.ts';
import type { Database } from '../../db/database.ts';
import { NotFoundError } from '../../errors.ts';

/** The page (and API) where a PDF is checked. */
export const VERIFY_PATH = '/verify';

/** The name a signed agreement's PDF is offered under: 'Agreement AGR-1A2B3C4D - {title}.pdf', cleaned. */
export function agreementFileName(agreementId: string, title: string): string {
  const clean = title
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .trim()
    .slice(0, 120);
  return `Agreement ${agreementReference(agreementId)} - ${clean || 'proposal'}.pdf`;
}

/**
 * Where agreement `agreementId`'s PDF is, for a reader who is staff (`viewer` null) or a member of
 * client `viewer.clientId`: `{storageKey, filename, size}`, or null while it is being made.
 * NotFoundError for no such agreement or another client's.
 */
export async function agreementPdfOf(db: Database, agreementId: string, viewer: { clientId: string } | null) {
  const [row] = await db.read
    .select({ agreement: agreements, pdf: agreementDocuments })
    .from(agreements)
    .leftJoin(agreementDocuments, eq(agreementDocuments.agreementId, agreements.id))
    .where(and(eq(agreements.id, agreementId), viewer ? eq(agreements.clientId, viewer.clientId) : undefined));
  if (!row) throw new NotFoundError('Agreement');
  if (!row.pdf) return null;
  const title = (JSON.parse(row.agreement.document) as SignedDocument).proposal.title;
  return { storageKey: row.pdf.storageKey, filename: agreementFileName(agreementId, title), size: row.pdf.size };
}

/**
 * What `/verify` says of a PDF whose bytes hash to `pdfSha256`: `{valid: true, agreementId,
 * reference, title, signedAt, signers, documentHash}` when this site issued exactly those bytes,
 * `{valid: false}` for anything else (another file, or one changed by a single byte).
 */
export async function verifyAgreementPdf(db: Database, pdfSha256: string) {
  const [row] = await db.read
    .select({ agreement: agreements })
    .from(agreementDocuments)
    .innerJoin(agreements, eq(agreements.id, agreementDocuments.agreementId))
    .where(eq(agreementDocuments.pdfSha256, pdfSha256));
  if (!row) return { valid: false as const };
  const { agreement } = row;
  const document = JSON.parse(agreement.document) as SignedDocument;
  return {
    valid: true as const,
    agreementId: agreement.id,
    reference: agreementReference(agreement.id),
    title: document.proposal.title,
    business: document.proposal.client.business,
    signedAt: agreement.signedAt.toISOString(),
    signers: [agreement.signerName],
    documentHash: agreement.documentHash,
  };
}
