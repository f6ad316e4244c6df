/**
 * Leads: contact submissions from the landing, website-audit and emergency forms
 * (docs/product.md#leads). Stored by the public forms; listed, exported and given a status by
 * staff (the status change recorded as an admin event).
 */
import { queueLeadAcknowledgement } from './acknowledgement.ts';
import { renderLeadAcknowledgement } from '../email/templates/email-replies.tsx';
import { and, asc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import { contactSubmissions, leadNotes, type LeadStatus } from '../../../../db/schema/index.ts';
import { latestProposals } from '../proposals/lead-proposals.ts';
import type { LeadListQuery } from '../../../shared/schemas/lists.ts';
import { NotFoundError } from '../../errors.ts';
import { recordAdminEvent, recordAdminEvents, type Actor } from '../admin-events.ts';
import type { Database } from '../../db/database.ts';
import {
  claimIdempotencyKey,
  IdempotencyKeyTaken,
  type IdempotentAnswer,
  type IdempotentRequest,
} from '../idempotency.ts';
import { toJson } from '../../db/json.ts';
import { pageKeys, type ListSpec } from '../lists.ts';
import { createdBetween, inPageOrder, inRowids, preparedPer } from '../list-rows.ts';
import { recordConsent } from '../privacy/consent.ts';
import { notifyNewLead } from '../email/notifications.ts';
import { recordEvent } from '../events/events.ts';

export type LeadRow = typeof contactSubmissions.$inferSelect;
export type NewLead = Omit<typeof contactSubmissions.$inferInsert, 'id' | 'createdAt'>;

/** A request's Idempotency-Key, and the answer to store with it once the lead is stored. */
export interface IdempotentLead {
  request: IdempotentRequest;
  answer: (lead: LeadRow) => IdempotentAnswer;
}

/**
 * Stores one lead and returns the stored row (id a new UUID, createdAt now), with the team's
 * new-lead email queued in the same transaction (docs/product.md#lead-delivery). With
 * `idempotent`, the key and its answer are stored in that transaction too; when another request
 * claimed the key first, nothing is stored and IdempotencyKeyTaken is raised
 * (docs/product.md#contact-form). With `inboundDomain` (INBOUND_DOMAIN), a lead with an email that
 * is not suspected spam is also sent `We received your message` with a reply address, in the same
 * write: its reply becomes a note on the lead (docs/product.md#email-replies).
 */
export async function createLead(
  db: Database,
  lead: NewLead,
  idempotent?: IdempotentLead,
  inboundDomain?: string,
): Promise<LeadRow> {
  const acknowledgement =
    inboundDomain && lead.email && !lead.suspectedSpam ? await renderLeadAcknowledgement({ name: lead.name }) : null;
  return db.write(async (tx) => {
    const [row] = await tx
      .insert(contactSubmissions)
      .values({ ...lead, createdAt: new Date() })
      .returning();
    if (!row) throw new Error('Insert returned no row');
    if (idempotent && !(await claimIdempotencyKey(tx, idempotent.request, idempotent.answer(row)))) {
      throw new IdempotencyKeyTaken();
    }
    // A request kept as suspected spam is shown to staff, never emailed (docs/product.md#emergency).
    if (!row.suspectedSpam) await notifyNewLead(tx, row.id);
    if (acknowledgement && row.email) {
      await queueLeadAcknowledgement(tx, { id: row.id, email: row.email }, inboundDomain!, acknowledgement);
    }
    // An urgent lead alerts every open dashboard at once, through the event log
    // (docs/product.md#urgent-lead-alert).
    if (row.urgent && !row.suspectedSpam) {
      await recordEvent(tx, { type: 'lead-urgent', leadId: row.id, name: row.name, source: row.source });
    }
    // The contact form shows its processing notice; the lead is recorded as having been given it
    // (docs/product.md#privacy).
    if (row.source === 'landing') {
      await recordConsent(
        tx,
        { kind: 'lead', id: row.id },
        { purpose: 'contact-processing', granted: true, method: 'form' },
      );
    }
    return row;
  });
}

const leadList: ListSpec = {
  table: contactSubmissions,
  tableName: 'contact_submissions',
  fts: 'contact_submissions_fts',
  primary: 'name',
  sorts: {
    createdAt: sql`${contactSubmissions.createdAt}`,
    name: sql`${contactSubmissions.name} collate nocase`,
    status: sql`${contactSubmissions.status}`,
  },
};

const leadFilters = (query: LeadListQuery) => [
  query.status ? eq(contactSubmissions.status, query.status) : undefined,
  query.source ? eq(contactSubmissions.source, query.source) : undefined,
  ...createdBetween(contactSubmissions.createdAt, query.from, query.to),
];

/** A lead as lists and exports carry it: everything but the audit report, which only its page shows. */
export type ListedLead = Omit<LeadRow, 'auditReport'>;

const { auditReport: _report, ...listedColumns } = getTableColumns(contactSubmissions);

const leadsByRowid = preparedPer((db) =>
  db.read
    .select({ lead: listedColumns, rowid: sql<number>`${contactSubmissions}.rowid` })
    .from(contactSubmissions)
    .where(inRowids(contactSubmissions))
    .prepare(),
);

async function leadRowsByRowid(db: Database, rowids: number[]): Promise<ListedLead[]> {
  if (rowids.length === 0) return [];
  const rows = await leadsByRowid(db).all({ rowids: JSON.stringify(rowids) });
  return inPageOrder(
    rowids,
    rows.map((r) => ({ ...r.lead, rowid: r.rowid })),
  );
}

/**
 * One page of leads for staff (docs/product.md#lists): `{ items, nextCursor, total }`; newest
 * first unless sorted or searched (name, email, message); filtered by status, source and
 * creation time. Each lead carries its newest proposal (`proposal`, or null), its status as of now
 * in `timeZone`. InvalidFieldError('cursor') for a foreign cursor.
 */
export async function listLeads(db: Database, query: LeadListQuery, timeZone: string) {
  const page = await pageKeys(db, leadList, { ...query, filters: leadFilters(query) });
  const rows = await leadRowsByRowid(db, page.rowids);
  const latest = await latestProposals(
    db,
    rows.map((row) => row.id),
    timeZone,
  );
  // The audit report stays on the lead's own page: a list carries only the score.
  return {
    items: rows.map((row) => ({ ...toJson(row), proposal: latest.get(row.id) ?? null })),
    nextCursor: page.nextCursor,
    total: page.total,
  };
}

/** Leads read per step of an export: bounds the memory an export holds at once. */
const EXPORT_BATCH = 1000;

/**
 * Every lead that `query` finds (its limit and cursor ignored), in its order, as stored, in
 * batches of 1,000, so that an export of any size holds one batch in memory at a time.
 */
export async function* leadRowsForExport(db: Database, query: LeadListQuery): AsyncGenerator<ListedLead[]> {
  let cursor: string | undefined;
  do {
    const page = await pageKeys(db, leadList, {
      ...query,
      limit: EXPORT_BATCH,
      cursor,
      filters: leadFilters(query),
      count: false,
    });
    yield await leadRowsByRowid(db, page.rowids);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** One lead as the API sends it, with its newest proposal (as listLeads). NotFoundError when it does not exist. */
export async function getLead(db: Database, id: string, timeZone: string) {
  const [row] = await db.read.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
  if (!row) throw new NotFoundError('Lead');
  const latest = await latestProposals(db, [id], timeZone);
  return { ...toJson(row), proposal: latest.get(id) ?? null };
}

/**
 * Sets the status of every lead in `ids` (at most 500, docs/product.md#leads) in one
 * transaction, with one admin event per lead that changed; returns how many changed. Ids that
 * do not exist are left out; nothing is written if any write fails.
 */
export async function setLeadsStatus(db: Database, actor: Actor, ids: string[], status: LeadStatus) {
  return db.write(async (tx) => {
    const rows = await tx
      .update(contactSubmissions)
      .set({ status })
      .where(and(inArray(contactSubmissions.id, ids), ne(contactSubmissions.status, status)))
      .returning({ id: contactSubmissions.id, name: contactSubmissions.name });
    await recordAdminEvents(
      tx,
      actor,
      'update',
      'lead',
      rows.map((row) => ({ entityId: row.id, summary: `Lead ${row.name} is now ${status}` })),
    );
    return rows.length;
  });
}

/** Sets a lead's status. NotFoundError when the lead does not exist. */
export async function setLeadStatus(db: Database, actor: Actor, id: string, status: LeadStatus) {
  return db.write(async (tx) => {
    const [row] = await tx.update(contactSubmissions).set({ status }).where(eq(contactSubmissions.id, id)).returning();
    if (!row) throw new NotFoundError('Lead');
    await recordAdminEvent(tx, actor, 'update', 'lead', id, `Lead ${row.name} is now ${status}`);
    return toJson(row);
  });
}

/** The notes on lead `leadId`, oldest first. NotFoundError when the lead does not exist. */
export async function listLeadNotes(db: Database, leadId: string) {
  const [lead] = await db.read
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, leadId));
  if (!lead) throw new NotFoundError('Lead');
  const rows = await db.read
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
  return db.write(async (tx) => {
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
