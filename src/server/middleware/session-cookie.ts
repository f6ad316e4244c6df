/**
 * A session's cookie and bearer token (docs/product.md#sessions): the token comes from
 * `Authorization: Bearer <token>` when present, else from the named httpOnly cookie, which is set
 * SameSite=Lax, Path=/, Secure on https (middleware/cookies.ts), and expires with the session.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { ApiEnv } from '../context.ts';
import { clearAppCookie, setAppCookie } from './cookies.ts';

export interface SessionCookie {
  /** The request's session token, or undefined. */
  read(c: Context): string | undefined;
  set(c: Context<ApiEnv>, token: string, expiresAt: Date): void;
  clear(c: Context<ApiEnv>): void;
}

export function sessionCookie(name: string): SessionCookie {
  return {
    read(c) {
      const header = c.req.header('authorization');
      if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || undefined;
      return getCookie(c, name);
    },
    set(c, token, expiresAt) {
      setAppCookie(c, name, token, {
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        expires: expiresAt,
        maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
      });
    },
    clear(c) {
      clearAppCookie(c, name, { path: '/', httpOnly: true, sameSite: 'Lax' });
    },
  };
}
