/**
 * Ways of signing in beyond a password (docs/product.md#sign-in-security;
 * docs/decisions/0031-sign-in-methods.md), for both kinds of account: `client` (the `clients`
 * table) and `staff` (the `users` table). `user_id` holds the client's or the staff user's id,
 * with `kind` saying which; rows are deleted with their account by the services that delete
 * accounts (a polymorphic id cannot carry a foreign key).
 *
 * - `totp_credentials`: a confirmed (or pending) TOTP secret per account, the last time step used
 *   (a code is never accepted twice) and the failures that slow down guessing.
 * - `recovery_codes`: ten single-use codes per account with TOTP, stored as SHA-256.
 * - `passkeys`: WebAuthn credentials (public key, signature counter, transports, a name).
 *
 * The single-use tokens of these ways in (emailed sign-in links, second-step and passkey
 * challenges, staff invitations) are in `single_use_tokens` (db/schema/tokens.ts).
 *
 * Timestamps are integer milliseconds since the Unix epoch.
 */
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { boolean, bytes, json, now, timestamp } from './columns.ts';

const uuid = () => crypto.randomUUID();

/** The kinds of account. */
export const ACCOUNT_KINDS = ['client', 'staff'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const totpCredentials = sqliteTable(
  'totp_credentials',
  {
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    userId: text('user_id').notNull(),
    /** Base32; shown once at set-up, then only read to check codes. */
    secret: text('secret').notNull(),
    /** Null while set-up waits for the first code. */
    confirmedAt: timestamp('confirmed_at'),
    /** The last 30-second step a code was accepted for: that step and earlier ones are refused. */
    lastUsedStep: integer('last_used_step'),
    /** Wrong codes in a row, and the time before which no code is checked. */
    failures: integer('failures').notNull().default(0),
    lockedUntil: timestamp('locked_until'),
    createdAt: timestamp('created_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.kind, t.userId] })],
);

export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    userId: text('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at'),
    createdAt: timestamp('created_at').notNull().default(now),
  },
  (t) => [index('recovery_codes_user_idx').on(t.kind, t.userId)],
);

export const passkeys = sqliteTable(
  'passkeys',
  {
    /** The credential id, base64url. */
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    userId: text('user_id').notNull(),
    /** The WebAuthn user handle given to the authenticator (base64url of random bytes). */
    userHandle: text('user_handle').notNull(),
    publicKey: bytes('public_key').notNull(),
    /** The signature counter last seen; a lower one is a cloned authenticator. */
    counter: integer('counter').notNull().default(0),
    transports: json('transports').notNull().$type<string[]>(),
    name: text('name').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: timestamp('created_at').notNull().default(now),
    lastUsedAt: timestamp('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.kind, t.userId)],
);

export const STAFF_ROLES = ['owner', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
