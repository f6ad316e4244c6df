/**
 * Tables that several server instances share about requests (docs/product.md#limits,
 * docs/product.md#contact-form):
 *
 * - `rate_limits`: rate-limiter-flexible's drizzle store, one row per limiter and key (e.g.
 *   `lead:203.0.113.7`): the points spent in the current window and when that window ends.
 *   Rows whose window ended are deleted by the hourly sweep.
 * - `idempotency_keys`: the first answer to a request sent with an `Idempotency-Key` header
 *   (IETF draft "The Idempotency-Key HTTP Header Field"), stored in the same transaction as what
 *   the request created, so a retry is answered the same and creates nothing. Kept 24 hours.
 *
 * Timestamps are integer milliseconds since the Unix epoch.
 */
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { json, now, timestamp } from './columns.ts';

export const rateLimits = sqliteTable(
  'rate_limits',
  {
    /** `{limiter}:{key}`, as rate-limiter-flexible builds it from its keyPrefix. */
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    /** When the window ends; null for a key that never expires. */
    expire: timestamp('expire'),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    /** `{scope}:{Idempotency-Key}`: keys of different routes never meet. */
    key: text('key').primaryKey(),
    /** The route the key was used on, e.g. `POST /api/contact`. */
    scope: text('scope').notNull(),
    /** SHA-256 (hex) of the request body as validated: the same key with another body is refused. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status').notNull(),
    /** The first answer's JSON body. */
    body: json('body').$type<unknown>().notNull(),
    createdAt: timestamp('created_at').notNull().default(now),
  },
  (t) => [index('idempotency_keys_created_at_idx').on(t.createdAt)],
);
