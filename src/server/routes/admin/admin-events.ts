/** GET /api/admin/events → the latest admin events, newest first (docs/product.md#dashboard). */
import { Hono } from 'hono';
import { requireSession } from '../../auth/identity.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { latestAdminEvents } from '../../services/admin-events.ts';

export function adminEventRoutes({ db }: AppDeps) {
  return new Hono<SessionEnv<'staff'>>().get('/events', requireSession('staff'), async (c) =>
    c.json(await latestAdminEvents(db)),
  );
}
