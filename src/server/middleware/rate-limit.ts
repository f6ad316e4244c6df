/**
 * Rate limits by client address, through rate-limiter-flexible's in-memory limiter.
 * `limiter.consume(key)` throws a 429 AppError with a Retry-After header (seconds, RFC 9110
 * section 10.2.3) once `points` requests were made within `durationSeconds`.
 * Counts live in this process: several instances each keep their own.
 */
import type { Context } from 'hono';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
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

/** Bindings the API receives from the Astro bridge (or from tests). */
export interface ApiBindings {
  clientAddress?: string;
}

/**
 * The caller's address: the first X-Forwarded-For entry when the app sits behind a trusted
 * proxy, else the socket address Astro reports; 'unknown' when neither exists.
 */
export function clientAddress<E extends { Bindings: ApiBindings }>(c: Context<E>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return (c.env as ApiBindings | undefined)?.clientAddress ?? 'unknown';
}
