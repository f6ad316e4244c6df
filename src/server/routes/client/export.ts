/**
 * The signed-in client's own data export under /api/client (docs/product.md#privacy), behind the
 * client guard of routes/client/index.ts:
 *
 * - POST /export → 202 {export}: queued; the link arrives by email at the client's address once the
 *   ZIP is built. 429 `export_too_soon` (with Retry-After, seconds) when the client asked less than
 *   a day ago.
 * - GET /exports → the client's exports, newest first (at most 10), without tokens.
 */
import { Hono } from 'hono';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { exportTooSoon } from '../../middleware/limits.ts';
import { exportsOf, requestExport, toPublicExport } from '../../services/privacy/data-exports.ts';

export function clientExportRoutes({ db }: AppDeps) {
  return new Hono<SessionEnv<'client'>>()
    .post('/export', async (c) => {
      const client = c.var.user;
      const asked = await requestExport(db, { kind: 'client', id: client.id }, 'self', client.email);
      if ('retryAfterMs' in asked) throw exportTooSoon(asked.retryAfterMs);
      return c.json({ export: toPublicExport(asked.export) }, 202);
    })
    .get('/exports', async (c) => c.json(await exportsOf(db, { kind: 'client', id: c.var.user.id })));
}
