/**
 * Rate limits by key (usually the caller's address), through rate-limiter-flexible's in-memory
 * limiter (docs/product.md#limits). `limiter.consume(key)` throws a 429 AppError with a
 * Retry-After header (seconds, RFC 9110 section 10.2.3) once `points` requests were made within
 * `durationSeconds`. Counts live in this process: several instances each keep their own.
 */
import type { MiddlewareHandler } from 'hono';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { clientAddress, type ApiEnv } from '../context.ts';
import { AppError } from '../errors.ts';

export interface Limiter {
  consume(key: string): Promise<void>;
}

export function createLimiter(points: number, durationSeconds: number, message: string): Limiter {
  const limiter = new RateLimiterMemory({ points, duration: durationSeconds });
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
          throw new AppError(429, 'rate_limited', message, undefined, { 'Retry-After': String(retryAfter) });
        }
        throw rejection;
      }
    },
  };
}

/**
 * Middleware that spends one point of `limiter` per request, keyed by the caller's address
 * (with `prefix`, so that limiters sharing a key space stay apart).
 */
export function limitByAddress(limiter: Limiter, prefix = ''): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    await limiter.consume(`${prefix}${clientAddress(c)}`);
    await next();
  };
}
