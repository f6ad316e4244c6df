/**
 * The server's front door: every request of the running site passes here first
 * (docs/decisions/0012-serving-and-shutdown.md).
 *
 * - While the process starts, every request answers 503 with `Retry-After`. While it stops,
 *   `GET /api/health/ready` answers 503 (so a load balancer sends new requests elsewhere) and every
 *   other request is served as usual, each answer with `Connection: close` so that kept-alive
 *   connections end before the listener closes (docs/product.md#restarts).
 * - `TRACE` and `CONNECT` answer 405 with `Allow`; pages take only GET and HEAD (else 405).
 * - Astro's on-demand image endpoint (`/_image`) answers 404: every image is prebuilt.
 * - `/api/…` goes straight to the Hono API (it logs its own request line); prebuilt files come
 *   from `static` (precompressed, see static-files.ts); the rest (server-rendered pages, the
 *   404 page) from Astro's handler.
 * - Only dynamic answers of 4 KiB or more are compressed here, at a bounded level (gzip 6,
 *   Brotli 4), and never an event stream, which must reach the browser event by event (ADR 0009).
 * - Every answer carries `X-Request-Id` and `Cross-Origin-Resource-Policy: same-origin`; pages
 *   carry the security headers of docs/product.md#security. A page Astro renders on demand comes
 *   with its own Content-Security-Policy, complete (src/middleware.ts), which replaces the one set
 *   here.
 *
 * `inFlight()` counts requests still being answered, event streams apart (they never end on
 * their own), for the graceful shutdown in main.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import compression from 'compression';
import { callerAddress } from './context.ts';
import type { Env } from './env/index.ts';
import { currentPhase } from './lifecycle.ts';
import { logRequest, requestIdFor } from './middleware/request-log.ts';
import { headersForPage } from './middleware/security-headers.ts';
import { pagePolicy } from '../shared/page-policy.ts';
import { ASSET_PREFIX, type StaticHandler } from './static-files.ts';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * Methods no route of this site takes; Node's fetch `Request` cannot even be built with them.
 * (Methods Node's parser does not know, such as TRACK, are answered 400 by Node itself.)
 */
const REFUSED_METHODS = new Set(['TRACE', 'CONNECT']);
/** Seconds a caller should wait before trying again while the server starts or stops. */
const RETRY_AFTER_S = '5';
const READY_PATH = '/api/health/ready';
/** Astro's on-demand image endpoint, refused: every image of the site is prebuilt. */
const IMAGE_ENDPOINT = '/_image';
/** Dynamic answers smaller than this (bytes) go out uncompressed. */
const DYNAMIC_COMPRESSION_MIN_BYTES = 4096;

export interface FrontOptions {
  env: Pick<Env, 'TRUST_PROXY'>;
  /** Security headers for pages (security-headers.ts). */
  pageHeaders: Record<string, string>;
  static: StaticHandler;
  /** The full policy of a prebuilt page (static-files.ts), for answers Astro renders. */
  policyFor: (path: string) => string | undefined;
  /** The Hono API as a Node handler (@hono/node-server). */
  api: NodeHandler;
  /** Astro's handler: server-rendered pages and the 404 page. */
  astro: NodeHandler;
}

function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

function isApi(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** True once `res` has said it is an event stream (ADR 0009); it never ends on its own. */
function isEventStream(res: ServerResponse): boolean {
  return String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream');
}

function plain(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  const type = text.startsWith('{') ? 'application/json' : 'text/plain; charset=utf-8';
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers });
  res.end(text.startsWith('{') ? text : `${text}\n`);
}

/** Builds the Node request handler of the site and its count of requests in flight. */
export function createFront(options: FrontOptions): { handle: NodeHandler; inFlight: () => number } {
  const { env, pageHeaders } = options;
  const open = new Set<ServerResponse>();
  const compress = compression({
    // Below 4 KiB the bytes saved are fewer than the time a compressor's set-up costs on every
    // answer (a Brotli stream per 1.2 KB project list halved the portal's throughput under load).
    threshold: DYNAMIC_COMPRESSION_MIN_BYTES,
    level: 6,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 } },
    filter: (req, res) => !isEventStream(res as never) && compression.filter(req, res),
  });

  const handle: NodeHandler = (req, res) => {
    const path = pathOf(req);
    const method = req.method ?? 'GET';
    const api = isApi(path);
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');

    open.add(res);
    res.once('close', () => open.delete(res));

    const phase = currentPhase();
    const notReady = phase === 'starting' || (phase === 'stopping' && path === READY_PATH);
    // Answers the front gives itself are logged here; the API logs its own.
    const selfLogged = !api || REFUSED_METHODS.has(method) || notReady;
    if (selfLogged) {
      const started = performance.now();
      const reqId = requestIdFor(req.headers['x-request-id'] as string | undefined, env.TRUST_PROXY);
      res.setHeader('X-Request-Id', reqId);
      res.once('close', () =>
        logRequest({
          reqId,
          method,
          route: api ? '(api)' : path,
          status: res.writableFinished ? res.statusCode : 499,
          ms: performance.now() - started,
          ip: callerAddress(
            req.headers['x-forwarded-for'] as string | undefined,
            req.socket.remoteAddress,
            env.TRUST_PROXY,
          ),
        }),
      );
    }

    // Stopping: each answer ends its connection, so none is left idle when the listener closes.
    if (phase === 'stopping') res.setHeader('Connection', 'close');
    if (notReady) {
      const status = path === READY_PATH ? `{"status":"${phase}"}` : 'The server is restarting. Please try again.';
      plain(res, 503, status, { 'Retry-After': RETRY_AFTER_S });
      return;
    }
    if (REFUSED_METHODS.has(method)) {
      plain(res, 405, 'Method not allowed.', { Allow: api ? 'GET, HEAD, POST, PUT, PATCH, DELETE' : 'GET, HEAD' });
      return;
    }

    if (api) {
      // Without Accept-Encoding nothing is compressed: skip the compressor's per-answer set-up.
      if (req.headers['accept-encoding']) compress(req as never, res as never, () => void options.api(req, res));
      else void options.api(req, res);
      return;
    }
    if (!path.startsWith(ASSET_PREFIX)) {
      for (const [name, value] of Object.entries(headersForPage(path, pageHeaders))) res.setHeader(name, value);
      // A page Astro renders on demand brings its own (src/middleware.ts); an unknown path gets
      // the 404 page's policy.
      res.setHeader(
        'Content-Security-Policy',
        options.policyFor(path) ?? options.policyFor('/404') ?? pagePolicy(undefined),
      );
    } else {
      res.setHeader('X-Content-Type-Options', 'nosniff');
    }
    if (method !== 'GET' && method !== 'HEAD') {
      plain(res, 405, 'Pages take only GET and HEAD.', { Allow: 'GET, HEAD' });
      return;
    }
    if (path === IMAGE_ENDPOINT || path.startsWith(`${IMAGE_ENDPOINT}/`)) {
      // Every image is prebuilt: Astro's on-demand image endpoint would only let anyone make the
      // server rasterise files (docs/decisions/0013-case-study-images.md).
      plain(res, 404, 'Not found.');
      return;
    }
    options.static(req, res, () => compress(req as never, res as never, () => void options.astro(req, res)));
  };

  const inFlight = () => {
    let count = 0;
    for (const res of open) if (!isEventStream(res)) count++;
    return count;
  };
  return { handle, inFlight };
}
