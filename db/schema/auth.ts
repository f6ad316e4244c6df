/**
 * Staff accounts and their sessions (docs/product.md#records, docs/product.md#admin-sign-in).
 * Staff sign in with Google (or a one-time link from `npm run admin:link`, a `staff-sign-in` token
 * of db/schema/tokens.ts), so `password` stays empty for them; the column is kept unused. Admin
 * sessions are separate from client sessions.
 * `admin_events` holds the admin events: who on the staff created, changed or deleted what, and when.
 */
import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { boolean, bytes, now, timestamp } from './columns.ts';

/**
 * What a session list shows of a session (docs/product.md#sign-in-security): the browser's
 * User-Agent, the address and the last time it was used (updated at most every 5 minutes), and
 * how it was signed in (password, link, passkey, google, register, reset, invitation).
 */
export function sessionDevice() {
  return {
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    lastSeenAt: timestamp('last_seen_at'),
    method: text('method'),
  };
}

export const users = sqliteTable('users', {
  id: text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID()),
  /** The staff member's email address, lower-cased. */
  username: text('username').notNull().unique(),
  /** Unused for Google accounts (docs/product.md#records); an argon2id hash if ever set. */
  password: text('password'),
  createdAt: timestamp('created_at').notNull().default(now),
  lastSignInAt: timestamp('last_sign_in_at'),
  /** Whether this staff member receives the team's notification emails (docs/product.md#notifications). */
  emailNotifications: boolean('email_notifications').notNull().default(true),
  /**
   * Staff access given by an invitation (docs/decisions/0031-sign-in-methods.md): 'owner' or
   * 'staff'; null when access comes only from ADMIN_EMAILS (whose members are owners) or was removed.
   */
  role: text('role', { enum: ['owner', 'staff'] }),
  /**
   * The name clients and visitors see for this staff member ("Maria Lopez"), set at invitation,
   * editable on the dashboard's account page, filled by Google sign-in; null until then, when
   * the name is derived from the address (docs/product.md#staff-names).
   */
  displayName: text('display_name'),
});

export const adminSessions = sqliteTable(
  'admin_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: bytes('secret_hash').notNull(),
    createdAt: timestamp('created_at').notNull().default(now),
    expiresAt: timestamp('expires_at').notNull(),
    ...sessionDevice(),
  },
  (t) => [index('admin_sessions_user_id_idx').on(t.userId)],
);

export const ADMIN_EVENT_ACTIONS = ['create', 'update', 'delete'] as const;

export const adminEvents = sqliteTable(
  'admin_events',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    /** Who: kept as text too, so the trail survives the user's removal. */
    userId: text('user_id'),
    username: text('username').notNull(),
    action: text('action', { enum: ADMIN_EVENT_ACTIONS }).notNull(),
    /** What kind of record: client, project, milestone, communication, lead. */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    summary: text('summary').notNull(),
    createdAt: timestamp('created_at').notNull().default(now),
  },
  (t) => [index('admin_events_created_at_idx').on(t.createdAt)],
);
