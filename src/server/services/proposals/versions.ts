/**
 * A proposal's new versions and copies (docs/product.md#proposals): a sent proposal is never edited,
 * so `reviseProposal` makes the next version of its series as a draft, which must be sent again;
 * `duplicateProposal` starts a proposal of its own from any one. Each is one write with its admin
 * event and a live event.
 */
import { desc, eq } from 'drizzle-orm';
import { proposals } from '../../../../db/schema/index.ts';
import { staffName } from '../../../shared/staff-name.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import type { ProposalRow } from './proposal-json.ts';
import { proposalRow, recordProposalUpdated } from './proposal-rows.ts';
import { recordCurrentTerms } from './terms.ts';
import { daysFromToday, todayIn } from './validity.ts';

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
