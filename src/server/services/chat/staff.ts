/**
 * What staff do with a live chat (docs/product.md#live-chat): reply (emailed to an offline
 * visitor), mark it read, take it, close or open it again, and convert it to a lead or link it
 * to a lead or client.
 */
import { eq } from 'drizzle-orm';
import {
  chatConversations,
  chatMessages,
  clients,
  contactSubmissions,
  type ChatStatus,
} from '../../../../db/schema/index.ts';
import { staffName } from '../../../shared/staff-name.ts';
import { renderChatReply } from '../email/templates/chat.tsx';
import { chatReach } from '../../../shared/chat.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import { conversationIn, createLeadFromChat, messageJson, messagesOf, transcriptText } from './common.ts';
import { chatDetail } from './staff-list.ts';
import { replyGoesByEmail } from './visitor.ts';
import { queueEmail } from '../email/queue.ts';
import { createReplyAddress } from '../inbound/reply-tokens.ts';
import type { Database } from '../../db/database.ts';
import { recordEvent } from '../events/events.ts';

/**
 * A staff member's reply: stored, the conversation answered (open, no longer waiting) and read;
 * when the conversation has an email and was started offline or its visitor has left
 * (`replyGoesByEmail`), the reply is queued to the visitor by email in the same write, with a
 * reply address on `inboundDomain` (INBOUND_DOMAIN) when given. NotFoundError when missing; DatabaseBusyError when shed.
 */
export async function postStaffMessage(
  db: Database,
  id: string,
  staff: Actor,
  body: string,
  now: Date,
  siteUrl: string,
  inboundDomain?: string,
) {
  const before = await conversationIn(db.read, id);
  // Emailed to a visitor who started offline or has left (and gave an address).
  const email = replyGoesByEmail(before, now)
    ? await renderChatReply({ staffName: staffName(staff), body, name: before.name, siteUrl })
    : null;
  return db.write(async (tx) => {
    const conversation = await conversationIn(tx, id);
    const [message] = await tx
      .insert(chatMessages)
      .values({
        conversationId: id,
        author: 'staff',
        staffId: staff.id,
        staffName: staffName(staff),
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
      // The visitor's reply lands back in the chat (docs/product.md#email-replies).
      const replyTo = inboundDomain
        ? await createReplyAddress(tx, inboundDomain, {
            threadKind: 'chat',
            threadId: id,
            recipientKind: 'visitor',
            recipientId: null,
            recipientEmail: conversation.email,
          })
        : null;
      await queueEmail(tx, 'client', [conversation.email], email, replyTo ? { 'Reply-To': replyTo } : {});
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

/** The answer to closing a chat whose visitor cannot be reached, unless staff confirmed it. */
const CLOSE_UNREACHABLE_MESSAGE =
  'The visitor cannot be reached: they left no email and are not on the site now. Close the chat anyway?';

/**
 * Takes a conversation ('Assign to me'), closes it or opens it again, with an admin event.
 * Closing a conversation whose visitor cannot be reached (`chatReach` 'none': no email, not on
 * the site now) needs `confirmUnreachable` (docs/product.md#live-chat): nothing is closed silently.
 * NotFoundError when missing; AppError 409 `chat_unreachable` (CLOSE_UNREACHABLE_MESSAGE) without
 * the confirmation.
 */
export async function updateChat(
  db: Database,
  id: string,
  staff: Actor,
  change: { assignToMe?: true; status?: 'open' | 'closed'; confirmUnreachable?: true },
  now: Date,
) {
  await db.write(async (tx) => {
    const conversation = await conversationIn(tx, id);
    if (
      change.status === 'closed' &&
      conversation.status !== 'closed' &&
      !change.confirmUnreachable &&
      chatReach(conversation, now.getTime()) === 'none'
    ) {
      throw new AppError(409, 'chat_unreachable', CLOSE_UNREACHABLE_MESSAGE);
    }
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
