/**
 * A client's sign-in under /api/client (docs/product.md#portal-sign-in; ADR 0004), all public
 * (the signed-in routes are mounted behind the client guard of routes/client/index.ts).
 *
 * - POST /register {name, email, company?, phone?, password} → 201 {token, client}; 409 when the
 *   email exists in any case.
 * - POST /login {email, password} → 200 {token, client}, or 200 {twoFactorRequired: true, challenge}
 *   and no session when two-step verification is on (sign-in-link.ts completes it); 401 'Invalid email or password' for an
 *   unknown email and a wrong password alike (one password verification runs in both cases);
 *   403 for a deactivated account; 429 past AUTH_RATE_LIMIT tries per 15 minutes per address
 *   or per email.
 * - POST /logout → 204, session revoked and cookie cleared (also when signed out).
 * The session travels in the httpOnly `client_session` cookie; `token` is for API clients.
 */
import { Hono } from 'hono';
import { loginSchema, registerSchema } from '../../../shared/schemas/client.ts';
import { endSession, startSession } from '../../auth/identity.ts';
import { finishSignIn } from '../../auth/sign-in-flow.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { ApiEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { authLimiter } from '../../middleware/limits.ts';
import { limitByAddress } from '../../middleware/rate-limit.ts';
import { checkClientPassword, insertClient, normalizeEmail, toPublicClient } from '../../services/clients.ts';
import { validate } from '../../validation.ts';

export function clientSessionRoutes(deps: AppDeps) {
  const { db } = deps;
  const byAddress = authLimiter(deps, 'client-session-address', 'address');
  const byEmail = authLimiter(deps, 'client-session-email');

  return new Hono<ApiEnv>()
    .post('/register', validate('json', registerSchema), limitByAddress(byAddress, 'register:'), async (c) => {
      const body = c.req.valid('json');
      const client = await insertClient(db, { ...body, passwordHash: await hashPassword(body.password) });
      const token = await startSession(c, 'client', client.id, 'register');
      return c.json({ token, client: toPublicClient(client) }, 201);
    })
    .post('/login', validate('json', loginSchema), limitByAddress(byAddress, 'login:'), async (c) => {
      const { email, password } = c.req.valid('json');
      await byEmail.consume(`login:${normalizeEmail(email)}`);
      const client = await checkClientPassword(db, email, password);
      if (!client) throw new AppError(401, 'invalid_credentials', 'Invalid email or password');
      if (!client.isActive) {
        throw new AppError(403, 'account_disabled', 'This account has been deactivated. Please contact us.');
      }
      const outcome = await finishSignIn(c, 'client', client.id, 'password');
      if (outcome.twoFactorRequired)
        return c.json({ twoFactorRequired: true as const, challenge: outcome.challenge }, 200);
      return c.json({ twoFactorRequired: false as const, token: outcome.token, client: toPublicClient(client) }, 200);
    })
    .post('/logout', async (c) => {
      await endSession(c, 'client');
      return c.body(null, 204);
    });
}
