/**
 * Leads: contact submissions from the landing, website-audit and emergency forms
 * (docs/product.md#leads). Stored by the public forms; listed, exported and given a status by
 * staff (the status change recorded as an admin event).
 */
import { desc, eq } from 'drizzle-orm';
import { contactSubmissions, type LeadStatus } from '../../../db/schema/index.ts';
import { NotFoundError } from '../errors.ts';
import { recordAdminEvent, type Actor } from './admin-events.ts';
import type { Database } from './db.ts';
import { toJson } from './json.ts';
import { notifyNewLead } from './notifications.ts';

export type LeadRow = typeof contactSubmissions.$inferSelect;
export type NewLead = Omit<typeof contactSubmissions.$inferInsert, 'id' | 'createdAt'>;

/**
 * Stores one lead and returns the stored row (id a new UUID, createdAt now), with the team's
 * new-lead email queued in the same transaction (docs/product.md#lead-delivery).
 */
export async function createLead(db: Database, lead: NewLead): Promise<LeadRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactSubmissions)
      .values({ ...lead, createdAt: new Date() })
      .returning();
    if (!row) throw new Error('Insert returned no row');
    await notifyNewLead(tx, row.id);
    return row;
  });
}

/** Every lead as stored, newest first (for the CSV export). */
export function listLeadRows(db: Database): Promise<LeadRow[]> {
  return db.select().from(contactSubmissions).orderBy(desc(contactSubmissions.createdAt));
}

/** Every lead, newest first, as the API sends it. */
export async function listLeads(db: Database) {
  return (await listLeadRows(db)).map(toJson);
}

/** Sets a lead's status. NotFoundError when the lead does not exist. */
export async function setLeadStatus(db: Database, actor: Actor, id: string, status: LeadStatus) {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(contactSubmissions).set({ status }).where(eq(contactSubmissions.id, id)).returning();
    if (!row) throw new NotFoundError('Lead');
    await recordAdminEvent(tx, actor, 'update', 'lead', id, `Lead ${row.name} is now ${status}`);
    return toJson(row);
  });
}
