/**
 * GET /api/admin/summary → {totalClients, activeProjects, totalProjects, unreadMessages,
 * newLeadsThisWeek}: the dashboard's counters, counted by the database (docs/product.md#dashboard).
 */
import { Hono } from 'hono';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { adminSummary } from '../../services/admin-summary.ts';

export function adminSummaryRoutes({ db }: AppDeps) {
  return new Hono<SessionEnv<'staff'>>().get('/summary', async (c) => c.json(await adminSummary(db)));
}
