/**
 * The rate limits that more than one route module counts against (docs/product.md#limits), kept
 * out of the route files so that no route file imports another: the window of the two forms
 * that make leads (routes/leads.ts, routes/website-audit.ts) and the portal's limiter of
 * sign-in, registration, reset and password attempts (routes/client/session.ts,
 * password-resets.ts, account.ts).
 */
import type { AppDeps } from '../deps.ts';
import { createLimiter, type Limiter } from './rate-limit.ts';

/** The rate-limit window of leads and of website audits, in seconds: 10 minutes (counts LEAD_RATE_LIMIT, AUDIT_RATE_LIMIT). */
export const LEAD_LIMIT_WINDOW_SECONDS = 600;

/** The rate-limit window for sign-in, registration and reset attempts, in seconds: 15 minutes. */
const AUTH_WINDOW_SECONDS = 15 * 60;
const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * A limiter of the portal's sign-in, registration, reset and password attempts: AUTH_RATE_LIMIT
 * per 15 minutes, counted under `name` (unique across the API, as LimiterOptions.name says).
 */
export function authLimiter(deps: AppDeps, name: string): Limiter {
  return createLimiter(deps.db, {
    name,
    points: deps.env.AUTH_RATE_LIMIT,
    durationSeconds: AUTH_WINDOW_SECONDS,
    message: TOO_MANY_ATTEMPTS,
  });
}
