/**
 * Password resets under /api/client/password-reset (docs/product.md#password-reset).
 *
 * - POST / {email} → 202 always; queues an email with a 1-hour single-use link (token after `#`)
 *   when an active account has that email (services/email/account-emails.ts), so nobody learns which
 *   emails have accounts.
 * - POST /confirm {token, password} → 200; 400 for a used, expired or unknown link; 422 on
 *   `password` for a common one (docs/product.md#validation). The email counts as confirmed. Every
 *   session of the client is revoked, and `session-ended` closes its live streams
 *   (docs/product.md#live-updates).
 * 429 past AUTH_RATE_LIMIT tries per 15 minutes per address (and per email for requests).
 */
import { Hono } from 'hono';
import { passwordResetRequestSchema, passwordResetSchema } from '../../../shared/schemas/client.ts';
import { clearSessionCookie } from '../../middleware/identity.ts';
import { assertStrongPassword } from '../../services/sign-in/password-strength.ts';
import { hashPassword } from '../../services/sign-in/passwords.ts';
import type { ApiEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { authLimiter } from '../../middleware/limits.ts';
import { limitByAddress } from '../../middleware/rate-limit.ts';
import { requestPasswordReset } from '../../services/email/account-emails.ts';
import { normalizeEmail } from '../../services/clients/clients.ts';
import { usePasswordResetToken } from '../../services/sign-in/password-resets.ts';
import { validate } from '../../validation.ts';

export function passwordResetRoutes(deps: AppDeps) {
  const { db, env } = deps;
  const byAddress = authLimiter(deps, 'reset-address', 'address');
  const byEmail = authLimiter(deps, 'reset-email');

  return new Hono<ApiEnv>()
    .post('/', validate('json', passwordResetRequestSchema), limitByAddress(byAddress, 'reset:'), async (c) => {
      const { email } = c.req.valid('json');
      await byEmail.consume(`reset:${normalizeEmail(email)}`);
      // The token and its email are stored before the answer, whether or not the address has an
      // account (the answer is the same); the notification worker sends the email.
      await requestPasswordReset(db, email, env.SITE_URL);
      return c.json({ status: 'sent' } as const, 202);
    })
    .post('/confirm', validate('json', passwordResetSchema), limitByAddress(byAddress, 'reset-confirm:'), async (c) => {
      const { token, password } = c.req.valid('json');
      assertStrongPassword(password);
      const clientId = await usePasswordResetToken(db, token, await hashPassword(password));
      if (!clientId) {
        throw new AppError(
          400,
          'invalid_token',
          'This reset link is invalid or has expired. Please ask for a new one.',
        );
      }
      clearSessionCookie(c, 'client');
      return c.json({ status: 'password-updated' } as const);
    });
}
