/**
 * The rate limits that more than one route module counts against (docs/product.md#limits), kept
 * out of the route files so that no route file imports another: the window of the two forms
 * that make leads (routes/leads.ts, routes/website-audit.ts) and the portal's limiter of
 * sign-in, registration, reset and password attempts (routes/client/session.ts,
 * password-resets.ts, account.ts), and the once-a-day refusal of a data export.
 */
import { formatDistanceStrict } from 'date-fns';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { createLimiter, type Limiter } from './rate-limit.ts';

/** The rate-limit window of leads and of website audits, in seconds: 10 minutes (counts LEAD_RATE_LIMIT, AUDIT_RATE_LIMIT). */
export const LEAD_LIMIT_WINDOW_SECONDS = 600;

/** The rate-limit window for sign-in, registration and reset attempts, in seconds: 15 minutes. */
const AUTH_WINDOW_SECONDS = 15 * 60;

/**
 * How many times an account's budget an address gets (docs/product.md#limits): several people
 * behind one office address each have their own account budget, so one person's typos lock
 * only their own account, never the office.
 */
const ADDRESS_BUDGET_FACTOR = 5;

/**
 * The 429 message of the sign-in limits, saying when to try again: `msBeforeNext` milliseconds
 * from now, rounded up to a whole unit by date-fns ("Too many attempts. Try again in 12 minutes.").
 */
function tooManyAttempts(msBeforeNext: number): string {
  const wait = formatDistanceStrict(0, Math.max(1000, msBeforeNext), { roundingMethod: 'ceil' });
  return `Too many attempts. Try again in ${wait}.`;
}

/**
 * A limiter of the portal's sign-in, registration, reset and password attempts, counted under
 * `name` (unique across the API, as LimiterOptions.name says) per 15 minutes: AUTH_RATE_LIMIT
 * points when it counts per account (`per: 'account'`, keyed by an email or an account id), and
 * ADDRESS_BUDGET_FACTOR times that when it counts per address (`per: 'address'`).
 */
export function authLimiter(deps: AppDeps, name: string, per: 'account' | 'address' = 'account'): Limiter {
  return createLimiter(deps.db, {
    name,
    points: deps.env.AUTH_RATE_LIMIT * (per === 'address' ? ADDRESS_BUDGET_FACTOR : 1),
    durationSeconds: AUTH_WINDOW_SECONDS,
    message: tooManyAttempts,
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
