/**
 * How a request proves it is a signed-in client (issue 3): the httpOnly `client_session` cookie
 * set at sign-in, or `Authorization: Bearer <token>` for API clients. `requireClient` answers
 * 401 without a valid, unexpired session of an active client, and re-sets the cookie when the
 * session was renewed.
 */
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors.ts';
import type { Database } from '../db.ts';
import type { ApiBindings } from '../middleware/rate-limit.ts';
import { validateClientSession, type Client, type ClientSession } from './client-sessions.ts';
import { sessionCookie } from './session-cookie.ts';

export const CLIENT_SESSION_COOKIE = 'client_session';
const cookie = sessionCookie(CLIENT_SESSION_COOKIE);

export interface ClientVariables {
  client: Client;
  session: ClientSession;
}
export type ClientEnv = { Bindings: ApiBindings; Variables: ClientVariables };

/** The session token of the request: the bearer token if any, else the cookie. */
export const requestToken = cookie.read;
/** Sets the session cookie: httpOnly, SameSite=Lax, Secure on https, until the session expires. */
export const setClientSessionCookie = cookie.set;
export const clearClientSessionCookie = cookie.clear;

/** Lets the request through only with a valid client session; sets `client` and `session`. */
export function requireClient(db: Database, secure: boolean): MiddlewareHandler<ClientEnv> {
  return async (c, next) => {
    const token = requestToken(c);
    const result = token ? await validateClientSession(db, token) : null;
    if (!result) throw new AppError(401, 'unauthorized', 'Please sign in to continue');
    if (result.renewed && !c.req.header('authorization')) {
      setClientSessionCookie(c, token!, result.session.expiresAt, secure);
    }
    c.set('client', result.client);
    c.set('session', result.session);
    await next();
  };
}
