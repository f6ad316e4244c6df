/**
 * Passkeys' routes, the same for a client (/api/client) and staff (/api/admin)
 * (docs/product.md#sign-in-security):
 *
 * Signed in (`passkeyRoutes`, behind the area's guard):
 * - GET /passkeys → [{id, name, backedUp, createdAt, lastUsedAt}]
 * - POST /passkeys/registration-options → the options for `navigator.credentials.create`
 * - POST /passkeys/registration/verify (also …/registration-options/verify) {response, name} →
 *   201 the passkey; the other sessions end and an email tells of it; 400 `passkey_failed`
 * - PATCH /passkeys/:id {name} → the passkey; DELETE /passkeys/:id → 200 {removed: id} (the other
 *   sessions end, an email tells of it); 404 for a passkey not theirs
 *
 * Public (`passkeySignInRoutes`):
 * - POST /passkeys/authentication-options → the options for `navigator.credentials.get`
 * - POST /passkeys/authentication/verify (also …/authentication-options/verify) {response} →
 *   a session, as the area's sign-in answers; 400 `passkey_failed`; 429 past AUTH_RATE_LIMIT
 *   (the options: past ten times that, since each sign-in screen asks for them).
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { passkeyNameSchema } from '../../../shared/schemas/security.ts';
import type { ApiEnv, SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { authLimiter } from '../../middleware/limits.ts';
import { createLimiter, limitByAddress } from '../../middleware/rate-limit.ts';
import { listPasskeys, removePasskey, renamePasskey } from '../../services/sign-in/passkey-records.ts';
import {
  authenticateWithPasskey,
  authenticationOptions,
  registerPasskey,
  registrationOptions,
} from '../../services/sign-in/passkeys.ts';
import { applySecurityChange, prepareSecurityNotice } from '../../services/sign-in/security-notices.ts';
import type { SessionKind } from '../../services/sign-in/sessions.ts';
import { validate } from '../../validation.ts';

/** A WebAuthn response as the browser library sends it; its parts are checked by the verification. */
const responseJson = z
  .object({ id: z.string().min(1).max(1024), rawId: z.string().max(1024), type: z.literal('public-key') })
  .passthrough();
const registerBody = z.object({
  response: responseJson,
  name: passkeyNameSchema.shape.name.optional(),
});
const passkeyParam = z.object({ id: z.string().min(1).max(1024) });

export function passkeyRoutes<K extends SessionKind>(kind: K, deps: AppDeps) {
  const { db, env } = deps;
  const account = (user: SessionEnv<K>['Variables']['user']) =>
    'email' in user
      ? { id: user.id, email: user.email, name: user.name }
      : { id: user.id, email: user.username, name: user.username };
  const verify = async (c: Context<SessionEnv<K>>, { response, name }: z.infer<typeof registerBody>) => {
    const { user, session } = c.var;
    const agent = c.req.header('user-agent') ?? null;
    const notice = await prepareSecurityNotice(db, kind, user.id, 'passkey-added', agent);
    const passkey = await registerPasskey(
      db,
      env.SITE_URL,
      kind,
      user.id,
      response as unknown as RegistrationResponseJSON,
      name ?? 'Passkey',
      (tx) => applySecurityChange(tx, kind, user.id, session.id, notice),
    );
    return c.json(passkey, 201);
  };
  return new Hono<SessionEnv<K>>()
    .get('/passkeys', async (c) => c.json(await listPasskeys(db, kind, c.var.user.id)))
    .post('/passkeys/registration-options', async (c) =>
      c.json(await registrationOptions(db, env.SITE_URL, kind, account(c.var.user))),
    )
    .post('/passkeys/registration/verify', validate('json', registerBody), (c) => verify(c, c.req.valid('json')))
    .post('/passkeys/registration-options/verify', validate('json', registerBody), (c) =>
      verify(c, c.req.valid('json')),
    )
    .patch('/passkeys/:id', validate('param', passkeyParam), validate('json', passkeyNameSchema), async (c) =>
      c.json(await renamePasskey(db, kind, c.var.user.id, c.req.valid('param').id, c.req.valid('json').name)),
    )
    .delete('/passkeys/:id', validate('param', passkeyParam), async (c) => {
      const { user, session } = c.var;
      const { id } = c.req.valid('param');
      const notice = await prepareSecurityNotice(
        db,
        kind,
        user.id,
        'passkey-removed',
        c.req.header('user-agent') ?? null,
      );
      await removePasskey(db, kind, user.id, id, (tx) => applySecurityChange(tx, kind, user.id, session.id, notice));
      return c.json({ removed: id });
    });
}

/**
 * The public sign-in with a passkey of `kind`; `signIn(c, userId)` answers as the area's sign-in
 * does (a session and its JSON).
 */
export function passkeySignInRoutes(
  kind: SessionKind,
  deps: AppDeps,
  signIn: (c: Context<ApiEnv>, userId: string) => Promise<Response>,
) {
  const { db, env } = deps;
  const limiter = authLimiter(deps, `${kind}-passkey`, 'address');
  // Options are asked for each time a sign-in screen opens (the browser's passkey suggestion), so
  // they get ten times the sign-in attempts; a verification counts as an attempt.
  const optionsLimiter = createLimiter(db, {
    name: `${kind}-passkey-options`,
    points: env.AUTH_RATE_LIMIT * 10,
    durationSeconds: 15 * 60,
    message: 'Too many attempts. Please wait a few minutes.',
  });
  const verify = async (c: Context<ApiEnv>, response: unknown) => {
    const userId = await authenticateWithPasskey(db, env.SITE_URL, kind, response as AuthenticationResponseJSON);
    return signIn(c, userId);
  };
  const body = z.object({ response: responseJson });
  return new Hono<ApiEnv>()
    .post('/passkeys/authentication-options', limitByAddress(optionsLimiter), async (c) =>
      c.json(await authenticationOptions(db, env.SITE_URL, kind)),
    )
    .post('/passkeys/authentication/verify', validate('json', body), limitByAddress(limiter, 'verify:'), (c) =>
      verify(c, c.req.valid('json').response),
    )
    .post('/passkeys/authentication-options/verify', validate('json', body), limitByAddress(limiter, 'verify:'), (c) =>
      verify(c, c.req.valid('json').response),
    );
}
