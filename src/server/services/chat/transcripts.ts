/**
 * Live chat's transcripts (docs/product.md#live-chat): emailed to the visitor, but only to an
 * address confirmed through a single-use link.
 */
import { eq } from 'drizzle-orm';
import { chatConversations } from '../../../../db/schema/index.ts';
import { company } from '../../../shared/company.ts';
import { hashSecretHex } from '../sign-in/tokens.ts';
import { renderChatConfirmEmail, renderChatTranscript } from '../email/templates/chat.tsx';
import { conversationIn, messagesOf, newChatToken, type ConversationRow, type MessageRow } from './common.ts';
import { queueEmail } from '../email/queue.ts';
import type { Database, SqlDb } from '../../db/database.ts';

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
  await queueEmail(tx, 'client', [to], email);
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
    await queueEmail(tx, 'client', [address], confirmation);
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
