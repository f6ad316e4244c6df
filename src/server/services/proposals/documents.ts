/**
 * The documents a signature is about (docs/product.md#agreements; docs/decisions/0042-proposals-and-agreements.md):
 * the proposal as offered (frozen when sent) and the signed document (what was offered, the
 * optional items chosen and the totals that follow). Each is fixed as canonical JSON (RFC 8785,
 * the `canonicalize` library: keys sorted, numbers and strings in one spelling) and identified by
 * that text's SHA-256, so the same document always has the same hash and any change, one
 * character or one cent, has another.
 */
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { company } from '../../../shared/company.ts';
import {
  proposalTotals,
  type OfferedDocument,
  type ProposalItem,
  type SignedDocument,
} from '../../../shared/proposals.ts';
import type { TermsVersion } from './terms.ts';
import { TERMS_PATH } from './terms.ts';

/** SHA-256 of `text` (UTF-8), lower-case hex. */
export function sha256Hex(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

/** `value` as canonical JSON (RFC 8785). Throws for a value JSON cannot hold (NaN, Infinity). */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('Nothing to canonicalize');
  return text;
}

/** What the offered document is made of: the proposal's frozen fields and whom it is for. */
export interface OfferedParts {
  proposalId: string;
  version: number;
  title: string;
  intro: string;
  items: ProposalItem[];
  discountCents: number;
  depositPercent: number;
  validUntil: string;
  extraTerms: string | null;
  client: { business: string; name: string; email: string };
  terms: TermsVersion;
  sentAt: Date;
  siteUrl: string;
}

/** The proposal as offered (src/shared/proposals.ts `OfferedDocument`), its canonical JSON and hash. */
export function offeredDocument(parts: OfferedParts): { document: OfferedDocument; json: string; hash: string } {
  const { address } = company;
  const document: OfferedDocument = {
    schema: 'proposal/1',
    proposalId: parts.proposalId,
    version: parts.version,
    title: parts.title,
    intro: parts.intro,
    agency: {
      name: company.name,
      legalName: company.legalName,
      address: `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`,
      email: company.email,
      phone: company.phoneDisplay,
    },
    client: parts.client,
    currency: 'USD',
    items: parts.items.map((item) => ({
      description: item.description,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      recurring: item.recurring,
      optional: item.optional,
    })),
    discountCents: parts.discountCents,
    depositPercent: parts.depositPercent,
    validUntil: parts.validUntil,
    terms: {
      version: parts.terms.version,
      title: parts.terms.title,
      url: new URL(TERMS_PATH, parts.siteUrl).href,
      text: parts.terms.text,
    },
    extraTerms: parts.extraTerms,
    sentAt: parts.sentAt.toISOString(),
  };
  const json = canonicalJson(document);
  return { document, json, hash: sha256Hex(json) };
}

/**
 * The signed document for `offered` (its stored canonical JSON) with the optional items at
 * `chosen` (positions, any order, each optional): its canonical JSON and hash. Throws
 * RangeError for a position that is not an optional item (the caller checked them first).
 */
export function signedDocument(
  offeredJson: string,
  chosen: readonly number[],
): { document: SignedDocument; json: string; hash: string } {
  const proposal = JSON.parse(offeredJson) as OfferedDocument;
  const positions = [...new Set(chosen)].sort((a, b) => a - b);
  for (const position of positions) {
    if (!proposal.items[position]?.optional) throw new RangeError(`Item ${position} is not optional`);
  }
  const document: SignedDocument = {
    schema: 'agreement/1',
    proposal,
    offeredHash: sha256Hex(offeredJson),
    chosenOptionalItems: positions,
    totals: proposalTotals(proposal, positions),
  };
  const json = canonicalJson(document);
  return { document, json, hash: sha256Hex(json) };
}
