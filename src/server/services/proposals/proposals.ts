/**
 * Proposals for staff (docs/product.md#proposals; docs/decisions/0042-proposals-and-agreements.md):
 * read one with its recipient, terms, agreement and versions; draft one, change and delete a draft.
 * Sending and withdrawing are services/proposals/sending.ts, new versions and copies
 * services/proposals/versions.ts. Every change is one write with its admin event and a live
 * `proposal-updated` event; totals are computed here in integer cents.
 *
 * A proposal is for a client or for a lead. A lead must have an email no member already has
 * (409 `email_taken`); a lead already converted is written for its client.
 */
import { and, desc, eq } from 'drizzle-orm';
import { agreements, clients, contactSubmissions, proposals } from '../../../../db/schema/index.ts';
import { proposalTotals, type OfferedDocument, type SignedDocument } from '../../../shared/proposals.ts';
import type { ProposalValues } from '../../../shared/schemas/proposals.ts';
import { staffName } from '../../../shared/staff-name.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import { staffProposalJson } from './proposal-json.ts';
import { checkValidUntil, proposalRow, recipientOf, recordProposalUpdated } from './proposal-rows.ts';
import { currentTerms, recordCurrentTerms, TERMS_PATH } from './terms.ts';
import { statusAt } from './validity.ts';

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
