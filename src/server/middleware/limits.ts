/**
 * The rate limits that more than one route module counts against (docs/product.md#limits), kept
 * out of the route files so that no route file imports another: the window of the two forms
 * that make leads (routes/leads.ts, routes/website-audit.ts) and the portal's limiter of
 * sign-in, registration, reset and password attempts (routes/client/session.ts,
 * password-resets.ts, account.ts), and the once-a-day refusal of a data export.
 */
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
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

/**
 * The 429 `export_too_soon` of a data export asked for again within a day (docs/product.md#privacy),
 * with Retry-After in seconds; shared by the client's and the staff's export routes.
 */
export function exportTooSoon(retryAfterMs: number): AppError {
  return new AppError(
    429,
    'export_too_soon',
    'A data export was asked for in the last 24 hours, and its link is sent by email. You can ask again after a day.',
    undefined,
    { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  );
}
