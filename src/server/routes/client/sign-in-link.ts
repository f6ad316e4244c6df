/**
 * A client's sign-in by emailed link and the second step of a sign-in, under /api/client, public
 * (docs/product.md#sign-in-security):
 *
 * - POST /sign-in-link {email} → 202 {} whatever the address (an active client's gets an email);
 *   429 past AUTH_RATE_LIMIT per 15 minutes per address or per email.
 * - POST /sign-in-link/redeem {token} → 200 {twoFactorRequired: false, token, client, redirect}
 *   with a session, or {twoFactorRequired: true, challenge, redirect}; 410 `link_expired` for a
 *   used, expired or unknown link.
 * - POST /login/second-factor {challenge, code | recoveryCode} → 200 {token, client, redirect}
 *   with a session; 400 `challenge_expired` or `invalid_code`; 429 after repeated wrong codes.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { emailField } from '../../../shared/schemas/fields.ts';
import { secondFactorSchema } from '../../../shared/schemas/security.ts';
import { startSession } from '../../middleware/identity.ts';
import { passkeySignInRoutes } from '../account/passkeys.ts';
import { finishSignIn } from '../../middleware/sign-in-flow.ts';
import type { ApiEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { authLimiter } from '../../middleware/limits.ts';
import { limitByAddress } from '../../middleware/rate-limit.ts';
import { redeemClientSignInLink, requestClientSignInLink } from '../../services/sign-in/client-sign-in-links.ts';
import { normalizeEmail, toPublicMe } from '../../services/clients/clients.ts';
import { findMemberById } from '../../services/clients/members.ts';
import { completeSecondFactor } from '../../services/sign-in/second-factor.ts';
import { validate } from '../../validation.ts';

/** Sign-in with a passkey (routes/account/passkeys.ts): 200 {token, client} with a session. */
export function clientPasskeySignInRoutes(deps: AppDeps) {
  return passkeySignInRoutes('client', deps, async (c, memberId) => {
    const member = await findMemberById(deps.db.read, memberId);
    if (!member?.client.isActive || !member.joinedAt || member.erasedAt) {
      throw new AppError(403, 'account_disabled', 'This account has been deactivated. Please contact us.');
    }
    const token = await startSession(c, 'client', member.id, 'passkey');
    return c.json({ token, client: toPublicMe(member) });
  });
}

export function clientSignInLinkRoutes(deps: AppDeps) {
  const { db, env } = deps;
  const byAddress = authLimiter(deps, 'client-link-address', 'address');
  const byEmail = authLimiter(deps, 'client-link-email');
  const codes = authLimiter(deps, 'client-second-factor');
  const publicClient = async (memberId: string) => {
    const member = await findMemberById(db.read, memberId);
    if (!member) throw new AppError(410, 'link_expired', 'This sign-in link has been used or has expired.');
    return toPublicMe(member);
  };

  return new Hono<ApiEnv>()
    .post(
      '/sign-in-link',
      validate('json', z.object({ email: emailField })),
      limitByAddress(byAddress, 'request:'),
      async (c) => {
        const { email } = c.req.valid('json');
        await byEmail.consume(`request:${normalizeEmail(email)}`);
        await requestClientSignInLink(db, email, env.SITE_URL, env.MAGIC_LINK_HOURS);
        return c.json({}, 202);
      },
    )
    .post(
      '/sign-in-link/redeem',
      validate('json', z.object({ token: z.string().min(10).max(200) })),
      limitByAddress(byAddress, 'redeem:'),
      async (c) => {
        const link = await redeemClientSignInLink(db, c.req.valid('json').token);
        if (!link) throw new AppError(410, 'link_expired', 'This sign-in link has been used or has expired.');
        const outcome = await finishSignIn(c, 'client', link.memberId, 'link', link.redirectPath);
        if (outcome.twoFactorRequired) {
          return c.json({
            twoFactorRequired: true as const,
            challenge: outcome.challenge,
            redirect: link.redirectPath,
          });
        }
        const client = await publicClient(link.memberId);
        return c.json({ twoFactorRequired: false as const, token: outcome.token, client, redirect: link.redirectPath });
      },
    )
    .post('/login/second-factor', validate('json', secondFactorSchema), limitByAddress(codes, 'code:'), async (c) => {
      const { challenge, code, recoveryCode } = c.req.valid('json');
      const done = await completeSecondFactor(db, 'client', challenge, { code, recoveryCode });
      const token = await startSession(c, 'client', done.userId, `${done.method}+code`);
      return c.json({ token, client: await publicClient(done.userId), redirect: done.redirectPath ?? '/portal' });
    });
}
