/**
 * One log line per request (docs/product.md#logs), and the request id every response carries
 * in `X-Request-Id`.
 *
 * The line holds the method, the route pattern (never the raw path of an API request, whose
 * parameters could be tokens), the status, the duration in milliseconds, the request id, the
 * client address, and the session kind and user id when a session was checked. Bodies, headers
 * and query strings are never logged.
 *
 * An incoming `X-Request-Id` is kept only behind a trusted proxy (TRUST_PROXY) and only when it
 * looks like an id (1–128 letters, digits, `-`, `_`, `.`, `:`); otherwise a new UUID is made.
 */
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { clientAddress, type ApiEnv } from '../context.ts';
import { requestLogger } from '../log.ts';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The id of a request: the proxy's (when trusted and well-formed) or a new UUID. */
export function requestIdFor(incoming: string | undefined, trustProxy: boolean): string {
  return trustProxy && incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** What a request line says (docs/product.md#logs). */
export interface RequestLine {
  reqId: string;
  method: string;
  route: string;
  status: number;
  ms: number;
  ip: string;
  session?: string | null;
  userId?: string | null;
}

/** Writes the request line: `info`, or `warn` for a 5xx answer. */
export function logRequest(line: RequestLine): void {
  const rounded = { ...line, ms: Math.round(line.ms * 100) / 100 };
  if (line.status >= 500) requestLogger.warn(rounded, 'request');
  else requestLogger.info(rounded, 'request');
}

/**
 * Hono middleware (first in the API): sets `requestId` for the handlers and the error handler,
 * answers with `X-Request-Id`, and writes the request line once the answer is ready.
 */
export const requestLog: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const started = performance.now();
  const reqId = requestIdFor(c.req.header('x-request-id'), c.get('deps').env.TRUST_PROXY);
  c.set('requestId', reqId);
  await next();
  c.res.headers.set('X-Request-Id', reqId);
  const route = routePath(c, -1);
  const session = (c.get as (key: string) => { kind: string; userId: string } | undefined)('session');
  logRequest({
    reqId,
    method: c.req.method,
    route: route.endsWith('*') ? '(no route)' : route,
    status: c.res.status,
    ms: performance.now() - started,
    ip: clientAddress(c),
    session: session?.kind ?? null,
    userId: session?.userId ?? null,
  });
};
