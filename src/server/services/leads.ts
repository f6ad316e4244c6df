/**
 * Leads (contact_submissions, SPEC.md 3.1 plus issue 2's subject, services, source, urgent).
 * The only code that writes leads.
 */
import { contactSubmissions } from '../../../db/schema/index.ts';
import type { Database } from '../db.ts';

export type Lead = typeof contactSubmissions.$inferSelect;
export type NewLead = Omit<typeof contactSubmissions.$inferInsert, 'id' | 'createdAt'>;

/** Stores one lead and returns the stored row (id is a new UUID, createdAt now). */
export async function createLead(db: Database, lead: NewLead): Promise<Lead> {
  const [row] = await db
    .insert(contactSubmissions)
    .values({ ...lead, createdAt: new Date() })
    .returning();
  if (!row) throw new Error('Insert returned no row');
  return row;
}
