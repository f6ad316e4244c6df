/**
 * The end of every sign-in (docs/product.md#sign-in-security; docs/decisions/0031-sign-in-methods.md):
 * a first factor passed (a password, an emailed link, Google, an invitation) gives a session, or,
 * when the account has two-step verification on, a challenge that a code completes. A passkey
 * counts as both factors and always gives a session.
 */
import type { Context } from 'hono';
import type { ApiEnv } from '../context.ts';
import { createSecondFactorChallenge } from '../services/sign-in/second-factor.ts';
import type { SessionKind } from '../services/sign-in/sessions.ts';
import { totpEnabled } from '../services/sign-in/totp.ts';
import { startSession } from './identity.ts';

/** A sign-in's outcome: a session's token, or the challenge of the second step. */
export type SignInOutcome =
  { twoFactorRequired: true; challenge: string } | { twoFactorRequired: false; token: string };

/**
 * Signs `userId` of `kind` in after `method` (password, link, google, invitation, passkey,
 * second-factor): a session and its cookie, unless a second step is needed; `redirectPath` is kept
 * with the challenge for the page the sign-in lands on.
 */
export async function finishSignIn(
  c: Context<ApiEnv>,
  kind: SessionKind,
  userId: string,
  method: string,
  redirectPath: string | null = null,
): Promise<SignInOutcome> {
  const { db } = c.var.deps;
  const bothFactors = method === 'passkey' || method === 'second-factor';
  if (!bothFactors && (await totpEnabled(db.read, kind, userId))) {
    return {
      twoFactorRequired: true,
      challenge: await createSecondFactorChallenge(db, kind, userId, method, redirectPath),
    };
  }
  return { twoFactorRequired: false, token: await startSession(c, kind, userId, method) };
}
