/**
 * The client portal's tables (docs/product.md#records): clients (the businesses) and their
 * members (the people who sign in), projects, milestones and communications, plus client sessions. Ids are UUIDs (session ids are
 * random base32 strings); timestamps are integer milliseconds since the Unix epoch; budget is
 * an integer number of US cents; dates without a time (startDate, endDate, dueDate) are ISO
 * 'YYYY-MM-DD' strings. Deleting a client deletes its projects, their milestones and
 * communications and its sessions (its single-use tokens, db/schema/tokens.ts, are deleted by the
 * services that delete it).
 */
import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

import { MILESTONE_STATUSES, PROJECT_STATUSES } from '../../src/shared/projects.ts';
import { CLIENT_ROLES } from '../../src/shared/team.ts';
import { sessionDevice } from './auth.ts';
import { boolean, bytes, isFalse, isTrue, now, timestamp } from './columns.ts';

const uuid = () => crypto.randomUUID();

/** Where a message was written: in the product, or as a reply to one of its emails. */
export const MESSAGE_VIA = ['portal', 'email'] as const;
export type MessageVia = (typeof MESSAGE_VIA)[number];

export const clients = sqliteTable(
  'clients',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    name: text('name').notNull(),
    /**
     * The primary owner's email (docs/product.md#client-teams): the address of its earliest owner
     * member, kept in step by the services that change members, so that lists and search read it
     * here. Stored trimmed and lower-cased, so that uniqueness ignores case.
     */
    email: text('email').notNull().unique(),
    company: text('company'),
    phone: text('phone'),
    /** Where invoices are addressed (docs/product.md#invoices): lines of text, or null. */
    billingAddress: text('billing_address'),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Whether the client's email is confirmed (docs/product.md#registration): false for a
     * self-registered account until its emailed link is opened; staff-made clients are confirmed.
     */
    confirmed: boolean('confirmed').notNull().default(true),
    createdAt: timestamp('created_at').notNull().default(now),
    updatedAt: timestamp('updated_at').notNull().default(now),
    /** When the client was erased (docs/product.md#privacy), and the legal basis of what was kept. */
    erasedAt: timestamp('erased_at'),
    erasureBasis: text('erasure_basis'),
  },
  // The dashboard's counter leaves unconfirmed accounts out: a partial index holds only those, so
  // counting them reads a handful of rows, not the whole table.
  (t) => [index('clients_unconfirmed_idx').on(t.confirmed).where(isFalse(t.confirmed))],
);

/**
 * The people of a client (docs/product.md#client-teams; docs/decisions/0041-client-members.md):
 * each signs in as themselves, with their own password or passkeys, two-step verification,
 * sessions and notification settings. A member invited and not yet joined has `joinedAt` null
 * and no password. Emails are unique across every client's members, stored trimmed and lower-cased.
 */
export const clientMembers = sqliteTable(
  'client_members',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    /** An argon2id hash (PHC string), never the password itself; null until the member chooses one. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: CLIENT_ROLES }).notNull().default('member'),
    /** Whether this person is emailed about replies and project changes (docs/product.md#notifications). */
    emailNotifications: boolean('email_notifications').notNull().default(true),
    /** Who invited them (a name), when they did, and when the invitation was accepted (null: still invited). */
    invitedBy: text('invited_by'),
    invitedAt: timestamp('invited_at'),
    joinedAt: timestamp('joined_at'),
    createdAt: timestamp('created_at').notNull().default(now),
    updatedAt: timestamp('updated_at').notNull().default(now),
    /** When the person was erased (docs/product.md#privacy). */
    erasedAt: timestamp('erased_at'),
  },
  (t) => [index('client_members_client_idx').on(t.clientId, t.createdAt)],
);

export const projects = sqliteTable(
  'projects',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status', { enum: PROJECT_STATUSES }).notNull().default('planning'),
    startDate: text('start_date'),
    endDate: text('end_date'),
    estimatedHours: real('estimated_hours'),
    actualHours: real('actual_hours').notNull().default(0),
    /** US cents. */
    budget: integer('budget'),
    createdAt: timestamp('created_at').notNull().default(now),
    updatedAt: timestamp('updated_at').notNull().default(now),
  },
  (t) => [index('projects_client_id_idx').on(t.clientId, t.createdAt)],
);

export const milestones = sqliteTable(
  'milestones',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    status: text('status', { enum: MILESTONE_STATUSES }).notNull().default('pending'),
    dueDate: text('due_date'),
    completedAt: timestamp('completed_at'),
    orderIndex: integer('order_index').notNull().default(0),
    createdAt: timestamp('created_at').notNull().default(now),
    updatedAt: timestamp('updated_at').notNull().default(now),
  },
  (t) => [index('milestones_project_order_idx').on(t.projectId, t.orderIndex)],
);

export const communications = sqliteTable(
  'communications',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    fromClient: boolean('from_client').notNull().default(false),
    /**
     * Who wrote it (docs/product.md#client-teams): the client member's id (from_client) or the
     * staff user's id, and their name at the time, kept as text so the message outlives the
     * account; null on messages written before authors were recorded.
     */
    authorId: text('author_id'),
    authorName: text('author_name'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    /** Where it was written: in the portal or dashboard, or as an email reply (docs/product.md#email-replies). */
    via: text('via', { enum: MESSAGE_VIA }).notNull().default('portal'),
    /** When the other side read it (shown as "Seen"); null while unread. */
    readAt: timestamp('read_at'),
    createdAt: timestamp('created_at').notNull().default(now),
  },
  (t) => [
    index('communications_project_created_idx').on(t.projectId, t.createdAt),
    index('communications_unread_idx').on(t.projectId, t.fromClient, t.isRead),
    // The dashboard's unread counter: only clients' unread messages, so counting them reads those alone.
    index('communications_unread_from_clients_idx')
      .on(t.fromClient, t.isRead)
      .where(sql`${isTrue(t.fromClient)} and ${isFalse(t.isRead)}`),
  ],
);

/** A signed-in browser or API client: only the SHA-256 of the token's secret is kept. */
export const clientSessions = sqliteTable(
  'client_sessions',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** The person signed in: removing the member ends the session. */
    memberId: text('member_id')
      .notNull()
      .references(() => clientMembers.id, { onDelete: 'cascade' }),
    secretHash: bytes('secret_hash').notNull(),
    createdAt: timestamp('created_at').notNull().default(now),
    expiresAt: timestamp('expires_at').notNull(),
    ...sessionDevice(),
  },
  (t) => [index('client_sessions_client_id_idx').on(t.clientId), index('client_sessions_member_idx').on(t.memberId)],
);

/**
 * Time logged by staff against a project (docs/product.md#time-tracking): a day, hours in
 * quarter hours, a note. Adding or removing an entry moves the project's `actualHours` by its hours.
 */
export const timeEntries = sqliteTable(
  'time_entries',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The staff member who logged it (kept as a name too, so the entry outlives the account). */
    userId: text('user_id'),
    author: text('author').notNull(),
    /** 'YYYY-MM-DD'. */
    date: text('date').notNull(),
    hours: real('hours').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at').notNull().default(now),
  },
  (t) => [index('time_entries_project_date_idx').on(t.projectId, t.date)],
);
