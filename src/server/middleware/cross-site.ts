/**
 * Refuses cross-site state-changing requests to the API (docs/product.md#security; OWASP
 * Cross-Site Request Forgery Prevention Cheat Sheet, "Verifying Origin with Standard Headers" and
 * "Fetch Metadata headers"), so the API stays protected when it is served without Astro's own
 * origin check in front of it.
 *
 * A POST, PUT, PATCH or DELETE passes when:
 * - its `Origin` is the site's own: SITE_URL's origin, or the origin of the address the request
 *   was sent to (as Astro's `security.checkOrigin` and Hono's `csrf` compare); `Origin: null`
 *   (sandboxed frames, cross-site redirects) is refused;
 * - else, without an Origin, its `Sec-Fetch-Site` is `same-origin` or `none` (a request the user
 *   started, which no other site can cause); `same-site` and `cross-site` are refused;
 * - else, with neither header, it passes: browsers send Origin with every cross-site POST, PUT,
 *   PATCH and DELETE, so such a request comes from a program (curl, a test, a server), which holds
 *   no visitor's cookies.
 *
 * Hono's `csrf` middleware applies the same rules but only to bodies an HTML form can send
 * (form-encoded, multipart, text/plain), leaving JSON to the browser's CORS preflight; this check
 * applies them to every body type, so a refusal never depends on the API's CORS answer.
 * The one exception is the RFC 8058 one-click unsubscribe (`POST /api/unsubscribe`), which mail
 * providers send from their servers and which acts only on its signed token, never on a cookie.
 *
 * A refusal answers 403 `forbidden` with CROSS_SITE_MESSAGE, before the body is read.
 */
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../context.ts';
import { AppError } from '../errors.ts';

export const CROSS_SITE_MESSAGE = 'This request came from another site and was refused.';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none']);

/** The check for an app whose public address is `siteUrl`; requests matching `exempt` skip it. */
export function refuseCrossSite(
  siteUrl: string,
  exempt: (method: string, path: string) => boolean,
): MiddlewareHandler<ApiEnv> {
  const siteOrigin = new URL(siteUrl).origin;
  return async (c, next) => {
    const method = c.req.method;
    if (!STATE_CHANGING.has(method) || exempt(method, c.req.path)) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site')?.trim().toLowerCase();
    const allowed =
      origin !== undefined
        ? origin === siteOrigin || origin === new URL(c.req.url).origin
        : fetchSite === undefined || ALLOWED_FETCH_SITES.has(fetchSite);
    if (!allowed) throw new AppError(403, 'forbidden', CROSS_SITE_MESSAGE);
    await next();
  };
}
