/**
 * What a signature starts (docs/product.md#agreements), in the signature's own write: the
 * project, with a milestone per one-off line taken, and the conversion of the lead it was written
 * for.
 */
import { eq } from 'drizzle-orm';
import { contactSubmissions, milestones, projects } from '../../../../db/schema/index.ts';
import type { ProposalItem, SignedDocument } from '../../../shared/proposals.ts';
import type { SqlDb } from '../../db/database.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import type { ProposalRow } from './proposal-json.ts';

/** The milestone titles' limit (docs/product.md#milestones). */
const MILESTONE_TITLE_MAX = 200;

/** A milestone title from a line item's description (first line, within the milestones' limit). */
function milestoneTitle(item: ProposalItem): string {
  const first = item.description.split(/\r?\n/)[0]!.trim();
  return first.length > MILESTONE_TITLE_MAX ? `${first.slice(0, MILESTONE_TITLE_MAX - 1)}…` : first;
}

/**
 * The project a signature starts, in `tx`: the proposal's title, budget the one-off total,
 * `planning`, and one milestone per one-off line taken, in order. Returns its id.
 */
export async function startProject(tx: SqlDb, clientId: string, row: ProposalRow, signed: SignedDocument, now: Date) {
  const projectId = crypto.randomUUID();
  await tx.insert(projects).values({
    id: projectId,
    clientId,
    title: row.title,
    description: `From the signed proposal ${row.title}.`,
    budget: signed.totals.oneOffCents,
    createdAt: now,
    updatedAt: now,
  });
  const chosen = new Set(signed.chosenOptionalItems);
  const oneOff = signed.proposal.items.filter(
    (item, index) => item.recurring === null && (!item.optional || chosen.has(index)),
  );
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
  return projectId;
}

/** Lead `leadId`, in `tx`, won and linked to client `clientId` (its conversion), recorded as `actor`'s. */
export async function winLead(tx: SqlDb, actor: Actor, leadId: string, clientId: string): Promise<void> {
  const [lead] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, leadId));
  if (!lead || lead.status === 'won') return;
  await tx
    .update(contactSubmissions)
    .set({ status: 'won', clientId: lead.clientId ?? clientId })
    .where(eq(contactSubmissions.id, lead.id));
  await recordAdminEvent(tx, actor, 'update', 'lead', lead.id, `Converted lead ${lead.name} to a client`);
}
