/**
 * Every single-use token of the site in one table (docs/decisions/0037-one-single-use-token-store.md),
 * read and written only through src/server/services/single-use-tokens.ts:
 *
 * - `purpose`: what the token opens (SINGLE_USE_PURPOSES); a token of one purpose never opens another.
 * - `subject`: whom or what it is for: an email address (a staff sign-in link, a staff invitation),
 *   a client's id (client sign-in links, password resets, client invitations), `{kind}:{userId}`
 *   (a second-step challenge, a passkey registration), an account kind (a passkey sign-in, which
 *   names no account), a data export's id, or a chat conversation's id (an address confirmation).
 * - `token_hash`: the SHA-256 (lower-case hex) of the token; the token itself is never stored.
 * - `payload`: small JSON of what the purpose needs beside the subject (a link's landing page,
 *   an invitation's role, the address a chat confirmation is for), or null.
 * - `used_at`: when it was spent (null while open). The hourly sweep deletes rows past their
 *   expiry, except unused client invitations (docs/product.md#invitations).
 *
 * No foreign key: a subject may be a client, a staff member, an address, an export or a chat; the
 * services that delete those delete their tokens too. Timestamps are integer milliseconds since
 * the Unix epoch.
 */
import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { json, now, timestamp } from './columns.ts';

/** What a single-use token is for. */
export const SINGLE_USE_PURPOSES = [
  'staff-sign-in',
  'client-sign-in',
  'password-reset',
  'client-invitation',
  'second-factor',
  'passkey-register',
  'passkey-sign-in',
  'staff-invitation',
  'data-export',
  'chat-email',
] as const;
export type SingleUsePurpose = (typeof SINGLE_USE_PURPOSES)[number];

export const singleUseTokens = sqliteTable(
  'single_use_tokens',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    purpose: text('purpose', { enum: SINGLE_USE_PURPOSES }).notNull(),
    subject: text('subject').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
    payload: json('payload').$type<unknown>(),
    createdAt: timestamp('created_at').notNull().default(now),
  },
  (t) => [
    index('single_use_tokens_expires_idx').on(t.expiresAt),
    index('single_use_tokens_subject_idx').on(t.purpose, t.subject),
  ],
);
