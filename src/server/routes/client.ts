/**
 * The client portal's API under /api/client (SPEC.md 7; issue 3).
 *
 * - POST /register {name, email, company?, phone?, password} → 201 {token, client}; 409 when the
 *   email exists in any case.
 * - POST /login {email, password} → 200 {token, client}; 401 'Invalid email or password' for an
 *   unknown email and a wrong password alike (same work in both cases); 403 for a deactivated
 *   account; 429 past AUTH_RATE_LIMIT tries per 15 minutes per address or per email.
 * - POST /logout → 204, session revoked and cookie cleared.
 * - GET /me → the client without its password hash.
 * - GET /projects → the client's projects, each with `unreadCount` (team messages not yet read).
 * - GET /projects/:projectId → {project, milestones, communications}; 404 when missing or not theirs.
 * - POST /projects/:projectId/communications {subject, message} → 201 {communication}.
 * - POST /projects/:projectId/communications/read → 200 {updated}.
 * - POST /password-reset {email} → 202 always; emails a 1-hour single-use link when the account exists.
 * - POST /password-reset/confirm {token, password} → 200; 400 for an unusable link.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import {
  loginSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  projectMessageSchema,
  registerSchema,
} from '../../shared/schemas/client.ts';
import {
  clearClientSessionCookie,
  requestToken,
  requireClient,
  setClientSessionCookie,
  type ClientEnv,
} from '../auth/client-auth.ts';
import { createClientSession, revokeClientSession, validateClientSession } from '../auth/client-sessions.ts';
import { hashPassword, verifyNothing, verifyPassword } from '../auth/passwords.ts';
import type { AppDeps } from '../deps.ts';
import { isHttpsSite } from '../env.ts';
import { AppError } from '../errors.ts';
import { clientAddress, createLimiter } from '../middleware/rate-limit.ts';
import {
  DuplicateEmailError,
  createClient,
  findClientByEmail,
  normalizeEmail,
  toPublicClient,
} from '../services/clients.ts';
import { createPasswordResetToken, usePasswordResetToken } from '../services/password-resets.ts';
import { addClientMessage, getClientProject, listClientProjects, markTeamMessagesRead } from '../services/portal.ts';
import { validate } from '../validation.ts';

/** The rate-limit window for sign-in, registration and reset attempts: 15 minutes. */
export const AUTH_WINDOW_SECONDS = 15 * 60;
const INVALID_LOGIN = 'Invalid email or password';
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

const projectParam = z.object({ projectId: z.string().min(1).max(100) });

export function clientRoutes(deps: AppDeps) {
  const { db, env } = deps;
  const secure = isHttpsSite(env);
  const byAddress = createLimiter(env.AUTH_RATE_LIMIT, AUTH_WINDOW_SECONDS, TOO_MANY);
  const byEmail = createLimiter(env.AUTH_RATE_LIMIT, AUTH_WINDOW_SECONDS, TOO_MANY);
  const signedIn = requireClient(db, secure);
  const notFound = () => new AppError(404, 'not_found', 'Project not found');

  return new Hono<ClientEnv>()
    .post('/register', validate('json', registerSchema), async (c) => {
      const body = c.req.valid('json');
      await byAddress.consume(`register:${clientAddress(c, env.TRUST_PROXY)}`);
      try {
        const client = await createClient(db, { ...body, passwordHash: await hashPassword(body.password) });
        const { token, session } = await createClientSession(db, client.id);
        setClientSessionCookie(c, token, session.expiresAt, secure);
        return c.json({ token, client: toPublicClient(client) }, 201);
      } catch (error) {
        if (error instanceof DuplicateEmailError) {
          throw new AppError(409, 'email_taken', error.message, { email: error.message });
        }
        throw error;
      }
    })
    .post('/login', validate('json', loginSchema), async (c) => {
      const { email, password } = c.req.valid('json');
      await byAddress.consume(`login:${clientAddress(c, env.TRUST_PROXY)}`);
      await byEmail.consume(`login:${normalizeEmail(email)}`);
      const client = await findClientByEmail(db, email);
      const valid = client ? await verifyPassword(client.passwordHash, password) : await verifyNothing(password);
      if (!client || !valid) throw new AppError(401, 'invalid_credentials', INVALID_LOGIN);
      if (!client.isActive) {
        throw new AppError(403, 'account_disabled', 'This account has been deactivated. Please contact us.');
      }
      const { token, session } = await createClientSession(db, client.id);
      setClientSessionCookie(c, token, session.expiresAt, secure);
      return c.json({ token, client: toPublicClient(client) }, 200);
    })
    .post('/logout', async (c) => {
      const token = requestToken(c);
      const result = token ? await validateClientSession(db, token) : null;
      if (result) await revokeClientSession(db, result.session.id);
      clearClientSessionCookie(c, secure);
      return c.body(null, 204);
    })
    .get('/me', signedIn, (c) => c.json(toPublicClient(c.get('client'))))
    .get('/projects', signedIn, async (c) => c.json(await listClientProjects(db, c.get('client').id)))
    .get('/projects/:projectId', signedIn, validate('param', projectParam), async (c) => {
      const detail = await getClientProject(db, c.get('client').id, c.req.valid('param').projectId);
      if (!detail) throw notFound();
      return c.json(detail);
    })
    .post(
      '/projects/:projectId/communications',
      signedIn,
      validate('param', projectParam),
      validate('json', projectMessageSchema),
      async (c) => {
        const message = await addClientMessage(
          db,
          c.get('client').id,
          c.req.valid('param').projectId,
          c.req.valid('json'),
        );
        if (!message) throw notFound();
        return c.json({ communication: message }, 201);
      },
    )
    .post('/projects/:projectId/communications/read', signedIn, validate('param', projectParam), async (c) => {
      const updated = await markTeamMessagesRead(db, c.get('client').id, c.req.valid('param').projectId);
      if (updated === null) throw notFound();
      return c.json({ updated });
    })
    .post('/password-reset', validate('json', passwordResetRequestSchema), async (c) => {
      const { email } = c.req.valid('json');
      await byAddress.consume(`reset:${clientAddress(c, env.TRUST_PROXY)}`);
      await byEmail.consume(`reset:${normalizeEmail(email)}`);
      deps.tasks.run('password-reset email', async () => {
        const client = await findClientByEmail(db, email);
        if (!client?.isActive) return;
        const token = await createPasswordResetToken(db, client.id);
        const link = new URL(`/portal/reset-password#token=${token}`, env.SITE_URL).href;
        await deps.mailer.send({
          to: [client.email],
          subject: 'Reset your client portal password',
          text: [
            `Hello ${client.name},`,
            '',
            'Someone asked to reset the password of your client portal account.',
            'To choose a new password, open this link within the next hour (it works once):',
            '',
            link,
            '',
            'If you did not ask for this, you can ignore this email: your password stays the same.',
          ].join('\n'),
        });
      });
      return c.json({ status: 'sent' } as const, 202);
    })
    .post('/password-reset/confirm', validate('json', passwordResetSchema), async (c) => {
      const { token, password } = c.req.valid('json');
      await byAddress.consume(`reset-confirm:${clientAddress(c, env.TRUST_PROXY)}`);
      const clientId = await usePasswordResetToken(db, token, await hashPassword(password));
      if (!clientId) {
        throw new AppError(
          400,
          'invalid_token',
          'This reset link is invalid or has expired. Please ask for a new one.',
        );
      }
      clearClientSessionCookie(c, secure);
      return c.json({ status: 'password-updated' } as const);
    });
}
