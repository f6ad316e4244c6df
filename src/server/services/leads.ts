/**
 * Leads: contact submissions from the landing, website-audit and emergency forms
 * (docs/product.md#leads). Stored by the public forms; listed, exported and given a status by
 * staff (the status change recorded as an admin event).
 */
import { asc, desc, eq } from 'drizzle-orm';
import { contactSubmissions, leadNotes, type LeadStatus } from '../../../db/schema/index.ts';
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

/** The notes on lead `leadId`, oldest first. NotFoundError when the lead does not exist. */
export async function listLeadNotes(db: Database, leadId: string) {
  const [lead] = await db
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, leadId));
  if (!lead) throw new NotFoundError('Lead');
  const rows = await db
    .select()
    .from(leadNotes)
    .where(eq(leadNotes.leadId, leadId))
    .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id));
  return rows.map(toJson);
}

/**
 * A staff note on lead `leadId`, by `actor`, recorded as an admin event in the same
 * transaction. NotFoundError when the lead does not exist.
 */
export async function addLeadNote(db: Database, actor: Actor, leadId: string, body: string) {
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ name: contactSubmissions.name })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, leadId));
    if (!lead) throw new NotFoundError('Lead');
    const [row] = await tx
      .insert(leadNotes)
      .values({ leadId, authorId: actor.id, author: actor.username, body, createdAt: new Date() })
      .returning();
    if (!row) throw new Error('Insert returned no row');
    await recordAdminEvent(tx, actor, 'create', 'lead', leadId, `Added a note on ${lead.name}`);
    return toJson(row);
  });
}
