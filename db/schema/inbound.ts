/**
 * Email replies (docs/product.md#email-replies; docs/decisions/0044-email-replies.md): the reply
 * addresses the product hands out, and every message that came back to one.
 * Timestamps are stored as integer milliseconds since the Unix epoch.
 */
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { now, timestamp } from './columns.ts';

const uuid = () => crypto.randomUUID();

/** What a reply address answers: a project's conversation, a chat, or a lead. */
export const REPLY_THREAD_KINDS = ['project', 'chat', 'lead'] as const;
export type ReplyThreadKind = (typeof REPLY_THREAD_KINDS)[number];

/** Who a reply address was given to: a client member, a staff member, a chat visitor, a lead. */
export const REPLY_RECIPIENT_KINDS = ['member', 'staff', 'visitor', 'lead'] as const;
export type ReplyRecipientKind = (typeof REPLY_RECIPIENT_KINDS)[number];

/**
 * One reply address `reply+<token>@<INBOUND_DOMAIN>`, given in one email to one person about one
 * thread. Only the SHA-256 of the token is kept. Revoked (removing a member, erasing a person)
 * it posts nothing again.
 */
export const replyTokens = sqliteTable(
  'reply_tokens',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    tokenHash: text('token_hash').notNull(),
    threadKind: text('thread_kind', { enum: REPLY_THREAD_KINDS }).notNull(),
    threadId: text('thread_id').notNull(),
    recipientKind: text('recipient_kind', { enum: REPLY_RECIPIENT_KINDS }).notNull(),
    /** The member's or staff user's id; null for a visitor or a lead (the thread names them). */
    recipientId: text('recipient_id'),
    /** The address the email went to, lowercased: a reply must come from it. */
    recipientEmail: text('recipient_email').notNull(),
    createdAt: timestamp('created_at').notNull().default(now),
    revokedAt: timestamp('revoked_at'),
    /** When the sender was told "this conversation is closed" (once per address). */
    closedNoticeAt: timestamp('closed_notice_at'),
  },
  (t) => [
    uniqueIndex('reply_tokens_hash_idx').on(t.tokenHash),
    index('reply_tokens_recipient_idx').on(t.recipientKind, t.recipientId),
    index('reply_tokens_thread_idx').on(t.threadKind, t.threadId),
  ],
);

/** What became of a received email. */
export const INBOUND_STATUSES = ['posted', 'held', 'ignored', 'released', 'discarded'] as const;
export type InboundStatus = (typeof INBOUND_STATUSES)[number];

/**
 * One received email (either door): what it was, what it said, and what became of it. A held
 * one keeps its raw message in the storage (`raw_key`) until staff release or discard it. The
 * same Message-ID to the same reply address is one row: a second delivery posts nothing.
 */
export const inboundEmails = sqliteTable(
  'inbound_emails',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    replyTokenId: text('reply_token_id').references(() => replyTokens.id, { onDelete: 'set null' }),
    /** The Message-ID header, or the SHA-256 of the message when it has none. */
    messageId: text('message_id').notNull(),
    /** The In-Reply-To and References headers as the mail client wrote them (kept, never trusted). */
    inReplyTo: text('in_reply_to'),
    references: text('references'),
    door: text('door', { enum: ['http', 'smtp'] }).notNull(),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name').notNull().default(''),
    subject: text('subject').notNull().default(''),
    /** The new text of the reply (quotes and signatures removed). */
    text: text('text').notNull().default(''),
    attachmentCount: integer('attachment_count').notNull().default(0),
    status: text('status', { enum: INBOUND_STATUSES }).notNull(),
    /** Why it was held or ignored: `sender`, `dmarc`, `auto-reply`, `bounce`, `loop`, `closed`, `unknown`, `empty`. */
    reason: text('reason'),
    rawKey: text('raw_key'),
    /** The message, chat message or lead note it became. */
    postedId: text('posted_id'),
    receivedAt: timestamp('received_at').notNull().default(now),
    decidedAt: timestamp('decided_at'),
    decidedBy: text('decided_by'),
  },
  (t) => [
    uniqueIndex('inbound_emails_token_message_idx')
      .on(t.replyTokenId, t.messageId)
      .where(sql`${t.replyTokenId} is not null`),
    index('inbound_emails_status_idx').on(t.status, t.receivedAt),
  ],
);
