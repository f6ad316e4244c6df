/**
 * A staff member's private calendar feed (docs/product.md#bookings): GET /{token}.ics →
 * `text/calendar`, their meetings (services/bookings/feeds.ts); 404 for an unknown or revoked
 * token. The secret in the path is the only credential, as calendar apps that subscribe to a URL
 * send no other; the answer is never cached by a shared cache.
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { NotFoundError } from '../errors.ts';
import { readFeed } from '../services/bookings/feeds.ts';

export function calendarRoutes(deps: AppDeps) {
  return new Hono<ApiEnv>().get('/:file', async (c) => {
    const match = /^([A-Za-z0-9_-]{20,100})\.ics$/.exec(c.req.param('file'));
    const feed = match ? await readFeed(deps.db, deps.env, match[1]!) : null;
    if (feed === null) throw new NotFoundError('Calendar feed');
    return c.body(feed, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Cache-Control': 'private, no-store',
      'Content-Disposition': 'inline; filename="meetings.ics"',
    });
  });
}
