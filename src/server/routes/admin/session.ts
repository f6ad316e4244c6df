/**
 * The signed-in staff member under /api/admin (docs/product.md#dashboard; ADR 0005):
 * GET /me → {id, username, emailNotifications} (401 when signed out); PUT /me/notifications
 * {emailNotifications} → 200 {emailNotifications}, their own notification emails on or off
 * (docs/product.md#settings-screen); POST /logout → 204, the session revoked and its cookie
 * cleared.
 */
import { Hono } from 'hono';
import { notificationsSchema } from '../../../shared/schemas/notifications.ts';
import { endSession, requireSession } from '../../auth/identity.ts';
import type { ApiEnv } from '../../context.ts';
import { setStaffEmailNotifications } from '../../services/staff-users.ts';
import { validate } from '../../validation.ts';

export function staffSessionRoutes() {
  const signedIn = requireSession('staff');
  return new Hono<ApiEnv>()
    .get('/me', signedIn, (c) => {
      const { id, username, emailNotifications } = c.var.user;
      return c.json({ id, username, emailNotifications });
    })
    .put('/me/notifications', signedIn, validate('json', notificationsSchema), async (c) => {
      const { emailNotifications } = c.req.valid('json');
      const saved = await setStaffEmailNotifications(c.var.deps.db, c.var.user.id, emailNotifications);
      return c.json({ emailNotifications: saved });
    })
    .post('/logout', async (c) => {
      await endSession(c, 'staff');
      return c.body(null, 204);
    });
}
