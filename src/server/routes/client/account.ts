/**
 * The signed-in client's own account under /api/client (docs/product.md#settings-screen), behind
 * the client guard of routes/client/index.ts. Nothing changes when a field is invalid (422 with
 * field messages).
 *
 * - GET /me → the client without its password hash, with `emailNotifications`.
 * - PATCH /profile {name, company, phone} → 200 {client} (the shape of GET /me), with the
 *   registration's rules; the email cannot be changed here.
 * - PUT /notifications {emailNotifications} → 200 {emailNotifications}.
 * - POST /password {currentPassword, newPassword} → 200 {status: 'password-changed'}; a wrong
 *   current password → 422 on `currentPassword`. Every other session of the client is revoked;
 *   the one asking stays signed in. Each try counts against AUTH_RATE_LIMIT per 15 minutes, per
 *   address and per account, as sign-in does (429 past it). A common password is refused (422 on
 *   `newPassword`, docs/product.md#validation).
 * - POST /confirmation-email → 202 {}: a new "Confirm your email" email for an unconfirmed account
 *   (docs/product.md#registration); 409 `already_confirmed`; AUTH_RATE_LIMIT per 15 minutes per account.
 */
import { Hono } from 'hono';
import { changePasswordSchema, profileSchema } from '../../../shared/schemas/client.ts';
import { notificationsSchema } from '../../../shared/schemas/notifications.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { authLimiter } from '../../middleware/limits.ts';
import { limitByAddress } from '../../middleware/rate-limit.ts';
import { assertStrongPassword } from '../../services/sign-in/password-strength.ts';
import { resendEmailConfirmation } from '../../services/sign-in/registration.ts';
import {
  changeClientPassword,
  setClientEmailNotifications,
  toPublicMe,
  updateClientProfile,
} from '../../services/clients/clients.ts';
import { prepareSecurityNotice } from '../../services/sign-in/security-notices.ts';
import { validate } from '../../validation.ts';

export function clientAccountRoutes(deps: AppDeps) {
  const { db, env } = deps;
  const byAddress = authLimiter(deps, 'password-address', 'address');
  const byAccount = authLimiter(deps, 'password-account');
  const confirmations = authLimiter(deps, 'confirmation-email-account');

  return new Hono<SessionEnv<'client'>>()
    .get('/me', (c) => c.json(toPublicMe(c.var.user)))
    .patch('/profile', validate('json', profileSchema), async (c) =>
      c.json({ client: await updateClientProfile(db, c.var.user, c.req.valid('json')) }),
    )
    .put('/notifications', validate('json', notificationsSchema), async (c) => {
      const { emailNotifications } = c.req.valid('json');
      return c.json({ emailNotifications: await setClientEmailNotifications(db, c.var.user.id, emailNotifications) });
    })
    .post('/password', validate('json', changePasswordSchema), limitByAddress(byAddress, 'password:'), async (c) => {
      await byAccount.consume(`password:${c.var.user.id}`);
      const { user } = c.var;
      assertStrongPassword(c.req.valid('json').newPassword, [user.name, user.email], 'newPassword');
      const notice = await prepareSecurityNotice(
        db,
        'client',
        c.var.user.id,
        'password-changed',
        c.req.header('user-agent') ?? null,
      );
      await changeClientPassword(db, c.var.user.id, c.var.session.id, c.req.valid('json'), notice);
      return c.json({ status: 'password-changed' } as const);
    })
    .post('/confirmation-email', async (c) => {
      await confirmations.consume(`confirm:${c.var.user.id}`);
      await resendEmailConfirmation(db, c.var.user, env.SITE_URL, env.MAGIC_LINK_HOURS);
      return c.json({}, 202);
    });
}
