/**
 * The durable notification queue (docs/product.md#notifications, docs/decisions/0008-notification-queue.md).
 *
 * - `notifications`: one row per event someone must hear about (a client message, a team reply,
 *   a milestone completed, a project's status changed, a new lead), written in the same
 *   transaction as the event. When the oldest pending row of a `groupKey` is due, every pending
 *   row of that key goes into one email (or is skipped: read in the meantime, emails turned off).
 * - `notification_emails`: one row per email to send. Its `id` is the idempotency key, used as
 *   the Message-ID and as the `.eml` file name, so an email sent is never sent again. A row
 *   claimed by a worker holds a lease; a row whose lease ran out is claimed again.
 * - `signing_keys`: secrets the server makes for itself on first use (the unsubscribe links' key).
 *
 * Timestamps are integer milliseconds since the Unix epoch.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { bytes, json, now, timestamp } from './columns.ts';
import { clients, communications, projects } from './portal.ts';

const uuid = () => crypto.randomUUID();

/** What happened. */
export const NOTIFICATION_KINDS = [
  'client_message',
  'team_message',
  'milestone_completed',
  'project_status',
  'new_lead',
  /** A file staff added to the project for the client to see (not in a message). */
  'file_added',
  /** A file the client added (not in a message): told to the team. */
  'client_file',
  /** Staff asked the client for an approval. */
  'approval_requested',
  /** The client approved or requested changes: told to the team. */
  'approval_decided',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Who is told: the team, or the project's client. */
export const NOTIFICATION_AUDIENCES = ['team', 'client'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];

/** pending: waiting for its group's email; batched: in an email; skipped: nobody needed telling. */
export const NOTIFICATION_STATES = ['pending', 'batched', 'skipped'] as const;

/** queued: waiting to be sent (or retried); sending: claimed under a lease; sent; failed after every try. */
export const EMAIL_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export type EmailState = (typeof EMAIL_STATES)[number];

/** A file an email carries, read from the storage when it is sent. */
export interface EmailAttachment {
  storageKey: string;
  filename: string;
  contentType: string;
}

/**
 * A calendar invitation sent with an email (docs/product.md#bookings): an iCalendar object
 * (RFC 5545) with its method, REQUEST for a new or changed meeting, CANCEL for a cancelled one.
 */
export interface EmailCalendarEvent {
  method: 'REQUEST' | 'CANCEL';
  content: string;
}

export const notificationEmails = sqliteTable(
  'notification_emails',
  {
    /** The idempotency key: Message-ID `<id@host>` and the outbox file `id.eml`. */
    id: text('id').primaryKey().$defaultFn(uuid),
    audience: text('audience', { enum: NOTIFICATION_AUDIENCES }).notNull(),
    /** The recipients' addresses, as a JSON array. */
    to: json('to').notNull().$type<string[]>(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers (List-Unsubscribe, Reply-To), as a JSON object. */
    headers: json('headers').notNull().$type<Record<string, string>>(),
    /**
     * Files to attach (a signed agreement's PDF, docs/product.md#agreements): each a storage key,
     * the name the recipient sees and its media type, read from the storage when the email is sent.
     */
    attachments: json('attachments').$type<EmailAttachment[]>(),
    calendar: json('calendar').$type<EmailCalendarEvent>(),
    status: text('status', { enum: EMAIL_STATES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at').notNull().default(now),
    leaseExpiresAt: timestamp('lease_expires_at'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at').notNull().default(now),
    sentAt: timestamp('sent_at'),
  },
  (t) => [index('notification_emails_due_idx').on(t.status, t.nextAttemptAt)],
);

export const notifications = sqliteTable(
  'notifications',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    audience: text('audience', { enum: NOTIFICATION_AUDIENCES }).notNull(),
    /** Rows with the same key that are due together go out as one email. */
    groupKey: text('group_key').notNull(),
    clientId: text('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    communicationId: text('communication_id').references(() => communications.id, { onDelete: 'cascade' }),
    /** What the email needs that no table keeps (a status moved from, a lead's fields), as JSON. */
    payload: json('payload').notNull().$type<Record<string, unknown>>(),
    status: text('status', { enum: NOTIFICATION_STATES }).notNull().default('pending'),
    emailId: text('email_id').references(() => notificationEmails.id, { onDelete: 'set null' }),
    /** The row is due NOTIFY_DELAY_SECONDS after this (a lead's at once); the worker decides. */
    createdAt: timestamp('created_at').notNull().default(now),
  },
  (t) => [
    index('notifications_pending_idx').on(t.status, t.createdAt),
    index('notifications_group_idx').on(t.groupKey, t.status),
    index('notifications_email_idx').on(t.emailId),
  ],
);

export const signingKeys = sqliteTable('signing_keys', {
  name: text('name').primaryKey(),
  key: bytes('key').notNull(),
  createdAt: timestamp('created_at').notNull().default(now),
});
