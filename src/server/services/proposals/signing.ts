/**
 * A client's decisions on a proposal (docs/product.md#proposals, docs/product.md#agreements), made
 * only by an `owner` or `billing` member (the routes check the role).
 *
 * Accepting is signing, in one write: the proposal must be open and unexpired, and the hash the
 * signer saw must be the one sent (409 `document_changed` otherwise); the status moves by one
 * conditional update, so two signatures at once make one agreement (the other gets 409
 * `already_decided`). The same write records the agreement, turns the lead into a won client,
 * creates the project with a milestone per one-off item chosen, tells the team, and records the
 * live events, and starts the billing: the deposit's invoice, issued, and the monthly lines' plan
 * (services/invoices/deposits.ts). The PDF follows right after (services/proposals/agreements.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { agreements, proposals } from '../../../../db/schema/index.ts';
import { currentEsignDisclosure } from '../../../shared/esign.ts';
import { agreementReference, OPEN_PROPOSAL_STATUSES } from '../../../shared/proposals.ts';
import type { AcceptProposalValues } from '../../../shared/schemas/proposals.ts';
import { memberLabel } from '../../../shared/team.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import type { Env } from '../../env/index.ts';
import type { IssueEnv } from '../invoices/issuing.ts';
import { AppError, InvalidFieldError } from '../../errors.ts';
import { recordAdminEvent } from '../admin-events.ts';
import type { ClientMemberRecord } from '../clients/members.ts';
import { queueEmail } from '../email/queue.ts';
import { formatTime } from '../email/templates/layout.tsx';
import { renderProposalDecided } from '../email/templates/proposals.tsx';
import { recordEvent } from '../events/events.ts';
import { startProject, winLead } from './acceptance.ts';
import { startBilling } from '../invoices/deposits.ts';
import { visibleProposal } from './client-proposals.ts';
import { signedDocument } from './documents.ts';
import { clientProposalJson, type ProposalRow } from './proposal-json.ts';
import { recordProposalUpdated, rowTotals } from './proposal-rows.ts';
import { normalizeSignatureSvg } from './signature.ts';
import { formatDay, statusAt } from './validity.ts';

/** The 409s of a proposal that can no longer be decided, by its status as of `now`. */
function refuseUnlessOpen(row: ProposalRow, timeZone: string, now: Date): void {
  const status = statusAt(row, timeZone, now);
  if (status === 'accepted' || status === 'declined') {
    throw new AppError(409, 'already_decided', 'This proposal was already answered.');
  }
  if (status === 'expired') {
    throw new AppError(
      409,
      'proposal_expired',
      `This proposal expired at the end of ${formatDay(row.validUntil)}. Ask us for a new one.`,
    );
  }
  if (status === 'withdrawn') {
    throw new AppError(
      409,
      'proposal_withdrawn',
      row.replacedById
        ? 'A newer version of this proposal replaced it. Please review the new one.'
        : 'This proposal was withdrawn by the team.',
    );
  }
}

/** Where the decision came from. */
export interface SigningContext {
  ipAddress: string;
  userAgent: string;
}

type DecisionEnv = Pick<Env, 'SITE_URL' | 'SITE_TIME_ZONE'> & IssueEnv;

/** Queues the team's email about a decision on `row` in `tx` (to the team inbox `teamTo`). */
async function tellTeam(
  tx: SqlDb,
  row: ProposalRow,
  who: string,
  decision: 'accepted' | 'declined',
  totals: { oneOffCents: number; monthlyCents: number; depositCents: number },
  teamTo: string[],
  env: DecisionEnv,
  now: Date,
) {
  if (teamTo.length === 0) return;
  const rendered = await renderProposalDecided({
    title: row.title,
    who,
    decision,
    reason: row.declineReason,
    totals,
    link: new URL('/admin#proposals', env.SITE_URL).href,
    time: formatTime(now, env.SITE_TIME_ZONE),
  });
  await queueEmail(tx, 'team', teamTo, rendered);
}

/**
 * `member` signs proposal `id` with `values` (see the module comment): returns
 * `{agreementId, projectId, depositInvoiceId}` (the deposit's invoice, or null). NotFoundError; AppError 409 `already_decided`, `proposal_expired`,
 * `proposal_withdrawn` or `document_changed`; InvalidFieldError for an item that is not optional
 * or a drawn signature that is not one. `teamTo` is the team inbox (services/email/notification-routes.ts).
 */
export async function acceptProposal(
  db: Database,
  member: ClientMemberRecord,
  id: string,
  values: AcceptProposalValues,
  context: SigningContext,
  teamTo: string[],
  env: DecisionEnv,
) {
  const signature = values.signatureSvg ? normalizeSignatureSvg(values.signatureSvg) : null;
  const consent = currentEsignDisclosure();
  return db.write(async (tx) => {
    const now = new Date();
    const { proposal: row } = await visibleProposal(tx, member.clientId, id);
    refuseUnlessOpen(row, env.SITE_TIME_ZONE, now);
    if (values.documentHash !== row.documentHash) {
      throw new AppError(
        409,
        'document_changed',
        'This proposal changed after you opened it. Please review it again before signing.',
      );
    }
    for (const position of values.optionalItems) {
      if (!row.items[position]?.optional) {
        throw new InvalidFieldError('optionalItems', `Item ${position + 1} is not an optional item of this proposal`);
      }
    }
    const signed = signedDocument(row.document!, values.optionalItems);
    const [accepted] = await tx
      .update(proposals)
      .set({ status: 'accepted', decidedAt: now, decidedByName: member.name, updatedAt: now })
      .where(and(eq(proposals.id, id), inArray(proposals.status, [...OPEN_PROPOSAL_STATUSES])))
      .returning();
    if (!accepted) throw new AppError(409, 'already_decided', 'This proposal was already answered.');
    const label = memberLabel(member.name, member.client);
    const actor = { id: member.id, username: label, displayName: label };
    const projectId = await startProject(tx, member.clientId, row, signed.document, now);
    const agreementId = crypto.randomUUID();
    await tx.insert(agreements).values({
      id: agreementId,
      proposalId: id,
      clientId: member.clientId,
      projectId,
      document: signed.json,
      documentHash: signed.hash,
      signerMemberId: member.id,
      signerName: values.signerName,
      signerEmail: member.email,
      signerRole: member.role,
      signedAt: now,
      ipAddress: context.ipAddress,
      userAgent: context.userAgent.slice(0, 500),
      consentVersion: consent.version,
      signatureSvg: signature,
    });
    if (row.leadId) await winLead(tx, actor, row.leadId, member.clientId);
    const depositInvoiceId = await startBilling(
      tx,
      actor,
      { clientId: member.clientId, projectId, proposalId: id, title: row.title },
      signed.document,
      env,
      now,
    );
    await recordAdminEvent(
      tx,
      actor,
      'update',
      'proposal',
      id,
      `${label} signed proposal ${row.title} (${agreementReference(agreementId)})`,
    );
    await tellTeam(tx, accepted, label, 'accepted', signed.document.totals, teamTo, env, now);
    await recordEvent(tx, { type: 'project-updated', projectId, clientId: member.clientId });
    await recordProposalUpdated(tx, accepted);
    return { agreementId, projectId, depositInvoiceId };
  });
}

/**
 * `member` declines proposal `id` for `reason`. Returns the proposal as they see it. NotFoundError;
 * AppError 409 as for accepting (already decided, expired, withdrawn).
 */
export async function declineProposal(
  db: Database,
  member: ClientMemberRecord,
  id: string,
  reason: string,
  teamTo: string[],
  env: DecisionEnv,
) {
  await db.write(async (tx) => {
    const now = new Date();
    const { proposal: row } = await visibleProposal(tx, member.clientId, id);
    refuseUnlessOpen(row, env.SITE_TIME_ZONE, now);
    const [declined] = await tx
      .update(proposals)
      .set({ status: 'declined', decidedAt: now, decidedByName: member.name, declineReason: reason, updatedAt: now })
      .where(and(eq(proposals.id, id), inArray(proposals.status, [...OPEN_PROPOSAL_STATUSES])))
      .returning();
    if (!declined) throw new AppError(409, 'already_decided', 'This proposal was already answered.');
    const label = memberLabel(member.name, member.client);
    const actor = { id: member.id, username: label, displayName: label };
    await recordAdminEvent(tx, actor, 'update', 'proposal', id, `${label} declined proposal ${row.title}`);
    await tellTeam(tx, declined, label, 'declined', rowTotals(row), teamTo, env, now);
    await recordProposalUpdated(tx, declined);
  });
  const { proposal, agreement } = await visibleProposal(db.read, member.clientId, id);
  return clientProposalJson(proposal, agreement, [], env.SITE_TIME_ZONE);
}
