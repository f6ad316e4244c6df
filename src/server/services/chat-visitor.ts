/**
 * The visitor's side of live chat (docs/product.md#live-chat): the visitor's conversation, and
 * their messages, which start a new conversation (a lead, when nobody is online) or go on with
 * the open one. The model is described in chat-common.ts.
 */
import { desc, eq, or } from 'drizzle-orm';
import { chatConversations, chatMessages, clients, contactSubmissions } from '../../../db/schema/index.ts';
import { InvalidFieldError } from '../errors.ts';
import { createLeadFromChat, messageJson, messagesOf, transcriptText, type ConversationRow } from './chat-common.ts';
import type { Database, SqlDb } from './db.ts';
import { recordEvent } from './events.ts';

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
