/**
 * How the API carries a proposal (docs/product.md#proposals): staff see every field with its
 * recipient and agreement; a client's member sees what was offered (the frozen document), its
 * status, the totals for the optional items they picked and the agreement once signed, never a
 * draft's or staff-only fields. Totals are integer cents, computed here by the server.
 */
import { agreementReference, proposalTotals, type OfferedDocument } from '../../../shared/proposals.ts';
import type { agreements, proposals } from '../../../../db/schema/index.ts';
import { statusAt } from './validity.ts';

export type ProposalRow = typeof proposals.$inferSelect;
type AgreementRow = typeof agreements.$inferSelect;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** An agreement as both sides list it: its id, reference, who signed and when, and the project it started. */
function agreementSummary(agreement: Pick<AgreementRow, 'id' | 'signedAt' | 'signerName' | 'projectId'>) {
  return {
    id: agreement.id,
    reference: agreementReference(agreement.id),
    signedAt: agreement.signedAt.toISOString(),
    signerName: agreement.signerName,
    projectId: agreement.projectId,
  };
}

/** Whom a proposal is for, as staff see it. */
export interface RecipientParts {
  client: { id: string; name: string; company: string | null; email: string } | null;
  lead: { id: string; name: string; email: string | null } | null;
}

/** The staff's view of `row` at `now` (its status as of now, in `timeZone`). */
export function staffProposalJson(
  row: ProposalRow,
  parts: RecipientParts & { agreement: AgreementRow | null },
  timeZone: string,
  now = new Date(),
) {
  const recipient = parts.client
    ? {
        kind: 'client' as const,
        id: parts.client.id,
        name: parts.client.name,
        business: parts.client.company?.trim() || parts.client.name,
        email: parts.client.email,
      }
    : parts.lead
      ? { kind: 'lead' as const, id: parts.lead.id, name: parts.lead.name, business: null, email: parts.lead.email }
      : null;
  return {
    id: row.id,
    seriesId: row.seriesId,
    version: row.version,
    status: statusAt(row, timeZone, now),
    clientId: row.clientId,
    leadId: row.leadId,
    recipient,
    title: row.title,
    intro: row.intro,
    items: row.items,
    discountCents: row.discountCents,
    depositPercent: row.depositPercent,
    extraTerms: row.extraTerms,
    termsVersion: row.termsVersion,
    validUntil: row.validUntil,
    totals: { oneOffCents: row.oneOffCents, monthlyCents: row.monthlyCents, depositCents: row.depositCents },
    documentHash: row.documentHash,
    sentAt: iso(row.sentAt),
    firstViewedAt: iso(row.firstViewedAt),
    lastViewedAt: iso(row.lastViewedAt),
    decidedAt: iso(row.decidedAt),
    decidedByName: row.decidedByName,
    declineReason: row.declineReason,
    withdrawnAt: iso(row.withdrawnAt),
    replacedById: row.replacedById,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    agreement: parts.agreement ? agreementSummary(parts.agreement) : null,
  };
}

/**
 * A client member's view of sent proposal `row`: the offered document as frozen, its
 * `documentHash`, the status as of `now`, and `totals` (and `optionalItems`) for the optional
 * items at `chosen` (positions that are not optional items are left out).
 */
export function clientProposalJson(
  row: ProposalRow,
  agreement: AgreementRow | null,
  chosen: readonly number[],
  timeZone: string,
  now = new Date(),
) {
  const offered = JSON.parse(row.document!) as OfferedDocument;
  const signed = agreement ? (JSON.parse(agreement.document) as { chosenOptionalItems: number[] }) : null;
  // Once signed, the choice is the agreement's; before, the one the page asks about.
  const picked = signed ? signed.chosenOptionalItems : chosen.filter((position) => offered.items[position]?.optional);
  const totals = proposalTotals(offered, picked);
  return {
    id: row.id,
    version: row.version,
    status: statusAt(row, timeZone, now),
    title: offered.title,
    intro: offered.intro,
    agency: offered.agency,
    client: offered.client,
    currency: offered.currency,
    items: offered.items,
    discountCents: offered.discountCents,
    depositPercent: offered.depositPercent,
    validUntil: offered.validUntil,
    terms: offered.terms,
    extraTerms: offered.extraTerms,
    sentAt: offered.sentAt,
    documentHash: row.documentHash!,
    optionalItems: picked,
    totals: {
      oneOffCents: totals.oneOffCents,
      monthlyCents: totals.monthlyCents,
      depositCents: totals.depositCents,
      oneOffSubtotalCents: totals.oneOffSubtotalCents,
      discountCents: totals.discountCents,
    },
    decidedAt: iso(row.decidedAt),
    decidedByName: row.decidedByName,
    declineReason: row.declineReason,
    replacedById: row.replacedById,
    agreement: agreement ? { ...agreementSummary(agreement), documentHash: agreement.documentHash } : null,
  };
}
