/**
 * Chat replies by email (docs/product.md#email-replies): a visitor who answers the email of a
 * team reply writes in the conversation as if they had typed in the chat.
 */
import { eq } from 'drizzle-orm';
import { chatConversations, chatMessages } from '../../../../db/schema/index.ts';
import type { SqlDb } from '../../db/database.ts';
import { recordEvent } from '../events/events.ts';
import { messageJson, type ConversationRow } from './common.ts';
import { keepLeadTranscript } from './visitor.ts';

/**
 * A visitor's reply by email (docs/product.md#email-replies) in conversation `conversation`, in
 * the caller's write `tx`: stored `via: "email"`, the conversation waiting for the team again (so
 * an unanswered one is escalated as a typed one is), its lead's transcript kept. Returns the
 * message's id.
 */
export async function insertVisitorEmailMessage(
  tx: SqlDb,
  conversation: ConversationRow,
  body: string,
  now: Date,
): Promise<string> {
  const [message] = await tx
    .insert(chatMessages)
    .values({ conversationId: conversation.id, author: 'visitor', body, via: 'email', createdAt: now })
    .returning();
  const [updated] = await tx
    .update(chatConversations)
    .set({ lastMessageAt: now, waitingSince: conversation.waitingSince ?? now })
    .where(eq(chatConversations.id, conversation.id))
    .returning();
  if (conversation.offline) await keepLeadTranscript(tx, updated!, now);
  await recordEvent(tx, { type: 'chat-message', conversationId: conversation.id, message: messageJson(message!) });
  return message!.id;
}
