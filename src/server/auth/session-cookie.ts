/**
 * A session's cookie and bearer token (docs/product.md#sessions): the token comes from
 * `Authorization: Bearer <token>` when present, else from the named httpOnly cookie, which is set
 * SameSite=Lax, Path=/, Secure on https, and expires with the session.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

export interface SessionCookie {
  /** The request's session token, or undefined. */
  read(c: Context): string | undefined;
  set(c: Context, token: string, expiresAt: Date, secure: boolean): void;
  clear(c: Context, secure: boolean): void;
}

export function sessionCookie(name: string): SessionCookie {
  return {
    read(c) {
      const header = c.req.header('authorization');
      if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || undefined;
      return getCookie(c, name);
    },
    set(c, token, expiresAt, secure) {
      setCookie(c, name, token, {
        httpOnly: true,
        sameSite: 'Lax',
        secure,
        path: '/',
        expires: expiresAt,
        maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
      });
    },
    clear(c, secure) {
      deleteCookie(c, name, { path: '/', secure, httpOnly: true, sameSite: 'Lax' });
    },
  };
}
