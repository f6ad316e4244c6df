/**
 * Proposals for staff (docs/product.md#proposals; docs/decisions/0042-proposals-and-agreements.md):
 * draft, change and delete a draft, send, withdraw, make a new version, duplicate, and read one
 * with its recipient and agreement. Every change is one write with its admin event and a live
 * `proposal-updated` event; totals are computed here in integer cents.
 *
 * - A proposal is for a client or for a lead. A lead must have an email no member already has
 *   (409 `email_taken`); a lead already converted is written for its client.
 * - Sending freezes it (the offered document and its SHA-256), emails whoever may sign
 *   (services/proposals/recipients.ts) and withdraws the version it replaces. Sending a lead's
 *   proposal makes the lead a client whose owner is invited (the invitation lands on the
 *   proposal); the lead is linked to that client and becomes `won` when the proposal is signed.
 * - Once sent, a proposal is never edited (409 `proposal_sent`): `reviseProposal` makes the next
 *   version as a draft, which must be sent again.
 */
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { agreements, clientMembers, clients, contactSubmissions, proposals } from '../../../../db/schema/index.ts';
import {
  OPEN_PROPOSAL_STATUSES,
  PROPOSAL_LIMITS,
  proposalTotals,
  type OfferedDocument,
  type SignedDocument,
} from '../../../shared/proposals.ts';
import type { ProposalValues } from '../../../shared/schemas/proposals.ts';
import { staffName } from '../../../shared/staff-name.ts';
import { businessName } from '../../../shared/team.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { AppError, ConflictError, InvalidFieldError, NotFoundError } from '../../errors.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import { insertClient } from '../clients/clients.ts';
import { recordEvent } from '../events/events.ts';
import { offeredDocument } from './documents.ts';
import { staffProposalJson, type ProposalRow } from './proposal-json.ts';
import { queueProposalEmails, type ProposalEmailEnv } from './recipients.ts';
import { currentTerms, recordCurrentTerms, TERMS_PATH } from './terms.ts';
import { daysFromToday, statusAt, todayIn } from './validity.ts';

/** Records `proposal-updated` for `row` in `tx`: its client's portals follow it once it was sent. */
export async function recordProposalUpdated(tx: SqlDb, row: ProposalRow): Promise<void> {
  await recordEvent(tx, {
    type: 'proposal-updated',
    proposalId: row.id,
    clientId: row.status === 'draft' ? null : row.clientId,
    leadId: row.leadId,
  });
}

/** The proposal `id` in `tx`, or NotFoundError. */
async function proposalRow(tx: SqlDb, id: string): Promise<ProposalRow> {
  const [row] = await tx.select().from(proposals).where(eq(proposals.id, id));
  if (!row) throw new NotFoundError('Proposal');
  return row;
}

/** Refuses a valid-until day before today or more than a year ahead, in `timeZone`. */
function checkValidUntil(validUntil: string, timeZone: string, now: Date) {
  if (validUntil < todayIn(timeZone, now)) {
    throw new InvalidFieldError('validUntil', 'The valid-until date must be today or later');
  }
  if (validUntil > daysFromToday(timeZone, PROPOSAL_LIMITS.validDays, now)) {
    throw new InvalidFieldError('validUntil', 'A proposal can be valid for at most a year');
  }
}

/**
 * The client and lead a proposal of `values` is for, checked in `tx`: a client that exists and is
 * not erased; a lead that exists, has an email and, unless converted (then its client), has an
 * email no member has. InvalidFieldError / ConflictError otherwise.
 */
async function recipientOf(tx: SqlDb, values: Pick<ProposalValues, 'clientId' | 'leadId'>) {
  if (values.clientId) {
    const [client] = await tx.select().from(clients).where(eq(clients.id, values.clientId));
    if (!client || client.erasedAt) throw new InvalidFieldError('clientId', 'This client does not exist');
    return { clientId: client.id, leadId: null };
  }
  const [lead] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, values.leadId!));
  if (!lead || lead.erasedAt) throw new InvalidFieldError('leadId', 'This lead does not exist');
  if (lead.clientId) return { clientId: lead.clientId, leadId: lead.id };
  if (!lead.email) throw new InvalidFieldError('leadId', 'This lead has no email to invite');
  const [member] = await tx
    .select({ id: clientMembers.id })
    .from(clientMembers)
    .where(eq(clientMembers.email, lead.email.trim().toLowerCase()));
  if (member) {
    throw new ConflictError(
      'email_taken',
      "This lead's email belongs to a client's account: write the proposal for that client",
      'leadId',
    );
  }
  return { clientId: null, leadId: lead.id };
}

/** The stored fields of `values`, with the required items' totals. */
function contentOf(values: ProposalValues) {
  const totals = proposalTotals(values);
  return {
    title: values.title,
    intro: values.intro,
    items: values.items,
    discountCents: values.discountCents,
    depositPercent: values.depositPercent,
    extraTerms: values.extraTerms,
    validUntil: values.validUntil,
    oneOffCents: totals.oneOffCents,
    monthlyCents: totals.monthlyCents,
    depositCents: totals.depositCents,
  };
}

/**
 * Staff's view of proposal `id` (see proposal-json.ts), with its `terms` (as sent, or as a draft
 * will be sent, the page's address under `siteUrl`), its versions, and for a signed one the
 * agreement's `chosenOptionalItems` and signed `totals`; NotFoundError when there is none.
 */
export async function getProposal(db: Database | { read: SqlDb }, id: string, timeZone: string, siteUrl: string) {
  const [row] = await db.read
    .select({ proposal: proposals, client: clients, lead: contactSubmissions, agreement: agreements })
    .from(proposals)
    .leftJoin(clients, eq(clients.id, proposals.clientId))
    .leftJoin(contactSubmissions, eq(contactSubmissions.id, proposals.leadId))
    .leftJoin(agreements, eq(agreements.proposalId, proposals.id))
    .where(eq(proposals.id, id));
  if (!row) throw new NotFoundError('Proposal');
  const versions = await db.read
    .select({
      id: proposals.id,
      version: proposals.version,
      status: proposals.status,
      validUntil: proposals.validUntil,
    })
    .from(proposals)
    .where(eq(proposals.seriesId, row.proposal.seriesId))
    .orderBy(desc(proposals.version));
  // The terms it was sent with (frozen in its document), or those a draft will be sent with.
  const offered = row.proposal.document ? (JSON.parse(row.proposal.document) as OfferedDocument) : null;
  const published = offered ? null : currentTerms();
  const terms = offered?.terms ?? {
    version: published!.version,
    title: published!.title,
    url: new URL(TERMS_PATH, siteUrl).href,
    text: published!.text,
  };
  // What the client signed: the optional items chosen and the totals that follow.
  const signed = row.agreement ? (JSON.parse(row.agreement.document) as SignedDocument) : null;
  const json = staffProposalJson(row.proposal, row, timeZone);
  return {
    ...json,
    terms,
    agreement:
      json.agreement && signed
        ? { ...json.agreement, chosenOptionalItems: signed.chosenOptionalItems, totals: signed.totals }
        : null,
    versions: versions.map((v) => ({ id: v.id, version: v.version, status: statusAt(v, timeZone) })),
  };
}

/**
 * Drafts a proposal of `values` by `actor`, with the Terms of Service published now. Returns its
 * id and status. InvalidFieldError / ConflictError for a recipient or a day that will not do.
 */
export async function createProposal(db: Database, actor: Actor, values: ProposalValues, timeZone: string) {
  const now = new Date();
  checkValidUntil(values.validUntil, timeZone, now);
  return db.write(async (tx) => {
    const recipient = await recipientOf(tx, values);
    const terms = await recordCurrentTerms(tx);
    const id = crypto.randomUUID();
    const [row] = await tx
      .insert(proposals)
      .values({
        id,
        seriesId: id,
        ...recipient,
        ...contentOf(values),
        termsVersion: terms.version,
        createdBy: actor.id,
        createdByName: staffName(actor),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAdminEvent(tx, actor, 'create', 'proposal', id, `Drafted proposal ${values.title}`);
    await recordProposalUpdated(tx, row!);
    return { id, status: row!.status };
  });
}

/** The 409 of a change to a proposal that was sent. */
const sentAlready = () =>
  new AppError(409, 'proposal_sent', 'A sent proposal cannot be changed. Make a new version and send it again.');

/** Changes draft `id` to `values`. NotFoundError; AppError 409 `proposal_sent` once sent. */
export async function updateProposal(db: Database, actor: Actor, id: string, values: ProposalValues, timeZone: string) {
  const now = new Date();
  checkValidUntil(values.validUntil, timeZone, now);
  return db.write(async (tx) => {
    const current = await proposalRow(tx, id);
    if (current.status !== 'draft') throw sentAlready();
    const recipient = await recipientOf(tx, values);
    const terms = await recordCurrentTerms(tx);
    const [row] = await tx
      .update(proposals)
      .set({ ...recipient, ...contentOf(values), termsVersion: terms.version, updatedAt: now })
      .where(and(eq(proposals.id, id), eq(proposals.status, 'draft')))
      .returning();
    if (!row) throw sentAlready();
    await recordAdminEvent(tx, actor, 'update', 'proposal', id, `Updated proposal ${values.title}`);
    await recordProposalUpdated(tx, row);
    return { id, status: row.status };
  });
}

/** Deletes draft `id`. NotFoundError; AppError 409 `proposal_sent` for a sent one (withdraw it instead). */
export async function deleteProposal(db: Database, actor: Actor, id: string): Promise<void> {
  await db.write(async (tx) => {
    const row = await proposalRow(tx, id);
    const [gone] = await tx
      .delete(proposals)
      .where(and(eq(proposals.id, id), eq(proposals.status, 'draft')))
      .returning({ id: proposals.id });
    if (!gone) {
      throw new AppError(409, 'proposal_sent', 'A sent proposal is kept as a record: withdraw it instead.');
    }
    await recordAdminEvent(tx, actor, 'delete', 'proposal', id, `Deleted draft proposal ${row.title}`);
    await recordProposalUpdated(tx, row);
  });
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
    let clientId = recipient.clientId;
    if (!clientId) {
      // A lead: the client and its first owner, invited (no password yet).
      const [lead] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, draft.leadId!));
      const client = await insertClient(tx, {
        name: lead!.name,
        email: lead!.email!,
        phone: lead!.phone,
        passwordHash: null,
      });
      clientId = client.id;
      await tx
        .update(contactSubmissions)
        .set({ clientId, ...(lead!.status === 'new' ? { status: 'contacted' as const } : {}) })
        .where(eq(contactSubmissions.id, lead!.id));
      await recordAdminEvent(
        tx,
        actor,
        'create',
        'client',
        clientId,
        `Invited lead ${lead!.name} to the portal with a proposal`,
      );
    }
    const [client] = await tx.select().from(clients).where(eq(clients.id, clientId));
    if (!client!.isActive) {
      throw new ConflictError(
        'client_inactive',
        "This client's account is inactive: activate it before sending",
        'clientId',
      );
    }
    const [owner] = await tx
      .select()
      .from(clientMembers)
      .where(and(eq(clientMembers.clientId, clientId), eq(clientMembers.role, 'owner')))
      .orderBy(clientMembers.createdAt)
      .limit(1);
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
        totals: { oneOffCents: sent.oneOffCents, monthlyCents: sent.monthlyCents, depositCents: sent.depositCents },
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

/** A new draft copying `source`'s content, for `recipient`, valid at least 30 more days. */
async function copyAsDraft(
  tx: SqlDb,
  actor: Actor,
  source: ProposalRow,
  series: { seriesId: string; version: number } | null,
  timeZone: string,
) {
  const now = new Date();
  const terms = await recordCurrentTerms(tx);
  const id = crypto.randomUUID();
  const validUntil = source.validUntil > todayIn(timeZone, now) ? source.validUntil : daysFromToday(timeZone, 30, now);
  const [row] = await tx
    .insert(proposals)
    .values({
      id,
      seriesId: series?.seriesId ?? id,
      version: series?.version ?? 1,
      clientId: source.clientId,
      leadId: source.leadId,
      title: source.title,
      intro: source.intro,
      items: source.items,
      discountCents: source.discountCents,
      depositPercent: source.depositPercent,
      extraTerms: source.extraTerms,
      validUntil,
      oneOffCents: source.oneOffCents,
      monthlyCents: source.monthlyCents,
      depositCents: source.depositCents,
      termsVersion: terms.version,
      createdBy: actor.id,
      createdByName: staffName(actor),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await recordProposalUpdated(tx, row!);
  return row!;
}

/**
 * The next version of sent proposal `id`, as a draft to change and send again. NotFoundError;
 * AppError 409 for a draft (change it instead), a signed one, or one that is not the series' latest.
 */
export async function reviseProposal(db: Database, actor: Actor, id: string, timeZone: string) {
  return db.write(async (tx) => {
    const source = await proposalRow(tx, id);
    if (source.status === 'draft')
      throw new AppError(409, 'still_draft', 'This proposal is still a draft: change it directly.');
    if (source.status === 'accepted') {
      throw new AppError(409, 'already_decided', 'A signed proposal stays as signed: duplicate it to start another.');
    }
    const [latest] = await tx
      .select({ version: proposals.version })
      .from(proposals)
      .where(eq(proposals.seriesId, source.seriesId))
      .orderBy(desc(proposals.version))
      .limit(1);
    if (latest && latest.version !== source.version) {
      throw new AppError(409, 'not_latest', 'A newer version of this proposal exists: open that one.');
    }
    const row = await copyAsDraft(
      tx,
      actor,
      source,
      { seriesId: source.seriesId, version: source.version + 1 },
      timeZone,
    );
    await recordAdminEvent(
      tx,
      actor,
      'create',
      'proposal',
      row.id,
      `Started version ${row.version} of proposal ${row.title}`,
    );
    return { id: row.id, status: row.status, version: row.version };
  });
}

/** A new draft (a proposal of its own) with the content and recipient of `id`. NotFoundError. */
export async function duplicateProposal(db: Database, actor: Actor, id: string, timeZone: string) {
  return db.write(async (tx) => {
    const source = await proposalRow(tx, id);
    const row = await copyAsDraft(tx, actor, source, null, timeZone);
    await recordAdminEvent(tx, actor, 'create', 'proposal', row.id, `Duplicated proposal ${row.title}`);
    return { id: row.id, status: row.status, version: row.version };
  });
}
