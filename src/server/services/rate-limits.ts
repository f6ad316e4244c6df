/**
 * Rate-limit counts in the database (docs/product.md#limits), so that every server instance and
 * every restart share them: rate-limiter-flexible's `RateLimiterDrizzle` over the `rate_limits`
 * table, one atomic `insert … on conflict do update … returning` per consumed point.
 *
 * The library's own cleanup timer is off (it would keep a timer per limiter and log through the
 * console); expired rows are deleted by the hourly sweep (`deleteExpiredRateLimits`).
 *
 * A consumed point is a write of its own, outside any transaction. Consumed inside an open
 * transaction on the same embedded file, it would wait for that transaction forever
 * (services/db.ts runs one writer at a time per file), so it is refused at once instead.
 */
import { lte } from 'drizzle-orm';
import { RateLimiterDrizzle, type RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimits } from '../../../db/schema/index.ts';
import { insideOpenTransaction, type Database } from './db.ts';

export interface RateLimitStoreOptions {
  /** Keeps the keys of this limiter apart from the others' in the shared table (its key prefix). */
  name: string;
  /** Points allowed per window. */
  points: number;
  /** The window, in seconds, counted from the first point spent in it. */
  durationSeconds: number;
}

export interface DatabaseRateLimiter {
  consume(key: string): Promise<RateLimiterRes>;
}

/**
 * A limiter whose counts live in `db`'s `rate_limits` table. Its `consume(key)` resolves with a
 * RateLimiterRes, or rejects with one once the points of the window are spent; it rejects with
 * an Error when called inside an open transaction on the same file (see above) and with the
 * database's error when the write fails.
 */
export function databaseRateLimiter(db: Database, options: RateLimitStoreOptions): DatabaseRateLimiter {
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: options.name,
    points: options.points,
    duration: options.durationSeconds,
    clearExpiredByTimeout: false,
  });
  return {
    consume(key) {
      if (insideOpenTransaction(db)) {
        return Promise.reject(
          new Error(
            `Rate limit "${options.name}" consumed inside an open transaction; consume it before the transaction`,
          ),
        );
      }
      return limiter.consume(key);
    },
  };
}

/** Deletes the counts whose window ended at or before `now`; returns how many rows went. */
export async function deleteExpiredRateLimits(db: Database, now = new Date()): Promise<number> {
  const deleted = await db.delete(rateLimits).where(lte(rateLimits.expire, now)).returning({ key: rateLimits.key });
  return deleted.length;
}
