/**
 * The Content-Security-Policy header of a page (docs/product.md#security): the policy Astro makes
 * from `security.csp` (astro.config.mjs), plus what only a header can carry.
 *
 * A prebuilt page holds its policy in a `<meta http-equiv>` element, which cannot carry
 * `frame-ancestors` (CSP Level 3, section 6.4); the server sends the full policy as a header
 * (src/server/static-files.ts). A page rendered on demand gets its policy from Astro as a header,
 * completed where Astro makes the answer (src/middleware.ts;
 * docs/decisions/0020-one-server-per-process.md).
 */

/** Directives a `<meta>` policy cannot carry, always sent as a header. */
const HEADER_ONLY_CSP = "frame-ancestors 'none'";

/**
 * `policy` (directives separated by `;`, or undefined for none) with `HEADER_ONLY_CSP`, and with
 * `object-src 'none'` and `base-uri 'self'` when it names no such directive; directives it already
 * has are kept as they are.
 */
export function pagePolicy(policy: string | undefined): string {
  const directives = (policy ?? '')
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const names = new Set(directives.map((d) => d.split(/\s+/)[0]?.toLowerCase()));
  for (const extra of [HEADER_ONLY_CSP, "object-src 'none'", "base-uri 'self'"]) {
    if (!names.has(extra.split(' ')[0])) directives.push(extra);
  }
  return directives.join('; ');
}
