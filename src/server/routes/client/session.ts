/**
 * A client's sign-in under /api/client (docs/product.md#portal-sign-in; ADR 0004), all public
 * (the signed-in routes are mounted behind the client guard of routes/client/index.ts).
 *
 * - GET /registration → 200 {open}: whether the sign-in screen offers 'Create one'
 *   (CLIENT_SELF_REGISTRATION; the page is prebuilt, so it asks).
 * - POST /register {name, email, company?, phone?, password} → 201 {token, client} with a session
 *   for the new client's first owner (docs/product.md#client-teams);
 *   the account is unconfirmed and a "Confirm your email" email is queued
 *   (docs/product.md#registration); 409 when the email exists in any case; 422 on `password` for a
 *   common one (docs/product.md#validation); 403 `registration_closed` when
 *   CLIENT_SELF_REGISTRATION is off.
 * - POST /login {email, password} → 200 {token, client} (the member's GET /me answer), or 200 {twoFactorRequired: true, challenge}
 *   and no session when two-step verification is on (sign-in-link.ts completes it); 401 'Invalid email or password' for an
 *   unknown email and a wrong password alike (one password verification runs in both cases);
 *   403 for a deactivated account; 429 past AUTH_RATE_LIMIT tries per 15 minutes per address
 *   or per email.
 * - POST /logout → 204, session revoked and cookie cleared (also when signed out).
 * The session travels in the httpOnly `client_session` cookie; `token` is for API clients.
 */
import { Hono } from 'hono';
import { loginSchema, registerSchema } from '../../../shared/schemas/client.ts';
import { endSession, startSession } from '../../middleware/identity.ts';
import { finishSignIn } from '../../middleware/sign-in-flow.ts';
import { assertStrongPassword } from '../../services/sign-in/password-strength.ts';
import { hashPassword } from '../../services/sign-in/passwords.ts';
import type { ApiEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { authLimiter } from '../../middleware/limits.ts';
import { limitByAddress } from '../../middleware/rate-limit.ts';
import { normalizeEmail, toPublicMe } from '../../services/clients/clients.ts';
import { checkMemberPassword, findMemberById } from '../../services/clients/members.ts';
import { registerClient } from '../../services/sign-in/registration.ts';
import { validate } from '../../validation.ts';

/** The 403 of a registration when CLIENT_SELF_REGISTRATION is off. */
const registrationClosed = () =>
  new AppError(
    403,
    'registration_closed',
    'New portal accounts are opened by our team. Please contact us and we will invite you.',
  );

export function clientSessionRoutes(deps: AppDeps) {
  const { db, env } = deps;
  const byAddress = authLimiter(deps, 'client-session-address', 'address');
  const byEmail = authLimiter(deps, 'client-session-email');

  return new Hono<ApiEnv>()
    .get('/registration', (c) => c.json({ open: env.CLIENT_SELF_REGISTRATION }))
    .post('/register', validate('json', registerSchema), limitByAddress(byAddress, 'register:'), async (c) => {
      if (!env.CLIENT_SELF_REGISTRATION) throw registrationClosed();
      const body = c.req.valid('json');
      assertStrongPassword(body.password, [body.name, body.email]);
      const client = await registerClient(
        db,
        { ...body, passwordHash: await hashPassword(body.password) },
        env.SITE_URL,
        env.MAGIC_LINK_HOURS,
      );
      const token = await startSession(c, 'client', client.owner.id, 'register');
      const me = await findMemberById(db.read, client.owner.id);
      return c.json({ token, client: toPublicMe(me!) }, 201);
    })
    .post('/login', validate('json', loginSchema), limitByAddress(byAddress, 'login:'), async (c) => {
      const { email, password } = c.req.valid('json');
      await byEmail.consume(`login:${normalizeEmail(email)}`);
      const member = await checkMemberPassword(db, email, password);
      if (!member?.joinedAt || member.erasedAt)
        throw new AppError(401, 'invalid_credentials', 'Invalid email or password');
      if (!member.client.isActive) {
        throw new AppError(403, 'account_disabled', 'This account has been deactivated. Please contact us.');
      }
      const outcome = await finishSignIn(c, 'client', member.id, 'password');
      if (outcome.twoFactorRequired)
        return c.json({ twoFactorRequired: true as const, challenge: outcome.challenge }, 200);
      return c.json({ twoFactorRequired: false as const, token: outcome.token, client: toPublicMe(member) }, 200);
    })
    .post('/logout', async (c) => {
      await endSession(c, 'client');
      return c.body(null, 204);
    });
}
