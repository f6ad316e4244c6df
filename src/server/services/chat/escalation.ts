/**
 * Live chat's escalation (docs/product.md#live-chat): the team is emailed, once per wait, about a
 * chat that waited too long for an answer. Run by jobs/chat-escalation.ts.
 */
import { and, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { chatConversations } from '../../../../db/schema/index.ts';
import { renderChatEscalation } from '../email/templates/chat.tsx';
import { messagesOf } from './common.ts';
import { queueEmail } from '../email/queue.ts';
import type { Database } from '../../db/database.ts';

/**
 * Emails the team about each conversation waiting longer than `escalateMinutes` whose wait was
 * not yet told, once per wait, through the durable queue (the email and the mark in one write).
 * @param options.to the team's addresses (services/email/notification-routes.ts `team`)
 * The email links to the chat's own page in the dashboard (`/admin#chat/{id}`).
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
      dashboardUrl: new URL(`/admin#chat/${encodeURIComponent(conversation.id)}`, options.siteUrl).href,
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
      await queueEmail(tx, 'team', options.to, email, conversation.email ? { 'Reply-To': conversation.email } : {});
      return true;
    });
    if (done) escalated++;
  }
  return escalated;
}
