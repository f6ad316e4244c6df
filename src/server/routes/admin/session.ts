/**
 * The signed-in staff member under /api/admin (docs/product.md#dashboard; ADR 0005):
 * GET /me → {id, username} (401 when signed out); POST /logout → 204, the session revoked and
 * its cookie cleared.
 */
import { Hono } from 'hono';
import { endSession, requireSession } from '../../auth/identity.ts';
import type { ApiEnv } from '../../context.ts';

export function staffSessionRoutes() {
  return new Hono<ApiEnv>()
    .get('/me', requireSession('staff'), (c) => c.json({ id: c.var.user.id, username: c.var.user.username }))
    .post('/logout', async (c) => {
      await endSession(c, 'staff');
      return c.body(null, 204);
    });
}
