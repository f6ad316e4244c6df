/**
 * The prebuilt files of dist/client (pages, scripts, styles, images), served by sirv
 * (docs/decisions/0012-serving-and-shutdown.md).
 *
 * The build writes a Brotli (`.br`) and a gzip (`.gz`) copy of every compressible file
 * (scripts/server-entry-integration.mjs); sirv answers with the smallest copy the browser
 * accepts, so no prebuilt byte is compressed while a visitor waits. Hashed assets under
 * `/_astro/` are cached for a year (`immutable`); pages revalidate with their ETag every time.
 *
 * A prebuilt page's full Content-Security-Policy (script hashes included) is written by Astro as
 * a `<meta http-equiv>` element; the build reads it from every page into
 * dist/server/page-policies.json (scripts/server-entry-integration.mjs), and it is also sent as a
 * header, with the directives only a header can carry (`frame-ancestors`; src/shared/page-policy.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import sirv from 'sirv';
import { pagePolicy } from '../shared/page-policy.ts';
import { log } from './log.ts';
import { headersForPage } from './middleware/security-headers.ts';

/** Where Astro puts hashed build assets. */
export const ASSET_PREFIX = '/_astro/';

/** One year, in seconds: the cache lifetime of a hashed asset. */
const YEAR_S = 31_536_000;

type Next = () => void;
export type StaticHandler = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/**
 * Request path → the page's full policy, from `metaPolicies` (the file of each prebuilt page
 * under dist/client, e.g. `/about/index.html`, → its `<meta>` policy): `about/index.html`
 * answers `/about`, `/about/` and `/about/index.html`.
 */
function pagePolicies(metaPolicies: Record<string, string>): Map<string, string> {
  const policies = new Map<string, string>();
  for (const [path, meta] of Object.entries(metaPolicies)) {
    const policy = pagePolicy(meta);
    policies.set(path, policy);
    if (path.endsWith('/index.html')) {
      const folder = path.slice(0, -'index.html'.length);
      policies.set(folder, policy);
      if (folder !== '/') policies.set(folder.slice(0, -1), policy);
    } else {
      policies.set(path.slice(0, -'.html'.length), policy);
    }
  }
  return policies;
}

/**
 * The handler for dist/client: answers GET and HEAD for a file that exists (precompressed copy
 * when accepted, 304 on a matching ETag), else calls `next`. `pageHeaders` go on pages, not on
 * assets. `metaPolicies` maps each prebuilt page's file to its `<meta>` policy (see
 * `pagePolicies`); `policyFor(path)` is the full policy of the prebuilt page at `path`, if any.
 */
export function staticFiles(
  clientDir: string,
  pageHeaders: Record<string, string>,
  metaPolicies: Record<string, string>,
): { handler: StaticHandler; policyFor: (path: string) => string | undefined } {
  const policies = pagePolicies(metaPolicies);
  const policyFor = (path: string) => policies.get(path) ?? policies.get(path.replace(/\/$/, ''));
  const handler = sirv(clientDir, {
    dev: false,
    etag: true,
    gzip: true,
    brotli: true,
    extensions: ['html'],
    setHeaders(res, pathname) {
      if (pathname.startsWith(ASSET_PREFIX)) {
        res.setHeader('Cache-Control', `public, max-age=${YEAR_S}, immutable`);
        return;
      }
      res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
      for (const [name, value] of Object.entries(headersForPage(pathname, pageHeaders))) res.setHeader(name, value);
      const policy = policyFor(pathname);
      if (policy) res.setHeader('Content-Security-Policy', policy);
    },
  });
  // sirv pipes a read stream into the answer without an error handler; a file that went away
  // since start-up (dist/ rebuilt under a running server) must cost one answer, not the process.
  const guarded: StaticHandler = (req, res, next) => {
    res.once('pipe', (source) =>
      source.once('error', (error: Error) => {
        log.error({ err: error, path: req.url }, 'a prebuilt file could not be read');
        res.destroy();
      }),
    );
    handler(req, res, next);
  };
  return { handler: guarded, policyFor };
}
