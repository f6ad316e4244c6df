/**
 * A client's proposals (docs/product.md#proposals, docs/product.md#agreements): the list and one
 * proposal as its members see it (every role reads; opening one records the view), and the two
 * decisions, which only an `owner` or `billing` member makes (the routes check the role).
 *
 * Accepting is signing, in one write: the proposal must be open and unexpired, and the hash the
 * signer saw must be the one sent (409 `document_changed` otherwise); the status moves by one
 * conditional update, so two signatures at once make one agreement (the other gets 409
 * `already_decided`). The same write records the agreement, turns the lead into a won client,
 * creates the project with a milestone per one-off item chosen, tells the team, and records the
 * live events. The PDF follows right after (services/proposals/agreements.ts).
 */
import { and, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { agreements, contactSubmissions, milestones, projects, proposals } from '../../../../db/schema/index.ts';
import { currentEsignDisclosure } from '../../../shared/esign.ts';
import { agreementReference, OPEN_PROPOSAL_STATUSES, type ProposalItem } from '../../../shared/proposals.ts';
import type { AcceptProposalValues } from '../../../shared/schemas/proposals.ts';
import { memberLabel } from '../../../shared/team.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { DatabaseBusyError } from '../../db/errors.ts';
import type { Env } from '../../env/index.ts';
import { AppError, InvalidFieldError, NotFoundError } from '../../errors.ts';
import { recordAdminEvent } from '../admin-events.ts';
import type { ClientMemberRecord } from '../clients/members.ts';
import { queueEmail } from '../email/queue.ts';
import { formatTime } from '../email/templates/layout.tsx';
import { renderProposalDecided } from '../email/templates/proposals.tsx';
import { recordEvent } from '../events/events.ts';
import { signedDocument } from './documents.ts';
import { clientProposalJson, type ProposalRow } from './proposal-json.ts';
import { recordProposalUpdated } from './proposals.ts';
import { normalizeSignatureSvg } from './signature.ts';
import { formatDay, statusAt } from './validity.ts';

/** A view is recorded at most once a minute per proposal, so ticking items does not write each time. */
const VIEW_RECORD_EVERY_MS = 60_000;

/** The milestone titles' limit (docs/product.md#milestones). */
const MILESTONE_TITLE_MAX = 200;

/** The sent proposal `id` of client `clientId` with its agreement, or NotFoundError (drafts are staff's). */
async function visibleProposal(db: SqlDb, clientId: string, id: string) {
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
 * minute. Best effort: a busy database leaves it for the next view and never fails the read.
 */
async function recordView(db: Database, row: ProposalRow, now: Date): Promise<void> {
  if (!OPEN_PROPOSAL_STATUSES.includes(row.status)) return;
  if (
    row.status === 'viewed' &&
    row.lastViewedAt &&
    now.getTime() - row.lastViewedAt.getTime() < VIEW_RECORD_EVERY_MS
  ) {
    return;
  }
  try {
    await db.write(async (tx) => {
      const [viewed] = await tx
        .update(proposals)
        .set({ status: 'viewed', firstViewedAt: row.firstViewedAt ?? now, lastViewedAt: now })
        .where(and(eq(proposals.id, row.id), inArray(proposals.status, [...OPEN_PROPOSAL_STATUSES])))
        .returning();
      if (viewed) await recordProposalUpdated(tx, viewed);
    });
  } catch (error) {
    if (!(error instanceof DatabaseBusyError)) throw error;
  }
}

/**
 * Sent proposal `id` as `member` sees it, with totals for the optional items at `chosen`
 * (clientProposalJson). Records the view. NotFoundError for a draft or another client's.
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
  await recordView(db, proposal, now);
  const [fresh] = await db.read.select().from(proposals).where(eq(proposals.id, id));
  return clientProposalJson(fresh ?? proposal, agreement, chosen, timeZone, now);
}

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

type DecisionEnv = Pick<Env, 'SITE_URL' | 'SITE_TIME_ZONE'>;

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

/** A milestone title from a line item's description (first line, within the milestones' limit). */
function milestoneTitle(item: ProposalItem): string {
  const first = item.description.split(/\r?\n/)[0]!.trim();
  return first.length > MILESTONE_TITLE_MAX ? `${first.slice(0, MILESTONE_TITLE_MAX - 1)}…` : first;
}

/**
 * `member` signs proposal `id` with `values` (see the module comment): returns
 * `{agreementId, projectId}`. NotFoundError; AppError 409 `already_decided`, `proposal_expired`,
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
    const offered = row.items;
    for (const position of values.optionalItems) {
      if (!offered[position]?.optional) {
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
    const projectId = crypto.randomUUID();
    await tx.insert(projects).values({
      id: projectId,
      clientId: member.clientId,
      title: row.title,
      description: `From the signed proposal ${row.title}.`,
      budget: signed.document.totals.oneOffCents,
      createdAt: now,
      updatedAt: now,
    });
    const chosen = new Set(signed.document.chosenOptionalItems);
    const oneOff = offered.filter((item, index) => item.recurring === null && (!item.optional || chosen.has(index)));
    if (oneOff.length > 0) {
      await tx.insert(milestones).values(
        oneOff.map((item, index) => ({
          projectId,
          title: milestoneTitle(item),
          description: item.quantity > 1 ? `Quantity ${item.quantity}` : null,
          orderIndex: index + 1,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
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
    if (row.leadId) {
      const [lead] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, row.leadId));
      if (lead && lead.status !== 'won') {
        await tx
          .update(contactSubmissions)
          .set({ status: 'won', clientId: lead.clientId ?? member.clientId })
          .where(eq(contactSubmissions.id, lead.id));
        await recordAdminEvent(tx, actor, 'update', 'lead', lead.id, `Converted lead ${lead.name} to a client`);
      }
    }
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
    return { agreementId, projectId };
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
    const totals = { oneOffCents: row.oneOffCents, monthlyCents: row.monthlyCents, depositCents: row.depositCents };
    await tellTeam(tx, declined, label, 'declined', totals, teamTo, env, now);
    await recordProposalUpdated(tx, declined);
  });
  const { proposal, agreement } = await visibleProposal(db.read, member.clientId, id);
  return clientProposalJson(proposal, agreement, [], env.SITE_TIME_ZONE);
}
