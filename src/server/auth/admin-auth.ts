/**
 * How a request proves it comes from signed-in staff (issue 4): the httpOnly `admin_session`
 * cookie, or `Authorization: Bearer <token>`. Checked against admin sessions only, so a client
 * session never passes. `requireAdmin` answers 401 otherwise.
 */
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors.ts';
import type { Database } from '../db.ts';
import type { ApiBindings } from '../middleware/rate-limit.ts';
import { validateAdminSession, type AdminSession, type AdminUser } from './admin-sessions.ts';
import { sessionCookie } from './session-cookie.ts';

export const ADMIN_SESSION_COOKIE = 'admin_session';
const cookie = sessionCookie(ADMIN_SESSION_COOKIE);

export type AdminEnv = { Bindings: ApiBindings; Variables: { user: AdminUser; session: AdminSession } };

export const adminRequestToken = cookie.read;
export const setAdminSessionCookie = cookie.set;
export const clearAdminSessionCookie = cookie.clear;

export function requireAdmin(db: Database, secure: boolean, allowed: string[]): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const token = adminRequestToken(c);
    const result = token ? await validateAdminSession(db, token) : null;
    // Someone removed from ADMIN_EMAILS loses access at once, whatever sessions they hold.
    if (!result || !allowed.includes(result.user.username)) {
      throw new AppError(401, 'unauthorized', 'Please sign in as staff to continue');
    }
    if (result.renewed && !c.req.header('authorization')) {
      setAdminSessionCookie(c, token!, result.session.expiresAt, secure);
    }
    c.set('user', result.user);
    c.set('session', result.session);
    await next();
  };
}
