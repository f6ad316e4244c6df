/**
 * Erasure that keeps the business records (docs/product.md#privacy;
 * docs/decisions/0032-privacy-export-erasure-consent.md): staff erase a client (with every person
 * of its team, docs/product.md#client-teams) or a lead in one write. The person becomes "Deleted client #…" / "Deleted lead #…" with an address that cannot
 * receive mail; every way of signing in ends; their own words (messages, chat lines, lead messages,
 * notes about them) and the files they uploaded go; the agency's records (projects, milestones,
 * team messages, approvals with their hashes and dates) stay, with the legal basis recorded. Old
 * admin events lose the old name and email. Erasing again changes nothing and answers the same.
 * Their data exports go too. The files' and exports' bytes are deleted after the commit (file-cleanup.ts).
 */
import { eraseReplyTokens } from '../inbound/reply-tokens.ts';
import { eraseBookings } from '../bookings/erasure.ts';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  approvals,
  adminEvents,
  chatConversations,
  chatMessages,
  clientMembers,
  clientSessions,
  clients,
  communications,
  contactSubmissions,
  leadNotes,
  newsletterSubscribers,
  notificationEmails,
  notifications,
  projectFiles,
  projects,
} from '../../../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { dropExportsOf } from './export-downloads.ts';
import { deleteTokensOf } from '../single-use-token-subjects.ts';
import { forgetMembers, membersOf } from '../clients/members.ts';

/** What replaces erased words. */
export const ERASED = '[erased]';
/** The legal basis recorded when staff give none (docs/retention.md). */
const DEFAULT_ERASURE_BASIS =
  'Legal obligation to keep business records (tax and accounting): projects, invoices-related dates and approvals kept.';

const shortId = (id: string) => id.slice(0, 8);

/** The name an erased client, member or lead takes. */
export const erasedName = (kind: 'client' | 'member' | 'lead', id: string) => `Deleted ${kind} #${shortId(id)}`;

/** Replaces `old` words in the admin events' summaries (only where they appear). */
export async function scrubAdminEvents(tx: SqlDb, words: string[], replacement: string) {
  for (const word of words.filter((w) => w.trim().length >= 3)) {
    await tx
      .update(adminEvents)
      .set({ summary: sql`replace(${adminEvents.summary}, ${word}, ${replacement})` })
      .where(sql`instr(${adminEvents.summary}, ${word}) > 0`);
  }
}

/** Anonymises chats: the visitor's name and addresses go, and the visitor's lines. */
async function eraseChats(tx: SqlDb, where: ReturnType<typeof or>) {
  const chats = await tx.select({ id: chatConversations.id }).from(chatConversations).where(where);
  if (chats.length === 0) return;
  const ids = chats.map((c) => c.id);
  await tx
    .update(chatConversations)
    .set({ name: null, email: null, page: null })
    .where(inArray(chatConversations.id, ids));
  // A pending address confirmation holds the address it was sent to.
  await deleteTokensOf(tx, ['chat-email'], ids);
  await eraseReplyTokens(tx, { threadKind: 'chat', threadIds: ids });
  await tx
    .update(chatMessages)
    .set({ body: ERASED })
    .where(and(inArray(chatMessages.conversationId, ids), eq(chatMessages.author, 'visitor')));
}

/** Anonymises leads `ids` in `tx`: who, how to reach them, their message, the audit of their site, the notes. */
export async function anonymiseLeads(tx: SqlDb, ids: string[], now: Date) {
  for (const id of ids) {
    await tx
      .update(contactSubmissions)
      .set({
        name: erasedName('lead', id),
        email: null,
        phone: null,
        message: ERASED,
        subject: null,
        auditReport: null,
        auditError: null,
        erasedAt: now,
      })
      .where(eq(contactSubmissions.id, id));
  }
  if (ids.length > 0) await tx.delete(leadNotes).where(inArray(leadNotes.leadId, ids));
}

/** What an erasure did, for the answer and the admin event. */
export interface ErasureResult {
  id: string;
  name: string;
  /** Whether this call erased (false: it was erased already). */
  erased: boolean;
  /** Storage keys of the files whose rows went, to delete after the commit. */
  storageKeys: string[];
}

/**
 * Erases client `id` as the module says, by `staff`, keeping what `basis` names.
 * NotFoundError('Client') when there is no such client.
 */
export async function eraseClient(db: Database, staff: Actor, id: string, basis = DEFAULT_ERASURE_BASIS) {
  return db.write(async (tx): Promise<ErasureResult> => {
    const [client] = await tx.select().from(clients).where(eq(clients.id, id));
    if (!client) throw new NotFoundError('Client');
    const name = erasedName('client', id);
    if (client.erasedAt) return { id, name, erased: false, storageKeys: [] };
    const now = new Date();
    const members = await membersOf(tx, id);
    const oldWords = [
      client.name,
      client.email,
      client.phone ?? '',
      client.company ?? '',
      ...members.flatMap((member) => [member.name, member.email]),
    ];
    await tx
      .update(clients)
      .set({
        name,
        email: `deleted-${id}@invalid`,
        company: null,
        phone: null,
        isActive: false,
        updatedAt: now,
        erasedAt: now,
        erasureBasis: basis,
      })
      .where(eq(clients.id, id));
    // Every person of the client is erased with it, and every way in ends.
    for (const member of members) {
      await tx
        .update(clientMembers)
        .set({
          name: erasedName('member', member.id),
          email: `deleted-${member.id}@invalid`,
          passwordHash: null,
          emailNotifications: false,
          updatedAt: now,
          erasedAt: now,
        })
        .where(eq(clientMembers.id, member.id));
      await tx
        .update(communications)
        .set({ authorName: erasedName('member', member.id) })
        .where(and(eq(communications.authorId, member.id), eq(communications.fromClient, true)));
    }
    await tx.delete(clientSessions).where(eq(clientSessions.clientId, id));
    await forgetMembers(
      tx,
      members.map((member) => member.id),
    );
    await eraseReplyTokens(tx, { recipientKind: 'member', recipientIds: members.map((member) => member.id) });
    await eraseBookings(tx, { clientId: id }, name);
    // Their words and files go; the agency's records stay.
    const projectIds = (await tx.select({ id: projects.id }).from(projects).where(eq(projects.clientId, id))).map(
      (p) => p.id,
    );
    if (projectIds.length > 0) {
      await tx
        .update(communications)
        .set({ subject: ERASED, message: ERASED })
        .where(and(inArray(communications.projectId, projectIds), eq(communications.fromClient, true)));
    }
    const files = await tx
      .delete(projectFiles)
      .where(and(eq(projectFiles.clientId, id), eq(projectFiles.uploadedBy, 'client')))
      .returning({ key: projectFiles.storageKey });
    if (projectIds.length > 0) {
      await tx
        .update(approvals)
        .set({
          decidedByName: sql`case when ${approvals.decidedByName} is null then null else ${name} end`,
          decidedByMemberId: null,
          decidedByEmail: null,
          decisionIp: null,
        })
        .where(inArray(approvals.projectId, projectIds));
    }
    await tx.delete(notifications).where(and(eq(notifications.clientId, id), eq(notifications.status, 'pending')));
    const emails = [client.email, ...members.map((member) => member.email)];
    for (const email of new Set(emails)) {
      await tx
        .delete(notificationEmails)
        .where(and(sql`${notificationEmails.to} like ${`%${email}%`}`, eq(notificationEmails.status, 'queued')));
    }
    await tx.delete(newsletterSubscribers).where(inArray(newsletterSubscribers.email, emails));
    const leads = await tx
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(or(eq(contactSubmissions.clientId, id), inArray(contactSubmissions.email, emails)));
    await anonymiseLeads(
      tx,
      leads.map((l) => l.id),
      now,
    );
    await eraseChats(tx, or(eq(chatConversations.clientId, id), inArray(chatConversations.email, emails)));
    await scrubAdminEvents(tx, oldWords, name);
    const exportKeys: string[] = [];
    for (const member of members) exportKeys.push(...(await dropExportsOf(tx, { kind: 'client', id: member.id })));
    await recordAdminEvent(tx, staff, 'delete', 'client', id, `Erased client #${shortId(id)}`);
    return { id, name, erased: true, storageKeys: [...files.map((f) => f.key), ...exportKeys] };
  });
}

/**
 * Erases lead `id` (and the chats tied to it) by `staff`. NotFoundError('Lead') when there is none.
 */
export async function eraseLead(db: Database, staff: Actor, id: string) {
  return db.write(async (tx): Promise<ErasureResult> => {
    const [lead] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    if (!lead) throw new NotFoundError('Lead');
    const name = erasedName('lead', id);
    if (lead.erasedAt) return { id, name, erased: false, storageKeys: [] };
    await anonymiseLeads(tx, [id], new Date());
    await eraseReplyTokens(tx, { threadKind: 'lead', threadIds: [id] });
    await eraseBookings(tx, { leadIds: [id] }, name);
    await eraseChats(
      tx,
      or(eq(chatConversations.leadId, id), lead.email ? eq(chatConversations.email, lead.email) : undefined),
    );
    await scrubAdminEvents(tx, [lead.name, lead.email ?? '', lead.phone ?? ''], name);
    const exportKeys = await dropExportsOf(tx, { kind: 'lead', id });
    await recordAdminEvent(tx, staff, 'delete', 'lead', id, `Erased lead #${shortId(id)}`);
    return { id, name, erased: true, storageKeys: exportKeys };
  });
}
