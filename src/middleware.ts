/**
 * Astro's middleware (it runs inside Astro's bundle, which holds no copy of the server:
 * docs/decisions/0020-one-server-per-process.md).
 *
 * A page rendered on demand (`prerender = false`, e.g. /portal/projects/{projectId}) gets its
 * Content-Security-Policy from Astro as a header, with that page's script hashes. Here, where the
 * answer is made, that header gets the directives only a header can carry (`frame-ancestors`,
 * src/shared/page-policy.ts), the same policy a prebuilt page is sent with
 * (docs/product.md#security). Prebuilt pages (rendered at build time) are left alone: their policy
 * is a `<meta>` element and the server adds the header.
 */
import type { MiddlewareHandler } from 'astro';
import { pagePolicy } from './shared/page-policy.ts';

const CSP = 'content-security-policy';

/** Adds the header-only directives to the policy of every page Astro renders on demand. */
export const onRequest: MiddlewareHandler = async (context, next) => {
  const response = await next();
  if (context.isPrerendered) return response;
  const policy = response.headers.get(CSP);
  if (policy !== null && response.headers.get('content-type')?.startsWith('text/html')) {
    response.headers.set(CSP, pagePolicy(policy));
  }
  return response;
};
