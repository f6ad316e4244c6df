/**
 * Ways of signing in beyond a password (docs/product.md#sign-in-security;
 * docs/decisions/0031-sign-in-methods.md), for both kinds of account: `client` (the `clients`
 * table) and `staff` (the `users` table). `user_id` holds the client's or the staff user's id,
 * with `kind` saying which; rows are deleted with their account by the services that delete
 * accounts (a polymorphic id cannot carry a foreign key).
 *
 * - `client_sign_in_links`: single-use links in client emails and from 'Email me a sign-in link'
 *   (MAGIC_LINK_HOURS), stored as the SHA-256 of their token, with the page they land on.
 * - `totp_credentials`: a confirmed (or pending) TOTP secret per account, the last time step used
 *   (a code is never accepted twice) and the failures that slow down guessing.
 * - `recovery_codes`: ten single-use codes per account with TOTP, stored as SHA-256.
 * - `second_factor_challenges`: a first factor passed (password, link, Google), waiting for the code.
 * - `passkeys`: WebAuthn credentials (public key, signature counter, transports, a name).
 * - `webauthn_challenges`: single-use challenges of a registration or an authentication.
 * - `staff_invitations`: an owner's invitation of a new staff member, by email.
 *
 * Timestamps are integer milliseconds since the Unix epoch.
 */
import { sql } from 'drizzle-orm';
import { blob, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { clients } from './portal.ts';

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const uuid = () => crypto.randomUUID();

/** The kinds of account. */
export const ACCOUNT_KINDS = ['client', 'staff'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export const clientSignInLinks = sqliteTable(
  'client_sign_in_links',
  {
    id: text('id').primaryKey().$defaultFn(uuid),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** A path of this site (`/portal/projects/{id}`) the link lands on. */
    redirectPath: text('redirect_path').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [index('client_sign_in_links_client_idx').on(t.clientId)],
);

export const totpCredentials = sqliteTable(
  'totp_credentials',
  {
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    userId: text('user_id').notNull(),
    /** Base32; shown once at set-up, then only read to check codes. */
    secret: text('secret').notNull(),
    /** Null while set-up waits for the first code. */
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    /** The last 30-second step a code was accepted for: that step and earlier ones are refused. */
    lastUsedStep: integer('last_used_step'),
    /** Wrong codes in a row, and the time before which no code is checked. */
    failures: integer('failures').notNull().default(0),
    lockedUntil: integer('locked_until', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
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
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [index('recovery_codes_user_idx').on(t.kind, t.userId)],
);

export const secondFactorChallenges = sqliteTable('second_factor_challenges', {
  id: text('id').primaryKey().$defaultFn(uuid),
  tokenHash: text('token_hash').notNull().unique(),
  kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
  userId: text('user_id').notNull(),
  /** How the first factor was passed: password, link, google. */
  method: text('method').notNull(),
  /** Where the sign-in goes once complete (a magic link's page), or null. */
  redirectPath: text('redirect_path'),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  usedAt: integer('used_at', { mode: 'timestamp_ms' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
});

export const passkeys = sqliteTable(
  'passkeys',
  {
    /** The credential id, base64url. */
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    userId: text('user_id').notNull(),
    /** The WebAuthn user handle given to the authenticator (base64url of random bytes). */
    userHandle: text('user_handle').notNull(),
    publicKey: blob('public_key', { mode: 'buffer' }).notNull(),
    /** The signature counter last seen; a lower one is a cloned authenticator. */
    counter: integer('counter').notNull().default(0),
    transports: text('transports', { mode: 'json' }).notNull().$type<string[]>(),
    name: text('name').notNull(),
    backedUp: integer('backed_up', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('passkeys_user_idx').on(t.kind, t.userId)],
);

export const WEBAUTHN_PURPOSES = ['register', 'authenticate'] as const;

export const webauthnChallenges = sqliteTable('webauthn_challenges', {
  /** The challenge itself, base64url: single use, looked up by value. */
  challenge: text('challenge').primaryKey(),
  kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
  purpose: text('purpose', { enum: WEBAUTHN_PURPOSES }).notNull(),
  /** The account registering; null for a sign-in, where the passkey says who it is. */
  userId: text('user_id'),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
});

export const STAFF_ROLES = ['owner', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staffInvitations = sqliteTable('staff_invitations', {
  id: text('id').primaryKey().$defaultFn(uuid),
  email: text('email').notNull(),
  role: text('role', { enum: STAFF_ROLES }).notNull().default('staff'),
  tokenHash: text('token_hash').notNull().unique(),
  invitedBy: text('invited_by').notNull(),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  acceptedAt: integer('accepted_at', { mode: 'timestamp_ms' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
});
