/**
 * Every cookie the API sets or clears goes through `setAppCookie` and `clearAppCookie`
 * (docs/product.md#sessions, docs/product.md#security), so that all follow one Secure rule
 * (RFC 6265 section 4.1.2.5): Secure when SITE_URL is https, and also when TRUST_PROXY is on and
 * the request's `X-Forwarded-Proto` (its first value, when the proxies wrote a comma-separated
 * list) is `https`, i.e. a trusted proxy took the request over TLS. Without TRUST_PROXY that
 * header is ignored, since anyone can send it.
 */
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import type { ApiEnv } from '../context.ts';
import { isHttpsSite } from '../env/index.ts';

/** Any API context: what the rule reads is the app's settings and the request's headers. */
type CookieContext = Context<ApiEnv>;

/** True when cookies set in answer to `c` must carry Secure (see above). */
function isSecureRequest(c: CookieContext): boolean {
  const { env } = c.var.deps;
  if (isHttpsSite(env)) return true;
  if (!env.TRUST_PROXY) return false;
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return proto === 'https';
}

/** Sets cookie `name` on the answer with `options`, Secure by the rule above. */
export function setAppCookie(
  c: CookieContext,
  name: string,
  value: string,
  options: Omit<CookieOptions, 'secure'>,
): void {
  setCookie(c, name, value, { ...options, secure: isSecureRequest(c) });
}

/** Clears cookie `name` (same path and attributes it was set with), Secure by the rule above. */
export function clearAppCookie(c: CookieContext, name: string, options: Omit<CookieOptions, 'secure'>): void {
  deleteCookie(c, name, { ...options, secure: isSecureRequest(c) });
}
