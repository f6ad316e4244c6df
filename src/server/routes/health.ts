/** GET /api/health: `{status: "ok", db: "ok"}` after a real query, else 503 with db "error". */
import { Hono } from 'hono';
import type { ApiEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { databaseAnswers } from '../services/health.ts';

export function healthRoutes({ db }: AppDeps) {
  return new Hono<ApiEnv>().get('/', async (c) => {
    const ok = await databaseAnswers(db);
    c.header('Cache-Control', 'no-store');
    return ok ? c.json({ status: 'ok', db: 'ok' } as const) : c.json({ status: 'error', db: 'error' } as const, 503);
  });
}
