/**
 * The threads of email replies beside projects (docs/product.md#email-replies): a chat, whose
 * visitor was emailed a team reply, and a lead, which was emailed an acknowledgement. Neither
 * keeps files. A closed or deleted chat, and a deleted lead, are closed conversations.
 */
import { eq } from 'drizzle-orm';
import { chatConversations, contactSubmissions, leadNotes } from '../../../../db/schema/index.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { insertVisitorEmailMessage } from '../chat/email-reply.ts';
import { leadRecipients } from '../email/notification-routes.ts';
import { queueEmail } from '../email/queue.ts';
import { renderLeadReply } from '../email/templates/email-replies.tsx';
import type { ReplyTokenRow } from './reply-tokens.ts';
import type { ReplyAuthor, ThreadEnv } from './types.ts';

/** The visitor of the chat `token` names, while the chat is not closed. */
export async function chatAuthor(db: SqlDb, token: ReplyTokenRow): Promise<ReplyAuthor | null> {
  const [conversation] = await db.select().from(chatConversations).where(eq(chatConversations.id, token.threadId));
  if (!conversation || conversation.status === 'closed' || !conversation.email) return null;
  return {
    kind: 'visitor',
    email: conversation.email.toLowerCase(),
    name: conversation.name ?? 'there',
    files: null,
    post: (tx, input) => insertVisitorEmailMessage(tx, conversation, input.message, new Date()),
  };
}

/**
 * The lead `token` names: its reply becomes a note on the lead, written by the lead, and the
 * leads' inbox (docs/product.md#notification-routes) is emailed it in the same write.
 */
export async function leadAuthor(db: Database, token: ReplyTokenRow, env: ThreadEnv): Promise<ReplyAuthor | null> {
  const [lead] = await db.read.select().from(contactSubmissions).where(eq(contactSubmissions.id, token.threadId));
  if (!lead?.email) return null;
  const to = await leadRecipients(db, env, lead.urgent);
  return {
    kind: 'lead',
    email: lead.email.toLowerCase(),
    name: lead.name,
    files: null,
    post: async (tx, input) => {
      const [note] = await tx
        .insert(leadNotes)
        .values({
          leadId: lead.id,
          authorId: null,
          author: lead.name,
          body: input.message,
          via: 'email',
          createdAt: new Date(),
        })
        .returning({ id: leadNotes.id });
      const email = await renderLeadReply({
        name: lead.name,
        subject: input.subject,
        text: input.message,
        leadUrl: new URL(`/admin#lead/${encodeURIComponent(lead.id)}`, env.SITE_URL).href,
      });
      if (to.length > 0) await queueEmail(tx, 'team', to, email, { 'Reply-To': lead.email! });
      return note!.id;
    },
  };
}
