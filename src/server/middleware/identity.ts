/**
 * Who is calling (docs/product.md#sessions; ADR 0004 and 0005): one set of functions for both
 * kinds of session, `client` (portal, cookie `client_session`) and `staff` (dashboard, cookie
 * `admin_session`). A token comes from `Authorization: Bearer <token>` when present, else from
 * the kind's httpOnly cookie; a renewed session re-sets the cookie.
 *
 * - `requireSession(kind)`: middleware; 401 without a valid session of that kind (for staff,
 *   also when the person may no longer use the dashboard, staff-access.ts); sets `session` and `user`.
 * - `currentStaff(c)`: the signed-in, still-allowed staff user, or null (the blog editor's gate
 *   and the dashboard share it).
 * - `startSession(c, kind, userId)` and `endSession(c, kind)`: sign-in and sign-out; sign-out
 *   records `session-ended`, so the user's live streams check their own session at once.
 * - `sessionStillValid(c, kind, sessionId)`: a live stream's check that its session still holds
 *   (docs/decisions/0009-live-updates.md).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { clientAddress, type ApiEnv, type SessionEnv } from '../context.ts';
import { AppError } from '../errors.ts';
import {
  createSession,
  revokeSession,
  validateSession,
  type SessionKind,
  type SessionOwner,
  type StaffRecord,
  type ValidatedSession,
} from '../services/sign-in/sessions.ts';
import { sessionCookie } from './session-cookie.ts';
import { staffRoleOf } from '../services/sign-in/staff-access.ts';

/** The cookie of each kind of session (ADR 0004, 0005). */
const SESSION_COOKIES = { client: 'client_session', staff: 'admin_session' } as const;
const cookies = { client: sessionCookie(SESSION_COOKIES.client), staff: sessionCookie(SESSION_COOKIES.staff) };

const SIGN_IN_AGAIN: Record<SessionKind, string> = {
  client: 'Please sign in to continue',
  staff: 'Please sign in as staff to continue',
};

/**
 * Validates the request's token of `kind`; re-sets the cookie when the session was renewed.
 * `renew: false` checks without renewing (for an answer whose headers are already sent).
 */
async function currentSession<K extends SessionKind>(
  c: Context<ApiEnv>,
  kind: K,
  { renew = true } = {},
): Promise<ValidatedSession<K> | null> {
  const { db, env } = c.get('deps');
  const token = cookies[kind].read(c);
  const result = token ? await validateSession(db, kind, token, new Date(), { renew }) : null;
  if (!result) return null;
  if (kind === 'staff' && !staffRoleOf(env, result.user as StaffRecord)) return null;
  if (result.renewed && !c.req.header('authorization')) {
    cookies[kind].set(c, token!, result.session.expiresAt);
  }
  return result;
}

/** Lets the request through only with a valid session of `kind`; sets `session` and `user`. */
export function requireSession<K extends SessionKind>(kind: K): MiddlewareHandler<SessionEnv<K>> {
  return async (c, next) => {
    if ((c.get('session') as { kind?: string } | undefined)?.kind === kind) return next();
    const result = await currentSession(c as unknown as Context<ApiEnv>, kind);
    if (!result) throw new AppError(401, 'unauthorized', SIGN_IN_AGAIN[kind]);
    c.set('session', result.session);
    c.set('user', result.user);
    await next();
  };
}

/**
 * The signed-in staff user of the request, or null. Someone removed from ADMIN_EMAILS, or whose
 * invited role was removed, loses access at once, whatever sessions they hold.
 */
export async function currentStaff(c: Context<ApiEnv>): Promise<StaffRecord | null> {
  return (await currentSession(c, 'staff'))?.user ?? null;
}

/**
 * The signed-in client member of the request (with its client), or null (the live chat ties a
 * conversation to the client).
 */
export async function currentClient(c: Context<ApiEnv>): Promise<SessionOwner['client'] | null> {
  return (await currentSession(c, 'client'))?.user ?? null;
}

/**
 * Creates a session of `kind` for `userId` and sets its cookie; returns the token (for API
 * clients). The session keeps the browser's User-Agent, the caller's address and `method`, how
 * the person signed in (password, link, passkey, google, register, reset, invitation).
 */
export async function startSession(
  c: Context<ApiEnv>,
  kind: SessionKind,
  userId: string,
  method: string,
): Promise<string> {
  const { token, session } = await createSession(c.var.deps.db, kind, userId, new Date(), {
    userAgent: c.req.header('user-agent') ?? null,
    ipAddress: clientAddress(c),
    method,
  });
  cookies[kind].set(c, token, session.expiresAt);
  return token;
}

/**
 * Revokes the request's session of `kind`, if it has a valid one, and clears its cookie. Once
 * revoked (which records `session-ended`), the user's open streams check their own session and
 * the one of this session closes (docs/product.md#live-updates).
 */
export async function endSession(c: Context<ApiEnv>, kind: SessionKind): Promise<void> {
  const { db } = c.var.deps;
  const token = cookies[kind].read(c);
  const result = token ? await validateSession(db, kind, token) : null;
  if (result) {
    await revokeSession(db, kind, result.session.id);
  }
  clearSessionCookie(c, kind);
}

/**
 * The owner of the request's session of `kind`, read again, while it is still the valid session
 * `sessionId`; null once it is not. A live stream asks on each heartbeat and when a session of its
 * user ended or its role changed (docs/decisions/0009-live-updates.md), and then filters by the
 * owner's current record. It never renews the session, since the stream's cookie went out with
 * its first bytes.
 */
export async function sessionStillValid<K extends SessionKind>(
  c: Context<SessionEnv<K>>,
  kind: K,
  sessionId: string,
): Promise<SessionOwner[K] | null> {
  const result = await currentSession(c as unknown as Context<ApiEnv>, kind, { renew: false });
  return result?.session.id === sessionId ? result.user : null;
}

/** Clears the cookie of `kind` (after a password reset, for instance). */
export function clearSessionCookie(c: Context<ApiEnv>, kind: SessionKind): void {
  cookies[kind].clear(c);
}
