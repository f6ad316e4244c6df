/**
 * The one session guard of an area of the API (routes/admin/index.ts, routes/client/index.ts;
 * docs/decisions/0026-one-guard-per-area.md): `requireSession(kind)` (middleware/identity.ts) for every
 * request that a route mounted after the guard will answer, so such a request gets 401 without a
 * valid session of `kind`, before any field is validated. A request that no route of the area
 * matches (an unknown path, or a known path with another method) passes on untouched, to the
 * API's 404 (docs/product.md#errors), as it would without the guard.
 */
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { requireSession } from './identity.ts';
import type { SessionEnv } from '../context.ts';
import type { SessionKind } from '../services/sign-in/sessions.ts';

/** Middleware for `.use('*', …)` ahead of an area's signed-in routes; sets `session` and `user`. */
export function areaGuard<K extends SessionKind>(kind: K): MiddlewareHandler<SessionEnv<K>> {
  const guard = requireSession(kind);
  return (c, next) => {
    // Hono matches every handler of a request up front; `ALL` entries are middleware (`use`).
    const answering = matchedRoutes(c)
      .slice(c.req.routeIndex + 1)
      .some((route) => route.method !== 'ALL');
    return answering ? guard(c, next) : next();
  };
}
