/**
 * Rate-limit counts in the database (docs/product.md#limits), so that every server instance and
 * every restart share them: rate-limiter-flexible's `RateLimiterDrizzle` over the `rate_limits`
 * table, one atomic `insert … on conflict do update … returning` per consumed point.
 *
 * The library's own cleanup timer is off (it would keep a timer per limiter and log through the
 * console); expired rows are deleted by the hourly sweep (`deleteExpiredRateLimits`).
 *
 * A consumed point is a write of its own (`db.write`): consumed inside an open write it would wait
 * for itself, so the write path refuses that at once (db/write-path.ts).
 */
import { lte } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimits } from '../../../db/schema/index.ts';
import type { Database, SqlDb } from '../db/database.ts';

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
 * an Error when called inside an open write, with DatabaseBusyError when the write is shed, and
 * with the database's error when the write fails.
 */
export function databaseRateLimiter(db: Database, options: RateLimitStoreOptions): DatabaseRateLimiter {
  // The library keeps its store client; each consumed point gets the open transaction's.
  const limiterOver = (tx: SqlDb) =>
    new RateLimiterDrizzle({
      storeClient: tx,
      schema: rateLimits,
      keyPrefix: options.name,
      points: options.points,
      duration: options.durationSeconds,
      clearExpiredByTimeout: false,
    });
  return {
    async consume(key) {
      // A refusal is the library's rejection with a RateLimiterRes: the point it counted is kept
      // (the transaction commits), and the refusal is passed on once it has.
      const outcome = await db.write((tx) =>
        limiterOver(tx)
          .consume(key)
          .then(
            (res) => ({ allowed: true, res }),
            (reason: unknown) => {
              if (reason instanceof RateLimiterRes) return { allowed: false, res: reason };
              throw reason;
            },
          ),
      );
      if (!outcome.allowed) throw outcome.res;
      return outcome.res;
    },
  };
}

/** Deletes the counts whose window ended at or before `now`; returns how many rows went. */
export async function deleteExpiredRateLimits(db: Database, now = new Date()): Promise<number> {
  const deleted = await db.write((tx) =>
    tx.delete(rateLimits).where(lte(rateLimits.expire, now)).returning({ key: rateLimits.key }),
  );
  return deleted.length;
}
