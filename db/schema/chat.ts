/**
 * Live chat (docs/product.md#live-chat): conversations between a visitor of the public site and
 * the team, their messages, and which staff members are online to answer.
 *
 * - `chat_conversations`: one per conversation. A visitor is known by an opaque random token in an
 *   httpOnly cookie, stored here only as its SHA-256 (`visitor_token_hash`); a signed-in portal
 *   client's conversation also carries the client (`client_id`), taken from the session. A
 *   conversation started when nobody was online (`offline`) is a lead from its first message
 *   (`lead_id`); staff can also link one to a lead or a client later.
 * - `chat_messages`: the messages, from the visitor or from a staff member (whose display name is
 *   kept as text, so the message outlives the account). Deleted with the conversation.
 * - `staff_presence`: one row per staff member who has opened the dashboard: the last heartbeat,
 *   and whether they set themselves away.
 *
 * Timestamps are integer milliseconds since the Unix epoch.
 */
import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { boolean, now, timestamp } from './columns.ts';
import { users } from './auth.ts';
import { clients, MESSAGE_VIA } from './portal.ts';
import { contactSubmissions } from './site.ts';

const uuid = () => crypto.randomUUID();

/** waiting: the visitor's last message has no answer yet; open: answered; closed: ended by staff. */
export const CHAT_STATUSES = ['waiting', 'open', 'closed'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

/** Who wrote a message. */
export const CHAT_AUTHORS = ['visitor', 'staff'] as const;
export type ChatAuthor = (typeof CHAT_AUTHORS)[number];

export const chatConversations = sqliteTable(
  'chat_conversations',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    /** SHA-256 (hex) of the visitor's cookie token; the token itself is never stored. */
    visitorTokenHash: text('visitor_token_hash').notNull(),
    /** The signed-in portal client who started it, from the session; null for a visitor. */
    clientId: text('client_id').references(() => clients.id, { onDelete: 'set null' }),
    /** The lead it became or was linked to; null until then. */
    leadId: text('lead_id').references(() => contactSubmissions.id, { onDelete: 'set null' }),
    status: text('status', { enum: CHAT_STATUSES }).notNull().default('waiting'),
    /** The staff member who took it ('Assign to me'); null while nobody has. */
    assignedTo: text('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    /** The name the visitor gave, if any. */
    name: text('name'),
    /** The email the visitor gave (required when nobody was online), lower-cased. */
    email: text('email'),
    /**
     * When the visitor confirmed `email` through the link sent to it (a `chat-email` single-use
     * token of db/schema/tokens.ts); null until then.
     */
    emailConfirmedAt: timestamp('email_confirmed_at'),
    /** The path of the page the visitor opened the chat on. */
    page: text('page'),
    /** Started while nobody was online: replies go by email. */
    offline: boolean('offline').notNull().default(false),
    /** First seen: the visitor's first message. */
    createdAt: timestamp('created_at').notNull().default(now),
    lastMessageAt: timestamp('last_message_at').notNull().default(now),
    /** Since when the visitor has been waiting for an answer; null while nobody is waiting. */
    waitingSince: timestamp('waiting_since'),
    /** When the team was emailed about this wait (once per wait); null when not yet. */
    escalatedAt: timestamp('escalated_at'),
    /** When staff last read it: the visitor's messages up to then show 'Seen'. */
    staffReadAt: timestamp('staff_read_at'),
    /**
     * When the visitor's panel last showed the staff's messages (docs/product.md#live-chat): a staff
     * reply newer than this is unread by the visitor.
     */
    visitorReadAt: timestamp('visitor_read_at'),
    /** The last typing event recorded for each side (at most one every 2 seconds each). */
    visitorTypingAt: timestamp('visitor_typing_at'),
    staffTypingAt: timestamp('staff_typing_at'),
    closedAt: timestamp('closed_at'),
  },
  (t) => [
    index('chat_conversations_visitor_idx').on(t.visitorTokenHash, t.createdAt),
    index('chat_conversations_client_idx').on(t.clientId, t.createdAt),
    index('chat_conversations_status_idx').on(t.status, t.lastMessageAt),
    index('chat_conversations_waiting_idx').on(t.waitingSince),
  ],
);

export const chatMessages = sqliteTable(
  'chat_messages',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    author: text('author', { enum: CHAT_AUTHORS }).notNull(),
    /** The staff member who wrote it; null for the visitor (or once the account is gone). */
    staffId: text('staff_id').references(() => users.id, { onDelete: 'set null' }),
    /** The staff member's display name at the time. */
    staffName: text('staff_name'),
    body: text('body').notNull(),
    /** Typed in the chat, or a reply to one of its emails (docs/product.md#email-replies). */
    via: text('via', { enum: MESSAGE_VIA }).notNull().default('portal'),
    createdAt: timestamp('created_at').notNull().default(now),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.createdAt)],
);

export const staffPresence = sqliteTable('staff_presence', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSeenAt: timestamp('last_seen_at').notNull(),
  away: boolean('away').notNull().default(false),
});
