/**
 * The parts of a data export shared by a client's and a lead's (docs/product.md#privacy): the
 * shapes (`ExportContent`), and the leads, notes, chats, consents and newsletter rows of a person.
 * Staff appear by display name only; timestamps are ISO 8601 strings.
 */
import { bookingsOfPerson } from '../bookings/records.ts';
import { asc, eq, inArray, or } from 'drizzle-orm';
import {
  chatConversations,
  chatMessages,
  contactSubmissions,
  contactSubmissions as _cs,
  leadNotes,
  newsletterSubscribers,
} from '../../../../db/schema/index.ts';
import { consentTextAt, type ConsentPurposeName } from '../../../shared/consent-texts.ts';
import { staffDisplayName } from '../../../shared/staff-name.ts';
import type { consentsOfClient } from './consent.ts';
import { NotFoundError } from '../../errors.ts';
import { consentsOfLead } from './consent.ts';
import type { Database } from '../../db/database.ts';

/** A cell of an exported row. */
type Cell = string | number | boolean | null;
/** One exported record. */
export type ExportRow = Record<string, Cell>;

/** A file to put in the archive: its path there and where its bytes live. */
interface ExportFile {
  path: string;
  storageKey: string;
  size: number;
}

/** Everything an export holds: rows by kind (each kind a CSV) and the person's own files. */
export interface ExportContent {
  subject: { kind: 'client' | 'lead'; id: string; name: string };
  records: Record<string, ExportRow[]>;
  files: ExportFile[];
}

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** A staff name as the export shows it: a display name, never an address. */
export const staff = (name: string | null) => (name ? staffDisplayName(name) : null);

/** A file's name in the archive: `files/<project>/<id>-<name>`, with no path separators. */
export const filePath = (projectId: string, id: string, name: string) =>
  `files/${projectId.slice(0, 8)}/${id.slice(0, 8)}-${name.replace(/[/\\\0]/g, '_')}`;

export async function chatsOf(db: Database, where: ReturnType<typeof or>) {
  const conversations = await db.read
    .select()
    .from(chatConversations)
    .where(where)
    .orderBy(asc(chatConversations.createdAt));
  const ids = conversations.map((c) => c.id);
  const lines =
    ids.length === 0
      ? []
      : await db.read
          .select()
          .from(chatMessages)
          .where(inArray(chatMessages.conversationId, ids))
          .orderBy(asc(chatMessages.createdAt));
  return {
    chats: conversations.map((c) => ({
      id: c.id,
      status: c.status,
      name: c.name,
      email: c.email,
      page: c.page,
      createdAt: iso(c.createdAt),
      closedAt: iso(c.closedAt),
    })),
    chat_messages: lines.map((m) => ({
      chatId: m.conversationId,
      author: m.author === 'visitor' ? 'You' : (staff(m.staffName) ?? 'Team'),
      body: m.body,
      createdAt: iso(m.createdAt),
    })),
  };
}

export async function leadsAndNotes(db: Database, where: ReturnType<typeof or>) {
  const leads = await db.read.select().from(contactSubmissions).where(where).orderBy(asc(contactSubmissions.createdAt));
  const ids = leads.map((l) => l.id);
  const notes =
    ids.length === 0
      ? []
      : await db.read.select().from(leadNotes).where(inArray(leadNotes.leadId, ids)).orderBy(asc(leadNotes.createdAt));
  return {
    leads: leads.map((l) => ({
      id: l.id,
      source: l.source,
      name: l.name,
      email: l.email,
      phone: l.phone,
      subject: l.subject,
      message: l.message,
      services: l.services?.join('; ') ?? null,
      howDidYouFindUs: l.howDidYouFindUs,
      status: l.status,
      auditScore: l.auditScore,
      createdAt: iso(l.createdAt),
    })),
    lead_notes: notes.map((n) => ({
      leadId: n.leadId,
      author: staff(n.author),
      body: n.body,
      createdAt: iso(n.createdAt),
    })),
  };
}

type Consents = Awaited<ReturnType<typeof consentsOfClient>>;
export const consentRows = (consents: Consents) =>
  consents.map((c) => ({
    purpose: c.purpose,
    granted: c.granted,
    method: c.method,
    textVersion: c.textVersion,
    text: consentTextAt(c.purpose as ConsentPurposeName, c.textVersion)?.text ?? null,
    textSha256: c.textSha256,
    createdAt: c.createdAt,
  }));

export async function newsletterOf(db: Database, email: string | null) {
  if (!email) return [];
  const rows = await db.read.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return rows.map((s) => ({ email: s.email, subscribedAt: iso(s.createdAt) }));
}

/** Every record about lead `id`: the lead, staff notes on it, its chats, booked calls, consents, newsletter. NotFoundError('Lead'). */
export async function leadExportContent(db: Database, id: string): Promise<ExportContent> {
  const [lead] = await db.read.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
  if (!lead) throw new NotFoundError('Lead');
  return {
    subject: { kind: 'lead', id, name: lead.name },
    records: {
      ...(await leadsAndNotes(db, or(eq(contactSubmissions.id, id)))),
      ...(await chatsOf(
        db,
        or(eq(chatConversations.leadId, id), lead.email ? eq(chatConversations.email, lead.email) : undefined),
      )),
      bookings: await bookingsOfPerson(db, { leadId: id, email: lead.email }),
      consents: consentRows(await consentsOfLead(db, id)),
      newsletter: await newsletterOf(db, lead.email),
    },
    files: [],
  };
}
