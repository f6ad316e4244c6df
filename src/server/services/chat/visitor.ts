/**
 * The visitor's side of live chat (docs/product.md#live-chat): the visitor's conversation, and
 * their messages, which start a new conversation (a lead, when nobody is online) or go on with
 * the open one. The model is described in chat-common.ts.
 */
import { and, desc, eq, max, or } from 'drizzle-orm';
import { chatConversations, chatMessages, clients, contactSubmissions } from '../../../../db/schema/index.ts';
import { chatReach, VISITOR_HEARTBEAT_MS, VISITOR_HERE_MS } from '../../../shared/chat.ts';
import { renderChatReply } from '../email/templates/chat.tsx';
import { AppError, InvalidFieldError } from '../../errors.ts';
import {
  conversationIn,
  createLeadFromChat,
  messageJson,
  messagesOf,
  transcriptText,
  type ConversationRow,
} from './common.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { queueEmail } from '../email/queue.ts';
import { recordEvent } from '../events/events.ts';

/** The message a new conversation gets when nobody is online and no email was given. */
const OFFLINE_EMAIL_REQUIRED = 'Please enter your email, so we can reply by email.';

/** Who the visitor is: the hash of the cookie token, and the client when signed in. */
export interface VisitorIdentity {
  tokenHash: string;
  clientId: string | null;
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

/** What the visitor's panel shows of a conversation. */
export async function visitorView(db: SqlDb, conversation: ConversationRow) {
  return {
    id: conversation.id,
    status: conversation.status,
    offline: conversation.offline,
    email: conversation.email,
    emailConfirmed: conversation.emailConfirmedAt !== null,
    staffReadAt: conversation.staffReadAt?.toISOString() ?? null,
    visitorReadAt: conversation.visitorReadAt?.toISOString() ?? null,
    messages: (await messagesOf(db, conversation.id)).map(messageJson),
  };
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
export async function keepLeadTranscript(tx: SqlDb, conversation: ConversationRow, now: Date): Promise<void> {
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

/** When the team last wrote in a conversation, or null before its first reply. */
async function lastStaffMessageAt(db: SqlDb, conversationId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(chatMessages.createdAt) })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.author, 'staff')));
  return row?.at ?? null;
}

/**
 * The visitor's panel shows the conversation now (docs/product.md#live-chat): its
 * `visitorReadAt` becomes `now`, so the team's messages so far count as read and staff see the
 * visitor as here (VISITOR_HERE_MS). An open panel reports every VISITOR_HEARTBEAT_MS; a report
 * that changes nothing staff see (the visitor was here and has nothing unread) within half that
 * writes nothing. Staff hear of a change through a `chat-updated` event. Nothing happens for a
 * closed conversation.
 * @returns the time now recorded, or the one kept; DatabaseBusyError when the write is shed
 */
export async function markVisitorRead(db: Database, conversation: ConversationRow, now: Date): Promise<Date | null> {
  if (conversation.status === 'closed') return conversation.visitorReadAt;
  const before = conversation.visitorReadAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const staffAt = (await lastStaffMessageAt(db.read, conversation.id))?.getTime() ?? Number.NEGATIVE_INFINITY;
  const unread = staffAt > before;
  const wasHere = now.getTime() - before < VISITOR_HERE_MS;
  if (!unread && now.getTime() - before < VISITOR_HEARTBEAT_MS / 2) return conversation.visitorReadAt;
  await db.write(async (tx) => {
    await tx.update(chatConversations).set({ visitorReadAt: now }).where(eq(chatConversations.id, conversation.id));
    if (unread || !wasHere) {
      await recordEvent(tx, { type: 'chat-updated', conversationId: conversation.id, status: conversation.status });
    }
  });
  return now;
}

/** The answer when a reply email is asked for a chat that has been closed. */
const CHAT_CLOSED = 'This chat was closed. Write again to start a new one.';

/**
 * 'Get the reply by email' (docs/product.md#live-chat): the visitor of a live chat gives an
 * address, so that the team's replies reach them when they have left. The address becomes the
 * conversation's (as an offline chat's given one; a new address is not yet confirmed for
 * transcripts); the team's replies the visitor has not seen (after `visitorReadAt`) are queued to
 * it at once as one email, in the same write, and staff see the visitor as reachable by email.
 * @param email a valid address (the shared schema's `emailField`)
 * @returns the address kept and how many unread replies were emailed
 * @throws AppError 409 `chat_closed` for a closed conversation; DatabaseBusyError when shed
 */
export async function giveReplyEmail(
  db: Database,
  conversationId: string,
  email: string,
  options: { now: Date; siteUrl: string },
): Promise<{ email: string; emailed: number }> {
  const address = email.trim().toLowerCase();
  const before = await conversationIn(db.read, conversationId);
  const unread = (await messagesOf(db.read, conversationId)).filter(
    (m) => m.author === 'staff' && (!before.visitorReadAt || m.createdAt > before.visitorReadAt),
  );
  const last = unread.at(-1);
  const rendered = last
    ? await renderChatReply({
        staffName: last.staffName ?? 'The team',
        body: unread.map((m) => m.body).join('\n\n'),
        name: before.name,
        siteUrl: options.siteUrl,
      })
    : null;
  return db.write(async (tx) => {
    const conversation = await conversationIn(tx, conversationId);
    if (conversation.status === 'closed') throw new AppError(409, 'chat_closed', CHAT_CLOSED);
    const same = conversation.email === address;
    await tx
      .update(chatConversations)
      .set({ email: address, emailConfirmedAt: same ? conversation.emailConfirmedAt : null })
      .where(eq(chatConversations.id, conversationId));
    // Only the replies still unread now: one the visitor saw meanwhile is not sent again.
    const stillUnread = unread.filter((m) => !conversation.visitorReadAt || m.createdAt > conversation.visitorReadAt);
    if (rendered && stillUnread.length > 0) await queueEmail(tx, 'client', [address], rendered);
    await recordEvent(tx, { type: 'chat-updated', conversationId, status: conversation.status });
    return { email: address, emailed: stillUnread.length };
  });
}

/**
 * Whether a staff reply written at `now` also goes to the visitor by email: the conversation has
 * an address, and it was started while nobody was online or its visitor is no longer here
 * (`chatReach`, docs/product.md#live-chat).
 */
export function replyGoesByEmail(conversation: ConversationRow, now: Date): boolean {
  if (!conversation.email) return false;
  return conversation.offline || chatReach(conversation, now.getTime()) !== 'here';
}
