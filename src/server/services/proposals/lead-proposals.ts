/**
 * A lead's proposals as the lead board shows them (docs/product.md#leads, docs/product.md#proposals):
 * the newest one of each lead, with its status as of now.
 */
import { desc, inArray } from 'drizzle-orm';
import { proposals } from '../../../../db/schema/index.ts';
import type { ProposalStatus } from '../../../shared/proposals.ts';
import type { Database } from '../../db/database.ts';
import { statusAt } from './validity.ts';

/**
 * The newest proposal of each of `leadIds` (docs/product.md#proposals), as the lead board shows it:
 * `{id, title, status, version}`, the status as of now in `timeZone`.
 */
export async function latestProposals(db: Database, leadIds: string[], timeZone: string) {
  const found = new Map<string, { id: string; title: string; status: ProposalStatus; version: number }>();
  if (leadIds.length === 0) return found;
  const rows = await db.read
    .select({
      id: proposals.id,
      leadId: proposals.leadId,
      title: proposals.title,
      status: proposals.status,
      validUntil: proposals.validUntil,
      version: proposals.version,
    })
    .from(proposals)
    .where(inArray(proposals.leadId, leadIds))
    .orderBy(desc(proposals.createdAt));
  for (const row of rows) {
    if (!row.leadId || found.has(row.leadId)) continue;
    found.set(row.leadId, { id: row.id, title: row.title, status: statusAt(row, timeZone), version: row.version });
  }
  return found;
}
