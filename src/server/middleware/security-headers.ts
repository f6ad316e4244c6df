/**
 * Security headers for every response, pages and API alike (docs/product.md#security; OWASP
 * Secure Headers Project). Pages get their Content-Security-Policy from Astro's
 * `security.csp`, also sent as a header (static-files.ts); API responses, which are never
 * rendered, get `default-src 'none'`.
 * HSTS (one year, subdomains) only when the site is served over HTTPS.
 * `Cross-Origin-Opener-Policy: same-origin` goes on API answers and private pages only, not on the
 * public site (`headersForPage`; docs/decisions/0019-opener-policy-on-private-pages.md).
 */
import { isPrivatePage } from '../../shared/private-pages.ts';

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

/** Header name → value to set on every response. */
export function securityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(options.https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

const OPENER_POLICY = 'Cross-Origin-Opener-Policy';

/**
 * The pages that carry a token after `#` (a sign-in link, a password link, a sign-in's second
 * step, a staff invitation, a data export's download): they send no Referer at all, so no address of theirs ever leaves the
 * site (docs/product.md#sign-in-security).
 */
const TOKEN_PAGE =
  /^\/(portal\/sign-in|portal\/reset-password|portal\/welcome|admin\/login|admin\/invitation|data-export)(\/|\/index\.html|\.html)?$/;

/**
 * The security headers of the page at `path` (a request path or a prebuilt file's path): all of
 * `headers` on a private page (portal, dashboard, blog editor, unsubscribe), with
 * `Referrer-Policy: no-referrer` on a page that carries a token, and all but
 * `Cross-Origin-Opener-Policy` on a public one. In Chrome that header makes the browser give the
 * site a process of its own at every navigation into it (on Android too, where sites otherwise
 * share processes), which costs a public visitor time and guards nothing a public page holds
 * (docs/decisions/0019-opener-policy-on-private-pages.md).
 */
export function headersForPage(path: string, headers: Record<string, string>): Record<string, string> {
  if (TOKEN_PAGE.test(path)) return { ...headers, 'Referrer-Policy': 'no-referrer' };
  if (isPrivatePage(path)) return headers;
  let publicHeaders = publicSets.get(headers);
  if (!publicHeaders) {
    const { [OPENER_POLICY]: _opener, ...rest } = headers;
    publicHeaders = rest;
    publicSets.set(headers, publicHeaders);
  }
  return publicHeaders;
}

/** Each header set's public variant, made once: pages are answered with it on every request. */
const publicSets = new WeakMap<Record<string, string>, Record<string, string>>();

/** The policy for API responses: nothing may load, nothing may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
