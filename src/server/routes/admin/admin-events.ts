/**
 * GET /api/admin/events[?clientId=] → the latest 50 admin events, newest first
 * (docs/product.md#dashboard); with `clientId`, those about that client (docs/product.md#client-page).
 */
import { Hono } from 'hono';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { latestAdminEvents } from '../../services/admin-events.ts';
import { z } from '../../../shared/zod.ts';
import { validate } from '../../validation.ts';

export function adminEventRoutes({ db }: AppDeps) {
  return new Hono<SessionEnv<'staff'>>().get(
    '/events',
    validate('query', z.object({ clientId: z.string().min(1).max(100).optional() })),
    async (c) => c.json(await latestAdminEvents(db, 50, c.req.valid('query').clientId)),
  );
}
