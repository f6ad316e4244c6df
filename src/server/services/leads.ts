/**
 * Leads: contact submissions from the landing, website-audit and emergency forms
 * (docs/product.md#leads). Stored by the public forms; listed, exported and given a status by
 * staff (the status change recorded as an admin event).
 */
import { asc, desc, eq } from 'drizzle-orm';
import { clients, contactSubmissions, leadNotes, projects, type LeadStatus } from '../../../db/schema/index.ts';
import type { ConvertLeadValues } from '../../shared/schemas/admin.ts';
import { ConflictError, InvalidFieldError, NotFoundError } from '../errors.ts';
import { recordAdminEvent, type Actor } from './admin-events.ts';
import type { Database } from './db.ts';
import { toPublicClient } from './clients.ts';
import { toJson } from './json.ts';
import { notifyNewLead } from './notifications.ts';
import { createPasswordResetToken, INVITATION_TTL_MS } from './password-resets.ts';

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

/** A client row's password hash that no password matches: the client sets one through the invitation. */
const NO_PASSWORD_YET = 'none: set through the invitation link';

/**
 * Turns lead `leadId` into a client (docs/product.md#leads), in one transaction: the client
 * (the lead's name and email, `company` if given, the lead's phone), a first project when
 * `projectTitle` is given, the lead linked to the client and marked won, an admin event, and a
 * single-use invitation link valid 72 hours. Returns the client, the project (or null) and the
 * link's token. NotFoundError for a missing lead; ConflictError('already_converted') when it
 * was converted before, ('email_taken') when a client has that email; InvalidFieldError on
 * `email` for a lead without one. Nothing is written on any error.
 */
export async function convertLeadToClient(db: Database, actor: Actor, leadId: string, values: ConvertLeadValues) {
  return db.transaction(async (tx) => {
    const [lead] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, leadId));
    if (!lead) throw new NotFoundError('Lead');
    if (lead.clientId) {
      throw new ConflictError('already_converted', 'This lead is already a client', 'lead');
    }
    if (!lead.email) throw new InvalidFieldError('email', 'This lead has no email to invite');
    const email = lead.email.trim().toLowerCase();
    const [taken] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.email, email));
    if (taken) throw new ConflictError('email_taken', 'An account with this email already exists', 'email');
    const now = new Date();
    const [client] = await tx
      .insert(clients)
      .values({
        name: lead.name,
        email,
        company: values.company || null,
        phone: lead.phone,
        passwordHash: NO_PASSWORD_YET,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!client) throw new Error('Insert returned no row');
    let project: typeof projects.$inferSelect | undefined;
    if (values.projectTitle) {
      [project] = await tx
        .insert(projects)
        .values({ clientId: client.id, title: values.projectTitle, createdAt: now, updatedAt: now })
        .returning();
    }
    await tx
      .update(contactSubmissions)
      .set({ clientId: client.id, status: 'won' })
      .where(eq(contactSubmissions.id, leadId));
    await recordAdminEvent(tx, actor, 'create', 'client', client.id, `Converted lead ${lead.name} to a client`);
    const token = await createPasswordResetToken(tx, client.id, now, INVITATION_TTL_MS);
    return { client: toPublicClient(client), project: project ? toJson(project) : null, token };
  });
}
