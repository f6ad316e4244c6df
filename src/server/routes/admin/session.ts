/**
 * The staff session under /api/admin (docs/product.md#dashboard; ADR 0005), in two parts that
 * routes/admin/index.ts mounts on either side of its staff guard:
 *
 * - `staffSignOutRoutes`, public: POST /logout → 204, the session (if any) revoked and its
 *   cookie cleared; signed out already, it only clears the cookie.
 * - `staffSessionRoutes`, for signed-in staff: GET /me → {id, username, displayName, emailNotifications, role
 *   ('owner' or 'staff'), twoFactorSetupRequired (STAFF_REQUIRE_2FA and no two-step verification)};
 *   PUT /me/notifications {emailNotifications} → 200 {emailNotifications}, their own
 *   notification emails on or off (docs/product.md#settings-screen); PATCH /me {displayName}
 *   (trimmed, 1–80 characters; 422 otherwise) → 200 {displayName}, the name clients and visitors
 *   see (docs/product.md#staff-names). GET /me carries `displayName`: the one set, or the name
 *   read from the address.
 */
import { Hono } from 'hono';
import { notificationsSchema } from '../../../shared/schemas/notifications.ts';
import { displayNameSchema } from '../../../shared/schemas/staff.ts';
import { staffName } from '../../../shared/staff-name.ts';
import { endSession } from '../../middleware/identity.ts';
import { staffRoleOf } from '../../services/sign-in/staff-access.ts';
import type { ApiEnv, SessionEnv } from '../../context.ts';
import { setStaffDisplayName, setStaffEmailNotifications } from '../../services/staff-users.ts';
import { totpEnabled } from '../../services/sign-in/totp.ts';
import { validate } from '../../validation.ts';

export function staffSignOutRoutes() {
  return new Hono<ApiEnv>().post('/logout', async (c) => {
    await endSession(c, 'staff');
    return c.body(null, 204);
  });
}

export function staffSessionRoutes() {
  return new Hono<SessionEnv<'staff'>>()
    .get('/me', async (c) => {
      const { id, username, emailNotifications } = c.var.user;
      const { env, db } = c.var.deps;
      const role = staffRoleOf(env, c.var.user) ?? 'staff';
      const twoFactorSetupRequired = env.STAFF_REQUIRE_2FA && !(await totpEnabled(db.read, 'staff', id));
      const displayName = staffName(c.var.user);
      return c.json({ id, username, displayName, emailNotifications, role, twoFactorSetupRequired });
    })
    .patch('/me', validate('json', displayNameSchema), async (c) => {
      const saved = await setStaffDisplayName(c.var.deps.db, c.var.user.id, c.req.valid('json').displayName);
      return c.json({ displayName: saved });
    })
    .put('/me/notifications', validate('json', notificationsSchema), async (c) => {
      const { emailNotifications } = c.req.valid('json');
      const saved = await setStaffEmailNotifications(c.var.deps.db, c.var.user.id, emailNotifications);
      return c.json({ emailNotifications: saved });
    });
}
