/**
 * GET /notification-routes (staff only, docs/product.md#notification-routes) → 200
 * `{leads: [email], urgent: [email], team: [email]}`: where new leads, urgent leads and the
 * team's other notifications (clients' messages, waiting chats) are emailed now, by the one
 * team-inbox rule of services/email/notification-routes.ts.
 */
import { Hono } from 'hono';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { notificationRoutes } from '../../services/email/notification-routes.ts';

export function notificationRouteRoutes({ db, env }: AppDeps) {
  return new Hono<SessionEnv<'staff'>>().get('/notification-routes', async (c) =>
    c.json(await notificationRoutes(db, env)),
  );
}
