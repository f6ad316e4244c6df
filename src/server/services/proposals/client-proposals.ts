/**
 * A client's proposals as its members see them (docs/product.md#proposals): the list and one
 * proposal, every role reading; opening one records the view. The decisions are
 * services/proposals/signing.ts.
 */
import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { agreements, invoices, proposals } from '../../../../db/schema/index.ts';
import { OPEN_PROPOSAL_STATUSES } from '../../../shared/proposals.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { DatabaseBusyError } from '../../db/errors.ts';
import { NotFoundError } from '../../errors.ts';
import type { ClientMemberRecord } from '../clients/members.ts';
import { clientProposalJson, type ProposalRow } from './proposal-json.ts';
import { recordProposalUpdated } from './proposal-rows.ts';

/** A view is recorded at most once a minute per proposal, so ticking items does not write each time. */
const VIEW_RECORD_EVERY_MS = 60_000;
/** The sent proposal `id` of client `clientId` with its agreement, or NotFoundError (drafts are staff's). */
export async function visibleProposal(db: SqlDb, clientId: string, id: string) {
  const [row] = await db
    .select({ proposal: proposals, agreement: agreements })
    .from(proposals)
    .leftJoin(agreements, eq(agreements.proposalId, proposals.id))
    .where(and(eq(proposals.id, id), eq(proposals.clientId, clientId), ne(proposals.status, 'draft')));
  if (!row) throw new NotFoundError('Proposal');
  return row;
}

/**
 * Client `clientId`'s proposals, newest first, without drafts and without versions a newer one
 * replaced: `{items: [{id, version, title, status, validUntil, sentAt, totals, agreement}]}`.
 */
export async function clientProposals(db: Database, clientId: string, timeZone: string) {
  const rows = await db.read
    .select({ proposal: proposals, agreement: agreements })
    .from(proposals)
    .leftJoin(agreements, eq(agreements.proposalId, proposals.id))
    .where(and(eq(proposals.clientId, clientId), ne(proposals.status, 'draft'), isNull(proposals.replacedById)))
    .orderBy(desc(proposals.sentAt));
  const now = new Date();
  return {
    items: rows.map(({ proposal, agreement }) => {
      const json = clientProposalJson(proposal, agreement, [], timeZone, now);
      return {
        id: json.id,
        version: json.version,
        title: json.title,
        status: json.status,
        validUntil: json.validUntil,
        sentAt: json.sentAt,
        totals: json.totals,
        hasOptionalItems: json.items.some((item) => item.optional),
        agreement: json.agreement,
      };
    }),
  };
}

/**
 * Records that `member` opened `row` (sent → viewed, first and last view kept), at most once a
 * minute; resolves the row as it is then. Best effort: a busy database leaves it for the next view
 * and never fails the read.
 */
async function recordView(db: Database, row: ProposalRow, now: Date): Promise<ProposalRow> {
  if (!OPEN_PROPOSAL_STATUSES.includes(row.status)) return row;
  if (
    row.status === 'viewed' &&
    row.lastViewedAt &&
    now.getTime() - row.lastViewedAt.getTime() < VIEW_RECORD_EVERY_MS
  ) {
    return row;
  }
  try {
    return await db.write(async (tx) => {
      const [viewed] = await tx
        .update(proposals)
        .set({ status: 'viewed', firstViewedAt: row.firstViewedAt ?? now, lastViewedAt: now })
        .where(and(eq(proposals.id, row.id), inArray(proposals.status, [...OPEN_PROPOSAL_STATUSES])))
        .returning();
      if (viewed) await recordProposalUpdated(tx, viewed);
      return viewed ?? row;
    });
  } catch (error) {
    if (!(error instanceof DatabaseBusyError)) throw error;
    return row;
  }
}

/**
 * Sent proposal `id` as `member` sees it, with totals for the optional items at `chosen`
 * (clientProposalJson) and, once signed, the deposit invoice it issued (`depositInvoiceId`, or
 * null). Records the view. NotFoundError for a draft or another client's.
 */
export async function clientProposal(
  db: Database,
  member: ClientMemberRecord,
  id: string,
  chosen: readonly number[],
  timeZone: string,
) {
  const now = new Date();
  const { proposal, agreement } = await visibleProposal(db.read, member.clientId, id);
  const seen = await recordView(db, proposal, now);
  // The deposit invoice its signature issued (docs/product.md#invoices), to pay it from here.
  const [deposit] = agreement
    ? await db.read
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.proposalId, id), eq(invoices.source, 'deposit')))
    : [];
  return { ...clientProposalJson(seen, agreement, chosen, timeZone, now), depositInvoiceId: deposit?.id ?? null };
}
