/**
 * Proposals and signed agreements (docs/product.md#proposals): statuses and their labels, the line
 * items, the limits, the totals in integer cents, and the documents a signature is about. One
 * source for the database schema, the API, the PDF and the screens.
 *
 * Money is integer US cents everywhere; a quantity is a whole number, so every amount is an exact
 * number of cents. The totals of what a client signs are computed by the server
 * (`proposalTotals`); a screen may call the same function only to preview a draft.
 */

/**
 * - `draft`: staff are writing it; only staff see it.
 * - `sent`: emailed; frozen (a change is a new version).
 * - `viewed`: a member of the client opened it (first and last view kept).
 * - `accepted`: signed; an agreement exists. `declined`: refused, with the reason.
 * - `expired`: its valid-until day passed before a decision. `withdrawn`: staff took it back, or a
 *   newer version replaced it.
 */
export const PROPOSAL_STATUSES = ['draft', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

/** The statuses in which a client may still accept or decline. */
export const OPEN_PROPOSAL_STATUSES: readonly ProposalStatus[] = ['sent', 'viewed'];

/** How often an item is billed: once (null) or every month. */
export const RECURRENCES = ['monthly'] as const;
type Recurrence = (typeof RECURRENCES)[number];

/** One line of a proposal. */
export interface ProposalItem {
  description: string;
  /** A whole number from 1 to MAX_QUANTITY. */
  quantity: number;
  /** US cents, 0 to MAX_UNIT_PRICE_CENTS. */
  unitPriceCents: number;
  /** null: one-off; 'monthly': billed every month. */
  recurring: Recurrence | null;
  /** An item the client may tick (or leave out) when signing. */
  optional: boolean;
}

/** Limits of a proposal (docs/product.md#limits). */
export const PROPOSAL_LIMITS = {
  items: 100,
  titleLength: 200,
  descriptionLength: 500,
  introLength: 20_000,
  extraTermsLength: 20_000,
  quantity: 10_000,
  /** $1,000,000.00 */
  unitPriceCents: 100_000_000,
  declineReasonLength: 2_000,
  signerNameLength: 200,
  /** The drawn signature, as SVG text. */
  signatureBytes: 32 * 1024,
  /** How far ahead a proposal may be valid, in days. */
  validDays: 365,
} as const;

/** What a client sees of the money, for the items it chose: integer cents. */
export interface ProposalTotals {
  /** The one-off items' sum before the discount. */
  oneOffSubtotalCents: number;
  /** The discount taken off the one-off items (never more than their sum). */
  discountCents: number;
  /** One-off total after the discount. */
  oneOffCents: number;
  /** Sum of the monthly items, per month. */
  monthlyCents: number;
  /** `depositPercent` of the one-off total, rounded half up to the cent. */
  depositCents: number;
}

/** The amount of one line in cents: quantity × unit price. */
export function lineAmountCents(item: Pick<ProposalItem, 'quantity' | 'unitPriceCents'>): number {
  return item.quantity * item.unitPriceCents;
}

/**
 * The totals of `proposal` when the client takes every required item and the optional items whose
 * positions (0-based) are in `chosen`: see ProposalTotals. Pure; integer arithmetic only.
 */
export function proposalTotals(
  proposal: { items: readonly ProposalItem[]; discountCents: number; depositPercent: number },
  chosen: Iterable<number> = [],
): ProposalTotals {
  const picked = new Set(chosen);
  let oneOffSubtotalCents = 0;
  let monthlyCents = 0;
  proposal.items.forEach((item, index) => {
    if (item.optional && !picked.has(index)) return;
    if (item.recurring === 'monthly') monthlyCents += lineAmountCents(item);
    else oneOffSubtotalCents += lineAmountCents(item);
  });
  const discountCents = Math.min(Math.max(0, proposal.discountCents), oneOffSubtotalCents);
  const oneOffCents = oneOffSubtotalCents - discountCents;
  // Half up, in integers: (a·p + 50) div 100.
  const depositCents = Math.floor((oneOffCents * proposal.depositPercent + 50) / 100);
  return { oneOffSubtotalCents, discountCents, oneOffCents, monthlyCents, depositCents };
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents → '$2,400.00'. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/**
 * The proposal as offered to the client, frozen when it is sent: the exact words, items, prices
 * and terms. Its canonical JSON (RFC 8785) and that text's SHA-256 are the proposal's
 * `documentHash`; a signature names that hash.
 */
export interface OfferedDocument {
  schema: 'proposal/1';
  proposalId: string;
  version: number;
  title: string;
  /** Markdown. */
  intro: string;
  agency: { name: string; legalName: string; address: string; email: string; phone: string };
  /** Whom it is for: the business and the person it was addressed to. */
  client: { business: string; name: string; email: string };
  currency: 'USD';
  items: ProposalItem[];
  discountCents: number;
  depositPercent: number;
  /** 'YYYY-MM-DD': the last day it may be accepted, in the agency's time zone. */
  validUntil: string;
  /** The site's Terms of Service as published at that version (Markdown). */
  terms: { version: string; title: string; url: string; text: string };
  /** Extra clauses for this proposal (Markdown), or null. */
  extraTerms: string | null;
  /** ISO 8601. */
  sentAt: string;
}

/**
 * What a signature fixes (docs/product.md#agreements): the document offered, its hash, the
 * optional items the client chose (positions, ascending) and the totals that follow. Its
 * canonical JSON's SHA-256 is the agreement's `documentHash`.
 */
export interface SignedDocument {
  schema: 'agreement/1';
  proposal: OfferedDocument;
  offeredHash: string;
  chosenOptionalItems: number[];
  totals: ProposalTotals;
}

/** A signer's record on an agreement (its certificate page). */
export interface SignerRecord {
  /** The name as typed. */
  name: string;
  email: string;
  /** The member's role on the client's team. */
  role: string;
  /** ISO 8601. */
  signedAt: string;
  ipAddress: string;
  userAgent: string;
  /** The version of the electronic-signature disclosure they consented to (src/shared/esign.ts). */
  consentVersion: string;
  /** The drawn signature, normalized SVG (services/proposals/signature.ts), or null. */
  signatureSvg: string | null;
}

/** An agreement's short reference, shown on its PDF and by /verify: 'AGR-' and its id's first 8 characters. */
export function agreementReference(agreementId: string): string {
  return `AGR-${agreementId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}
