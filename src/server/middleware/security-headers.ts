/**
 * Security headers for every response, pages and API alike (docs/product.md#security; OWASP
 * Secure Headers Project). Pages get their Content-Security-Policy from Astro's
 * `security.csp`, also sent as a header (static-files.ts); API responses, which are never
 * rendered, get `default-src 'none'`.
 * HSTS (one year, subdomains) only when the site is served over HTTPS.
 */
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

/** The policy for API responses: nothing may load, nothing may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
