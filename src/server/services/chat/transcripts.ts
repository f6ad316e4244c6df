/**
 * Live chat's transcripts (docs/product.md#live-chat): emailed to the visitor, but only to an
 * address confirmed through a single-use link: a `chat-email` token of the single-use store
 * (services/single-use-tokens.ts) whose subject is the conversation's id and payload `{email}`,
 * the address it confirms. A conversation has at most one pending: a new one replaces it.
 */
import { eq } from 'drizzle-orm';
import { chatConversations } from '../../../../db/schema/index.ts';
import { company } from '../../../shared/company.ts';
import { issueToken, newToken, spendToken } from '../single-use-tokens.ts';
import { deleteTokensOf } from '../single-use-token-subjects.ts';
import { renderChatConfirmEmail, renderChatTranscript } from '../email/templates/chat.tsx';
import { conversationIn, messagesOf, type ConversationRow, type MessageRow } from './common.ts';
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
  const token = newToken();
  const confirmation = await renderChatConfirmEmail({ link: options.confirmLink(token) });
  return db.write(async (tx) => {
    const conversation = await conversationIn(tx, conversationId);
    if (conversation.emailConfirmedAt && conversation.email === address) {
      await queueTranscript(tx, conversation, address, options.timeZone);
      return 'transcript';
    }
    // The new link replaces any earlier one still pending.
    await deleteTokensOf(tx, ['chat-email'], [conversationId]);
    await issueToken(tx, 'chat-email', conversationId, CONFIRM_TTL_MS, { email: address }, { now: options.now, token });
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
    const link = await spendToken(tx, 'chat-email', token, now);
    if (!link) return false;
    const { email } = link.payload;
    const [confirmed] = await tx
      .update(chatConversations)
      .set({ email, emailConfirmedAt: now })
      .where(eq(chatConversations.id, link.subject))
      .returning();
    if (!confirmed) return false;
    await queueTranscript(tx, confirmed, email, timeZone);
    return true;
  });
}
