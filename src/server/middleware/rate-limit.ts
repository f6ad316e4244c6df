/**
 * Rate limits by key, usually the caller's address (docs/product.md#limits). Counts live in the
 * database (services/rate-limits.ts), so every instance on one database and every restart share
 * them. `limiter.consume(key)` throws a 429 AppError with a Retry-After header (seconds, RFC 9110
 * section 10.2.3) once `points` requests were made within `durationSeconds`; a failed database
 * write rejects with its own error (answered 500).
 */
import type { MiddlewareHandler } from 'hono';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { clientAddress, type ApiEnv } from '../context.ts';
import { AppError } from '../errors.ts';
import type { Database } from '../db/database.ts';
import { databaseRateLimiter } from '../services/rate-limits.ts';

export interface Limiter {
  consume(key: string): Promise<void>;
}

export interface LimiterOptions {
  /**
   * The limiter's own key space in the shared table, unique across the API (e.g. `lead`,
   * `client-login-email`): two limiters with one name would share their counts.
   */
  name: string;
  /** Requests allowed per window. */
  points: number;
  /** The window, in seconds. */
  durationSeconds: number;
  /**
   * The 429 answer's message (docs/product.md#limits), or a function of the milliseconds until
   * the window ends (the limiter's `msBeforeNext`) that says when to try again.
   */
  message: string | ((msBeforeNext: number) => string);
}

/** A limiter over `db` (the app's database, AppDeps.db). */
export function createLimiter(db: Database, options: LimiterOptions): Limiter {
  return answering429(databaseRateLimiter(db, options), options);
}

/**
 * A limiter whose counts live in this process's memory: for a read that must not write (each
 * server instance counts its own, and a restart forgets them). Same 429 as `createLimiter`.
 */
export function createMemoryLimiter(options: LimiterOptions): Limiter {
  return answering429(
    new RateLimiterMemory({ keyPrefix: options.name, points: options.points, duration: options.durationSeconds }),
    options,
  );
}

/** `limiter`'s refusal as the 429 AppError with Retry-After (seconds) and `options.message`. */
function answering429(limiter: { consume(key: string): Promise<RateLimiterRes> }, options: LimiterOptions): Limiter {
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
          const message =
            typeof options.message === 'string' ? options.message : options.message(rejection.msBeforeNext);
          throw new AppError(429, 'rate_limited', message, undefined, { 'Retry-After': String(retryAfter) });
        }
        throw rejection;
      }
    },
  };
}

/**
 * Middleware that spends one point of `limiter` per request, keyed by the caller's address
 * (with `prefix`, so that routes sharing a limiter keep their counts apart).
 */
export function limitByAddress(limiter: Limiter, prefix = ''): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    await limiter.consume(`${prefix}${clientAddress(c)}`);
    await next();
  };
}
