/**
 * Live chat (docs/product.md#live-chat): conversations between a visitor and the team, written
 * through the one write path with their events (ADR 0024), so that both sides see each change
 * live, from whichever server process made it.
 *
 * - A visitor is known by the SHA-256 of an opaque cookie token (`visitorTokenHash`); a signed-in
 *   portal client also by the client id from the session, never by a typed email.
 * - A conversation is `waiting` until a staff member answers or takes it, then `open`, until
 *   staff close it. A visitor's message to a closed conversation starts a new one.
 * - A conversation started while nobody is online is `offline`: it needs an email, becomes a lead
 *   (source `chat`) whose message is the transcript, and each staff reply is emailed to the
 *   visitor through the durable queue.
 * - `waitingSince` is when the visitor's oldest unanswered message came; a wait longer than
 *   CHAT_ESCALATE_MINUTES emails the team once (`escalateWaitingChats`).
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import {
  chatConversations,
  chatMessages,
  clients,
  contactSubmissions,
  notificationEmails,
  staffPresence,
  users,
  type ChatStatus,
} from '../../../db/schema/index.ts';
import type { ChatListQuery } from '../../shared/schemas/chat.ts';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { company } from '../../shared/company.ts';
import { hashSecretHex } from '../auth/tokens.ts';
import {
  renderChatConfirmEmail,
  renderChatEscalation,
  renderChatReply,
  renderChatTranscript,
} from '../emails/chat.tsx';
import type { Env } from '../env.ts';
import { InvalidFieldError, NotFoundError } from '../errors.ts';
import { recordAdminEvent, type Actor } from './admin-events.ts';
import { withinChatHours } from './chat-hours.ts';
import type { Database, SqlDb } from './db.ts';
import { recordEvent, type ChatMessageJson } from './events.ts';
import { notifyNewLead } from './notifications.ts';
import { TYPING_EVERY_MS } from '../../shared/chat.ts';

export type ConversationRow = typeof chatConversations.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

/** Staff count as online this long after their last heartbeat: 90 seconds. */
const PRESENCE_TIMEOUT_MS = 90_000;

/** The message a new conversation gets when nobody is online and no email was given. */
const OFFLINE_EMAIL_REQUIRED = 'Please enter your email, so we can reply by email.';

/** Who the visitor is: the hash of the cookie token, and the client when signed in. */
export interface VisitorIdentity {
  tokenHash: string;
  clientId: string | null;
}

/** A message row as the API carries it. */
function messageJson(row: MessageRow): ChatMessageJson {
  return {
    id: row.id,
    conversationId: row.conversationId,
    author: row.author,
    staffName: row.staffName,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The identity's latest conversation (closed or not), or null. */
export async function latestConversation(db: SqlDb, visitor: VisitorIdentity): Promise<ConversationRow | null> {
  const whose = visitor.clientId
    ? or(eq(chatConversations.clientId, visitor.clientId), eq(chatConversations.visitorTokenHash, visitor.tokenHash))
    : eq(chatConversations.visitorTokenHash, visitor.tokenHash);
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(whose)
    .orderBy(desc(chatConversations.createdAt))
    .limit(1);
  return row ?? null;
}

/** Every message of a conversation, oldest first. */
async function messagesOf(db: SqlDb, conversationId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
}

/** What the visitor's panel shows of a conversation. */
export async function visitorView(db: SqlDb, conversation: ConversationRow) {
  return {
    id: conversation.id,
    status: conversation.status,
    offline: conversation.offline,
    email: conversation.email,
    emailConfirmed: conversation.emailConfirmedAt !== null,
    staffReadAt: conversation.staffReadAt?.toISOString() ?? null,
    messages: (await messagesOf(db, conversation.id)).map(messageJson),
  };
}

/** The conversation as plain text, oldest message first: for the lead and the emails. */
function transcriptText(messages: MessageRow[], visitorName: string | null): string {
  return messages
    .map((m) => `${m.author === 'visitor' ? (visitorName ?? 'Visitor') : (m.staffName ?? 'Team')}: ${m.body}`)
    .join('\n\n');
}

/** Whether a new visitor message would start a new conversation (none yet, or the last closed). */
export async function startsConversation(db: Database, visitor: VisitorIdentity): Promise<boolean> {
  const latest = await latestConversation(db.read, visitor);
  return !latest || latest.status === 'closed';
}

export interface VisitorMessageInput {
  body: string;
  email?: string;
  name?: string;
  page?: string;
  /** Whether someone is online to answer now (`chatOnline`). */
  online: boolean;
  now: Date;
}

/**
 * Stores a visitor's message: in the identity's open conversation, or in a new one (its first
 * message). A new conversation while nobody is online needs an email and becomes a lead in the
 * same write; a later message of such a conversation updates the lead's transcript.
 * @returns the conversation as it is now and the stored message
 * @throws {InvalidFieldError} ('email', OFFLINE_EMAIL_REQUIRED) for a new offline conversation
 *   without an email; DatabaseBusyError when the write is shed
 */
export async function postVisitorMessage(db: Database, visitor: VisitorIdentity, input: VisitorMessageInput) {
  const email = input.email?.trim().toLowerCase();
  return db.write(async (tx) => {
    const client = visitor.clientId
      ? ((await tx.select().from(clients).where(eq(clients.id, visitor.clientId)))[0] ?? null)
      : null;
    let conversation = await latestConversation(tx, visitor);
    if (!conversation || conversation.status === 'closed') {
      const offline = !input.online;
      const contactEmail = client?.email ?? email ?? null;
      if (offline && !contactEmail) throw new InvalidFieldError('email', OFFLINE_EMAIL_REQUIRED);
      const [created] = await tx
        .insert(chatConversations)
        .values({
          visitorTokenHash: visitor.tokenHash,
          clientId: client?.id ?? null,
          status: 'waiting',
          name: client?.name ?? input.name ?? null,
          email: contactEmail,
          // A signed-in client's address is the account's, confirmed when the account was made.
          emailConfirmedAt: client ? input.now : null,
          page: input.page ?? null,
          offline,
          createdAt: input.now,
          lastMessageAt: input.now,
        })
        .returning();
      conversation = created!;
    } else if (!conversation.email && email) {
      const [withEmail] = await tx
        .update(chatConversations)
        .set({ email, name: conversation.name ?? input.name ?? null })
        .where(eq(chatConversations.id, conversation.id))
        .returning();
      conversation = withEmail!;
    }
    const current = conversation!;
    const [message] = await tx
      .insert(chatMessages)
      .values({ conversationId: current.id, author: 'visitor', body: input.body, createdAt: input.now })
      .returning();
    const [updated] = await tx
      .update(chatConversations)
      .set({ lastMessageAt: input.now, waitingSince: current.waitingSince ?? input.now })
      .where(eq(chatConversations.id, current.id))
      .returning();
    if (current.offline) await keepLeadTranscript(tx, updated!, input.now);
    const json = messageJson(message!);
    await recordEvent(tx, { type: 'chat-message', conversationId: current.id, message: json });
    return { conversation: updated!, message: json };
  });
}

/**
 * The lead of an offline conversation: made at its first message (with the team's new-lead
 * email), its message kept equal to the transcript afterwards.
 */
async function keepLeadTranscript(tx: SqlDb, conversation: ConversationRow, now: Date): Promise<void> {
  const transcript = transcriptText(await messagesOf(tx, conversation.id), conversation.name);
  if (conversation.leadId) {
    await tx
      .update(contactSubmissions)
      .set({ message: transcript })
      .where(eq(contactSubmissions.id, conversation.leadId));
    return;
  }
  const leadId = await createLeadFromChat(tx, conversation, transcript, now);
  await tx.update(chatConversations).set({ leadId }).where(eq(chatConversations.id, conversation.id));
}

/** Inserts a lead (source `chat`) for a conversation, queues the team's email; returns its id. */
async function createLeadFromChat(tx: SqlDb, conversation: ConversationRow, transcript: string, now: Date) {
  const [lead] = await tx
    .insert(contactSubmissions)
    .values({
      source: 'chat',
      name: conversation.name ?? conversation.email ?? 'Chat visitor',
      email: conversation.email,
      subject: 'Live chat',
      message: transcript,
      clientId: conversation.clientId,
      createdAt: now,
    })
    .returning({ id: contactSubmissions.id });
  await notifyNewLead(tx, lead!.id);
  return lead!.id;
}

/**
 * Records that one side is typing, at most once every TYPING_EVERY_MS per side; a call sooner
 * records nothing. NotFoundError for a missing conversation.
 */
export async function recordTyping(
  db: Database,
  conversationId: string,
  author: 'visitor' | 'staff',
  now: Date,
): Promise<void> {
  const column = author === 'visitor' ? chatConversations.visitorTypingAt : chatConversations.staffTypingAt;
  const [row] = await db.read
    .select({ at: column, status: chatConversations.status })
    .from(chatConversations)
    .where(eq(chatConversations.id, conversationId));
  if (!row) throw new NotFoundError('Conversation not found');
  if (row.status === 'closed' || (row.at && now.getTime() - row.at.getTime() < TYPING_EVERY_MS)) return;
  await db.write(async (tx) => {
    const cutoff = new Date(now.getTime() - TYPING_EVERY_MS);
    const changed = await tx
      .update(chatConversations)
      .set(author === 'visitor' ? { visitorTypingAt: now } : { staffTypingAt: now })
      .where(and(eq(chatConversations.id, conversationId), or(isNull(column), lte(column, cutoff))))
      .returning({ id: chatConversations.id });
    if (changed.length > 0) await recordEvent(tx, { type: 'chat-typing', conversationId, author });
  });
}

// ——— Presence ———

/**
 * A staff member's heartbeat: seen now, and away or back when `away` is given.
 * DatabaseBusyError when the write is shed.
 */
export async function staffHeartbeat(db: Database, userId: string, now: Date, away?: boolean): Promise<void> {
  await db.write((tx) =>
    tx
      .insert(staffPresence)
      .values({ userId, lastSeenAt: now, away: away ?? false })
      .onConflictDoUpdate({
        target: staffPresence.userId,
        set: away === undefined ? { lastSeenAt: now } : { lastSeenAt: now, away },
      }),
  );
}

/**
 * Whether someone can answer a chat now: within CHAT_HOURS, and a staff member still allowed in
 * (ADMIN_EMAILS) sent a heartbeat within PRESENCE_TIMEOUT_MS and is not away.
 */
export async function chatOnline(
  db: Database,
  env: Pick<Env, 'CHAT_HOURS' | 'SITE_TIME_ZONE' | 'ADMIN_EMAILS'>,
  now: Date,
): Promise<boolean> {
  if (!withinChatHours(env.CHAT_HOURS, env.SITE_TIME_ZONE, now)) return false;
  if (env.ADMIN_EMAILS.length === 0) return false;
  const [row] = await db.read
    .select({ userId: staffPresence.userId })
    .from(staffPresence)
    .innerJoin(users, eq(users.id, staffPresence.userId))
    .where(
      and(
        eq(staffPresence.away, false),
        gt(staffPresence.lastSeenAt, new Date(now.getTime() - PRESENCE_TIMEOUT_MS)),
        inArray(users.username, env.ADMIN_EMAILS),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The staff member's own presence: whether they set themselves away. */
export async function staffAway(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.read
    .select({ away: staffPresence.away })
    .from(staffPresence)
    .where(eq(staffPresence.userId, userId));
  return row?.away ?? false;
}

// ——— Staff ———

/** The visitor's unread messages of each conversation (after staff last read it). */
const unreadCount = sql<number>`(
  select count(*) from ${chatMessages}
  where ${chatMessages.conversationId} = ${chatConversations.id}
    and ${chatMessages.author} = 'visitor'
    and (${chatConversations.staffReadAt} is null or ${chatMessages.createdAt} > ${chatConversations.staffReadAt})
)`;

const lastMessage = sql<string | null>`(
  select json_object('author', ${chatMessages.author}, 'body', substr(${chatMessages.body}, 1, 140))
  from ${chatMessages} where ${chatMessages.conversationId} = ${chatConversations.id}
  order by ${chatMessages.createdAt} desc, ${chatMessages.id} desc limit 1
)`;

const listColumns = {
  id: chatConversations.id,
  status: chatConversations.status,
  name: chatConversations.name,
  email: chatConversations.email,
  page: chatConversations.page,
  offline: chatConversations.offline,
  createdAt: chatConversations.createdAt,
  lastMessageAt: chatConversations.lastMessageAt,
  waitingSince: chatConversations.waitingSince,
  staffReadAt: chatConversations.staffReadAt,
  assignedTo: chatConversations.assignedTo,
  assignedName: users.username,
  clientId: chatConversations.clientId,
  clientName: clients.name,
  leadId: chatConversations.leadId,
  leadName: contactSubmissions.name,
  unread: unreadCount,
  lastMessage,
};

type ListRow = {
  [K in keyof typeof listColumns]: unknown;
} & {
  id: string;
  lastMessageAt: Date;
  createdAt: Date;
  waitingSince: Date | null;
  staffReadAt: Date | null;
  lastMessage: string | null;
};

/** A conversation as the staff list shows it. */
function listItem(row: ListRow) {
  return {
    id: row.id,
    status: row.status as ChatStatus,
    name: row.name as string | null,
    email: row.email as string | null,
    page: row.page as string | null,
    offline: row.offline as boolean,
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
    waitingSince: row.waitingSince?.toISOString() ?? null,
    staffReadAt: row.staffReadAt?.toISOString() ?? null,
    assignedTo: row.assignedTo as string | null,
    assignedName: row.assignedName as string | null,
    clientId: row.clientId as string | null,
    clientName: row.clientName as string | null,
    leadId: row.leadId as string | null,
    leadName: row.leadName as string | null,
    unread: Number(row.unread),
    lastMessage: row.lastMessage
      ? (JSON.parse(row.lastMessage) as { author: 'visitor' | 'staff'; body: string })
      : null,
  };
}

/** A page cursor: the last item's `lastMessageAt` (ms) and id. */
function encodeCursor(item: { lastMessageAt: Date; id: string }): string {
  return Buffer.from(`${item.lastMessageAt.getTime()}:${item.id}`).toString('base64url');
}
function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  if (!at || !id || !/^\d{1,15}$/.test(at)) throw new InvalidFieldError('cursor', 'Invalid cursor');
  return { at: new Date(Number(at)), id };
}

/**
 * One page of conversations for staff, the most recent message first, optionally of one status:
 * `{ items, nextCursor, total }` as the other staff lists (docs/product.md#lists).
 * InvalidFieldError('cursor') for a cursor this list did not make.
 */
export async function listChats(db: Database, query: ChatListQuery) {
  const status = query.status ? eq(chatConversations.status, query.status) : undefined;
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const page = after
    ? or(
        lt(chatConversations.lastMessageAt, after.at),
        and(eq(chatConversations.lastMessageAt, after.at), lt(chatConversations.id, after.id)),
      )
    : undefined;
  const rows = (await db.read
    .select(listColumns)
    .from(chatConversations)
    .leftJoin(users, eq(users.id, chatConversations.assignedTo))
    .leftJoin(clients, eq(clients.id, chatConversations.clientId))
    .leftJoin(contactSubmissions, eq(contactSubmissions.id, chatConversations.leadId))
    .where(and(status, page))
    .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
    .limit(query.limit + 1)) as ListRow[];
  const [counted] = await db.read
    .select({ total: sql<number>`count(*)` })
    .from(chatConversations)
    .where(status);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map(listItem),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    total: Number(counted?.total ?? 0),
  };
}

/** How many conversations wait for a first answer, and how many visitor messages are unread. */
export async function chatCounts(db: Database) {
  const [row] = await db.read
    .select({
      waiting: sql<number>`coalesce(sum(${chatConversations.status} = 'waiting'), 0)`,
      unread: sql<number>`coalesce(sum(case when ${chatConversations.status} != 'closed' then ${unreadCount} else 0 end), 0)`,
    })
    .from(chatConversations);
  return { waiting: Number(row?.waiting ?? 0), unread: Number(row?.unread ?? 0) };
}

/** One conversation for staff: the list item and every message. NotFoundError when missing. */
export async function chatDetail(db: Database, id: string) {
  const [row] = (await db.read
    .select(listColumns)
    .from(chatConversations)
    .leftJoin(users, eq(users.id, chatConversations.assignedTo))
    .leftJoin(clients, eq(clients.id, chatConversations.clientId))
    .leftJoin(contactSubmissions, eq(contactSubmissions.id, chatConversations.leadId))
    .where(eq(chatConversations.id, id))) as ListRow[];
  if (!row) throw new NotFoundError('Conversation not found');
  return { ...listItem(row), messages: (await messagesOf(db.read, id)).map(messageJson) };
}

async function conversationIn(tx: SqlDb, id: string): Promise<ConversationRow> {
  const [row] = await tx.select().from(chatConversations).where(eq(chatConversations.id, id));
  if (!row) throw new NotFoundError('Conversation not found');
  return row;
}

/**
 * A staff member's reply: stored, the conversation answered (open, no longer waiting) and read;
 * in an offline conversation with an email, the reply is queued to the visitor by email in the
 * same write. NotFoundError when missing; DatabaseBusyError when shed.
 */
export async function postStaffMessage(
  db: Database,
  id: string,
  staff: Actor,
  body: string,
  now: Date,
  siteUrl: string,
) {
  const before = await chatDetail(db, id);
  const email =
    before.offline && before.email
      ? await renderChatReply({ staffName: staff.username, body, name: before.name, siteUrl })
      : null;
  return db.write(async (tx) => {
    const conversation = await conversationIn(tx, id);
    const [message] = await tx
      .insert(chatMessages)
      .values({
        conversationId: id,
        author: 'staff',
        staffId: staff.id,
        staffName: staff.username,
        body,
        createdAt: now,
      })
      .returning();
    await tx
      .update(chatConversations)
      .set({
        status: 'open',
        closedAt: null,
        lastMessageAt: now,
        waitingSince: null,
        escalatedAt: null,
        staffReadAt: now,
        assignedTo: conversation.assignedTo ?? staff.id,
      })
      .where(eq(chatConversations.id, id));
    if (conversation.leadId && conversation.offline) {
      await tx
        .update(contactSubmissions)
        .set({ message: transcriptText(await messagesOf(tx, id), conversation.name) })
        .where(eq(contactSubmissions.id, conversation.leadId));
    }
    if (email && conversation.email) {
      await tx.insert(notificationEmails).values({
        audience: 'client',
        to: [conversation.email],
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: {},
      });
    }
    const json = messageJson(message!);
    await recordEvent(tx, { type: 'chat-message', conversationId: id, message: json });
    await recordEvent(tx, { type: 'chat-read', conversationId: id, staffReadAt: now.toISOString() });
    if (conversation.status !== 'open')
      await recordEvent(tx, { type: 'chat-updated', conversationId: id, status: 'open' });
    return json;
  });
}

/** Staff read the conversation now: the visitor's messages so far show 'Seen'. NotFoundError. */
export async function markChatRead(db: Database, id: string, now: Date): Promise<void> {
  await db.write(async (tx) => {
    await conversationIn(tx, id);
    await tx.update(chatConversations).set({ staffReadAt: now }).where(eq(chatConversations.id, id));
    await recordEvent(tx, { type: 'chat-read', conversationId: id, staffReadAt: now.toISOString() });
  });
}

/**
 * Takes a conversation ('Assign to me'), closes it or opens it again, with an admin event.
 * NotFoundError when missing.
 */
export async function updateChat(
  db: Database,
  id: string,
  staff: Actor,
  change: { assignToMe?: true; status?: 'open' | 'closed' },
  now: Date,
) {
  await db.write(async (tx) => {
    const conversation = await conversationIn(tx, id);
    const status: ChatStatus =
      change.status ?? (change.assignToMe && conversation.status === 'waiting' ? 'open' : conversation.status);
    await tx
      .update(chatConversations)
      .set({
        status,
        ...(change.assignToMe && { assignedTo: staff.id }),
        closedAt: status === 'closed' ? (conversation.closedAt ?? now) : null,
        ...(status === 'closed' && { waitingSince: null }),
      })
      .where(eq(chatConversations.id, id));
    const what = [
      change.assignToMe && 'assigned to themselves',
      change.status === 'closed' && 'closed',
      change.status === 'open' && 'opened again',
    ]
      .filter(Boolean)
      .join(' and ');
    await recordAdminEvent(tx, staff, 'update', 'chat', id, `Chat ${what}`);
    await recordEvent(tx, { type: 'chat-updated', conversationId: id, status });
  });
  return chatDetail(db, id);
}

/**
 * 'Convert to lead': a new lead (source `chat`) from the conversation, or a link to an existing
 * lead or client. NotFoundError for a missing conversation, lead or client.
 */
export async function convertChat(
  db: Database,
  id: string,
  staff: Actor,
  target: { leadId?: string; clientId?: string },
  now: Date,
) {
  await db.write(async (tx) => {
    const conversation = await conversationIn(tx, id);
    if (target.leadId) {
      const [lead] = await tx
        .select({ id: contactSubmissions.id })
        .from(contactSubmissions)
        .where(eq(contactSubmissions.id, target.leadId));
      if (!lead) throw new NotFoundError('Lead not found');
      await tx.update(chatConversations).set({ leadId: lead.id }).where(eq(chatConversations.id, id));
      await recordAdminEvent(tx, staff, 'update', 'chat', id, 'Chat linked to a lead');
    } else if (target.clientId) {
      const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, target.clientId));
      if (!client) throw new NotFoundError('Client not found');
      await tx.update(chatConversations).set({ clientId: client.id }).where(eq(chatConversations.id, id));
      await recordAdminEvent(tx, staff, 'update', 'chat', id, 'Chat linked to a client');
    } else {
      const transcript = transcriptText(await messagesOf(tx, id), conversation.name);
      const leadId = await createLeadFromChat(tx, conversation, transcript, now);
      await tx.update(chatConversations).set({ leadId }).where(eq(chatConversations.id, id));
      await recordAdminEvent(tx, staff, 'create', 'lead', leadId, 'Lead made from a live chat');
    }
    await recordEvent(tx, { type: 'chat-updated', conversationId: id, status: conversation.status });
  });
  return chatDetail(db, id);
}

// ——— Escalation ———

/**
 * Emails the team about each conversation waiting longer than `escalateMinutes` whose wait was
 * not yet told, once per wait, through the durable queue (the email and the mark in one write).
 * @param to the team's addresses (TEAM_NOTIFY_TO, else ADMIN_EMAILS)
 * @returns how many conversations were escalated
 */
export async function escalateWaitingChats(
  db: Database,
  options: { escalateMinutes: number; to: string[]; siteUrl: string; timeZone: string },
  now: Date,
): Promise<number> {
  if (options.to.length === 0) return 0;
  const cutoff = new Date(now.getTime() - options.escalateMinutes * 60_000);
  const due = await db.read
    .select()
    .from(chatConversations)
    .where(
      and(
        isNotNull(chatConversations.waitingSince),
        lte(chatConversations.waitingSince, cutoff),
        isNull(chatConversations.escalatedAt),
        inArray(chatConversations.status, ['waiting', 'open']),
      ),
    )
    .limit(50);
  let escalated = 0;
  for (const conversation of due) {
    const messages = await messagesOf(db.read, conversation.id);
    const email = await renderChatEscalation({
      name: conversation.name,
      email: conversation.email,
      page: conversation.page,
      waitingSince: conversation.waitingSince!,
      minutes: options.escalateMinutes,
      transcript: messages.map((m) => ({
        author: m.author === 'visitor' ? (conversation.name ?? 'Visitor') : (m.staffName ?? 'Team'),
        body: m.body,
      })),
      dashboardUrl: new URL(`/admin#chats/${conversation.id}`, options.siteUrl).href,
      timeZone: options.timeZone,
    });
    const done = await db.write(async (tx) => {
      const marked = await tx
        .update(chatConversations)
        .set({ escalatedAt: now })
        .where(
          and(
            eq(chatConversations.id, conversation.id),
            isNull(chatConversations.escalatedAt),
            isNotNull(chatConversations.waitingSince),
            lte(chatConversations.waitingSince, cutoff),
          ),
        )
        .returning({ id: chatConversations.id });
      if (marked.length === 0) return false;
      await tx.insert(notificationEmails).values({
        audience: 'team',
        to: options.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: conversation.email ? { 'Reply-To': conversation.email } : {},
      });
      return true;
    });
    if (done) escalated++;
  }
  return escalated;
}

// ——— Transcripts ———

/** How long an email-confirmation link works: 24 hours, in milliseconds. */
const CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;

/** The lines of a conversation's transcript, for the emails. */
function transcriptLines(messages: MessageRow[], visitorName: string | null) {
  return messages.map((m) => ({
    author: m.author === 'visitor' ? (visitorName ?? 'You') : (m.staffName ?? company.name),
    body: m.body,
  }));
}

/** Queues the transcript of `conversation` to `to`, in the caller's write. */
async function queueTranscript(tx: SqlDb, conversation: ConversationRow, to: string, timeZone: string) {
  const email = await renderChatTranscript({
    lines: transcriptLines(await messagesOf(tx, conversation.id), conversation.name),
    startedAt: conversation.createdAt,
    timeZone,
  });
  await tx.insert(notificationEmails).values({
    audience: 'client',
    to: [to],
    subject: email.subject,
    text: email.text,
    html: email.html,
    headers: {},
  });
}

/**
 * A visitor asks for the transcript at `email`: sent at once when that is the conversation's
 * confirmed address; otherwise a single-use link (its token stored hashed, CONFIRM_TTL_MS) is
 * sent to `email`, and the transcript follows its confirmation (`confirmChatEmail`).
 * @param confirmLink the page that confirms a token (`/chat/confirm#token=…`)
 * @returns what was queued
 */
export async function requestTranscript(
  db: Database,
  conversationId: string,
  email: string,
  options: { now: Date; timeZone: string; confirmLink: (token: string) => string },
): Promise<'transcript' | 'confirmation'> {
  const address = email.trim().toLowerCase();
  const token = newChatToken();
  const confirmation = await renderChatConfirmEmail({ link: options.confirmLink(token) });
  return db.write(async (tx) => {
    const conversation = await conversationIn(tx, conversationId);
    if (conversation.emailConfirmedAt && conversation.email === address) {
      await queueTranscript(tx, conversation, address, options.timeZone);
      return 'transcript';
    }
    await tx
      .update(chatConversations)
      .set({
        confirmTokenHash: hashSecretHex(token),
        confirmEmail: address,
        confirmExpiresAt: new Date(options.now.getTime() + CONFIRM_TTL_MS),
      })
      .where(eq(chatConversations.id, conversationId));
    await tx.insert(notificationEmails).values({
      audience: 'client',
      to: [address],
      subject: confirmation.subject,
      text: confirmation.text,
      html: confirmation.html,
      headers: {},
    });
    return 'confirmation';
  });
}

/**
 * Confirms the address a transcript was asked for, once: the conversation's email becomes that
 * address, confirmed, and the transcript is queued to it.
 * @returns true when confirmed; false for a token unknown, used or expired
 */
export async function confirmChatEmail(db: Database, token: string, now: Date, timeZone: string): Promise<boolean> {
  return db.write(async (tx) => {
    const [conversation] = await tx
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.confirmTokenHash, hashSecretHex(token)));
    if (!conversation?.confirmEmail || !conversation.confirmExpiresAt || conversation.confirmExpiresAt <= now) {
      return false;
    }
    const [confirmed] = await tx
      .update(chatConversations)
      .set({
        email: conversation.confirmEmail,
        emailConfirmedAt: now,
        confirmTokenHash: null,
        confirmEmail: null,
        confirmExpiresAt: null,
      })
      .where(eq(chatConversations.id, conversation.id))
      .returning();
    await queueTranscript(tx, confirmed!, conversation.confirmEmail, timeZone);
    return true;
  });
}

/** A new random token of 160 bits (the visitor's cookie, a confirmation link), base32. */
export function newChatToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}
