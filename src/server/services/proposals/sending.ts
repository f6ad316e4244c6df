/**
 * Sending and withdrawing a proposal (docs/product.md#proposals): sending freezes it (the offered
 * document and its SHA-256), emails whoever may sign (services/proposals/recipients.ts) and
 * withdraws the version it replaces. Sending a lead's proposal makes the lead a client whose owner
 * is invited (the invitation lands on the proposal); the lead is linked to that client and becomes
 * `won` when the proposal is signed. Once sent, a proposal is never edited.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { clients, contactSubmissions, proposals } from '../../../../db/schema/index.ts';
import { OPEN_PROPOSAL_STATUSES } from '../../../shared/proposals.ts';
import { staffName } from '../../../shared/staff-name.ts';
import { businessName } from '../../../shared/team.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { AppError, ConflictError } from '../../errors.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import { insertClient } from '../clients/clients.ts';
import { primaryOwner } from '../clients/members.ts';
import { offeredDocument } from './documents.ts';
import { checkValidUntil, proposalRow, recipientOf, recordProposalUpdated, rowTotals } from './proposal-rows.ts';
import { getProposal } from './proposals.ts';
import { queueProposalEmails, type ProposalEmailEnv } from './recipients.ts';
import { recordCurrentTerms } from './terms.ts';
import { statusAt } from './validity.ts';

/**
 * Makes lead `leadId` a client whose first owner is invited (no password yet), in `tx`, links the
 * lead to it (a `new` lead is now `contacted`) with an admin event by `actor`; returns the client's id.
 * ConflictError('email_taken') when a member has the lead's email meanwhile.
 */
async function inviteLead(tx: SqlDb, actor: Actor, leadId: string): Promise<string> {
  const [lead] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, leadId));
  const client = await insertClient(tx, {
    name: lead!.name,
    email: lead!.email!,
    phone: lead!.phone,
    passwordHash: null,
  });
  await tx
    .update(contactSubmissions)
    .set({ clientId: client.id, ...(lead!.status === 'new' ? { status: 'contacted' as const } : {}) })
    .where(eq(contactSubmissions.id, leadId));
  await recordAdminEvent(
    tx,
    actor,
    'create',
    'client',
    client.id,
    `Invited lead ${lead!.name} to the portal with a proposal`,
  );
  return client.id;
}

/**
 * Sends draft `id` (docs/product.md#proposals): for a lead, the client and its invited owner are
 * made first; the offered document is frozen with its hash; whoever may sign is emailed; an open
 * earlier version is withdrawn as replaced. Returns staff's view. NotFoundError; AppError 409
 * `already_sent`; InvalidFieldError for a day already past; ConflictError for a recipient that
 * cannot take it (email taken, nobody to sign, inactive client). Nothing is written on an error.
 */
export async function sendProposal(db: Database, actor: Actor, id: string, env: ProposalEmailEnv) {
  const now = new Date();
  await db.write(async (tx) => {
    const draft = await proposalRow(tx, id);
    if (draft.status !== 'draft') throw new AppError(409, 'already_sent', 'This proposal was already sent.');
    checkValidUntil(draft.validUntil, env.SITE_TIME_ZONE, now);
    const recipient = await recipientOf(tx, { clientId: draft.clientId, leadId: draft.clientId ? null : draft.leadId });
    // A lead's: the client and its first owner, invited.
    const clientId = recipient.clientId ?? (await inviteLead(tx, actor, draft.leadId!));
    const [client] = await tx.select().from(clients).where(eq(clients.id, clientId));
    if (!client!.isActive) {
      throw new ConflictError(
        'client_inactive',
        "This client's account is inactive: activate it before sending",
        'clientId',
      );
    }
    const owner = await primaryOwner(tx, clientId);
    const terms = await recordCurrentTerms(tx);
    const offered = offeredDocument({
      proposalId: draft.id,
      version: draft.version,
      title: draft.title,
      intro: draft.intro,
      items: draft.items,
      discountCents: draft.discountCents,
      depositPercent: draft.depositPercent,
      validUntil: draft.validUntil,
      extraTerms: draft.extraTerms,
      client: {
        business: businessName(client!),
        name: owner?.name ?? client!.name,
        email: owner?.email ?? client!.email,
      },
      terms,
      sentAt: now,
      siteUrl: env.SITE_URL,
    });
    const [sent] = await tx
      .update(proposals)
      .set({
        status: 'sent',
        clientId,
        termsVersion: terms.version,
        document: offered.json,
        documentHash: offered.hash,
        sentAt: now,
        updatedAt: now,
      })
      .where(and(eq(proposals.id, id), eq(proposals.status, 'draft')))
      .returning();
    if (!sent) throw new AppError(409, 'already_sent', 'This proposal was already sent.');
    // An earlier version still open is replaced by this one.
    const replaced = await tx
      .update(proposals)
      .set({ status: 'withdrawn', withdrawnAt: now, replacedById: id, updatedAt: now })
      .where(
        and(
          eq(proposals.seriesId, draft.seriesId),
          ne(proposals.id, id),
          inArray(proposals.status, [...OPEN_PROPOSAL_STATUSES]),
        ),
      )
      .returning();
    for (const old of replaced) await recordProposalUpdated(tx, old);
    await queueProposalEmails(
      tx,
      {
        id,
        clientId,
        title: sent.title,
        validUntil: sent.validUntil,
        totals: rowTotals(sent),
        sentBy: staffName(actor),
      },
      'sent',
      env,
      now,
    );
    await recordAdminEvent(
      tx,
      actor,
      'update',
      'proposal',
      id,
      `Sent proposal ${sent.title} to ${businessName(client!)}`,
    );
    await recordProposalUpdated(tx, sent);
  });
  return getProposal(db, id, env.SITE_TIME_ZONE, env.SITE_URL);
}
/** Withdraws sent proposal `id` (it can no longer be signed). NotFoundError; AppError 409 unless open. */
export async function withdrawProposal(
  db: Database,
  actor: Actor,
  id: string,
  env: Pick<ProposalEmailEnv, 'SITE_TIME_ZONE' | 'SITE_URL'>,
) {
  const timeZone = env.SITE_TIME_ZONE;
  const now = new Date();
  await db.write(async (tx) => {
    const row = await proposalRow(tx, id);
    if (statusAt(row, timeZone, now) !== row.status || !OPEN_PROPOSAL_STATUSES.includes(row.status)) {
      throw new AppError(409, 'not_open', 'Only a proposal waiting for an answer can be withdrawn.');
    }
    const [withdrawn] = await tx
      .update(proposals)
      .set({ status: 'withdrawn', withdrawnAt: now, updatedAt: now })
      .where(and(eq(proposals.id, id), inArray(proposals.status, [...OPEN_PROPOSAL_STATUSES])))
      .returning();
    if (!withdrawn) throw new AppError(409, 'not_open', 'Only a proposal waiting for an answer can be withdrawn.');
    await recordAdminEvent(tx, actor, 'update', 'proposal', id, `Withdrew proposal ${row.title}`);
    await recordProposalUpdated(tx, withdrawn);
  });
  return getProposal(db, id, timeZone, env.SITE_URL);
}
