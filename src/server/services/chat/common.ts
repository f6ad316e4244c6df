/**
 * Live chat (docs/product.md#live-chat, docs/decisions/0029-live-chat.md): what its modules share.
 * Conversations between a visitor and the team are written through the one write path with their
 * events (ADR 0024), so that both sides see each change live, from whichever server process made it.
 *
 * - A visitor is known by the SHA-256 of an opaque cookie token (`visitorTokenHash`); a signed-in
 *   portal client also by the client id from the session, never by a typed email
 *   (chat-visitor.ts).
 * - A conversation is `waiting` until a staff member answers or takes it, then `open`, until
 *   staff close it (chat-staff.ts). A visitor's message to a closed conversation starts a new one.
 * - A conversation started while nobody is online (chat-presence.ts) is `offline`: it needs an
 *   email, becomes a lead (source `chat`) whose message is the transcript, and each staff reply is
 *   emailed to the visitor through the durable queue.
 * - `waitingSince` is when the visitor's oldest unanswered message came; a wait longer than
 *   CHAT_ESCALATE_MINUTES emails the team once (chat-escalation.ts).
 */
import { asc, eq } from 'drizzle-orm';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { chatConversations, chatMessages, contactSubmissions } from '../../../../db/schema/index.ts';
import { staffDisplayName } from '../../../shared/staff-name.ts';
import { NotFoundError } from '../../errors.ts';
import type { SqlDb } from '../../db/database.ts';
import type { ChatMessageJson } from '../events/events.ts';
import { notifyNewLead } from '../email/notifications.ts';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

/** A message row as the API carries it. */
export function messageJson(row: MessageRow): ChatMessageJson {
  return {
    id: row.id,
    conversationId: row.conversationId,
    author: row.author,
    staffName: row.staffName === null ? null : staffDisplayName(row.staffName),
    body: row.body,
    via: row.via,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every message of a conversation, oldest first. */
export async function messagesOf(db: SqlDb, conversationId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
}

/** The conversation `id` as `tx` sees it. NotFoundError when missing. */
export async function conversationIn(tx: SqlDb, id: string): Promise<ConversationRow> {
  const [row] = await tx.select().from(chatConversations).where(eq(chatConversations.id, id));
  if (!row) throw new NotFoundError('Conversation not found');
  return row;
}

/** The conversation as plain text, oldest message first: for the lead and the emails. */
export function transcriptText(messages: MessageRow[], visitorName: string | null): string {
  return messages
    .map((m) => `${m.author === 'visitor' ? (visitorName ?? 'Visitor') : (m.staffName ?? 'Team')}: ${m.body}`)
    .join('\n\n');
}

/** Inserts a lead (source `chat`) for a conversation, queues the team's email; returns its id. */
export async function createLeadFromChat(tx: SqlDb, conversation: ConversationRow, transcript: string, now: Date) {
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

/** A new random token of 160 bits (the visitor's cookie), base32. */
export function newChatToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}
