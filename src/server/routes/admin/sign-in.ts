/**
 * Staff sign-in under /api/admin/auth (docs/product.md#admin-sign-in; ADR 0005).
 *
 * - GET /config → {google: boolean}: whether Google sign-in is configured.
 * - GET /google → 302 to the OpenID provider with state and a PKCE verifier kept in short-lived
 *   httpOnly cookies; to /admin/login?error=not_configured without credentials.
 * - GET /google/callback → checks the state, exchanges the code, verifies the ID token against
 *   the provider's keys (issuer, audience, expiry). Only a verified email that may use the
 *   dashboard (services/sign-in/staff-access.ts) gets a session (cookie) and goes to /admin, or, with
 *   two-step verification on, goes to /admin/login#second-factor={challenge}; otherwise
 *   /admin/login?error=unauthorized, or ?error=callback_failed when anything fails. No token ever
 *   reaches a server in a URL.
 * - POST /link {token} → signs in with a one-time link from `npm run admin:link`: {user}, or
 *   {twoFactorRequired: true, challenge}; 400 when the link is used, expired or unknown, 403 when
 *   its email is no longer allowed.
 */
import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from 'arctic';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';
import { clearAppCookie, setAppCookie } from '../../middleware/cookies.ts';
import { finishSignIn } from '../../middleware/sign-in-flow.ts';
import type { ApiEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { createLimiter, limitByAddress } from '../../middleware/rate-limit.ts';
import { useSignInLink } from '../../services/sign-in/sign-in-links.ts';
import { staffEmailAllowed, upsertStaffUser } from '../../services/staff-users.ts';
import { validate } from '../../validation.ts';
import { log } from '../../log.ts';

const STATE_COOKIE = 'admin_oauth_state';
const VERIFIER_COOKIE = 'admin_oauth_verifier';
/** Lifetime of the state and verifier cookies, in seconds: 10 minutes. */
const FLOW_COOKIE_SECONDS = 600;
const SCOPES = ['openid', 'email', 'profile'];
/** What the provider sends back; anything missing ends on the 'callback_failed' message. */
const callbackQuery = z.object({ code: z.string().max(4096).optional(), state: z.string().max(512).optional() });

export function staffSignInRoutes(deps: AppDeps) {
  const { db, env } = deps;
  const configured = Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
  const redirectUri = new URL('/api/admin/auth/google/callback', env.SITE_URL).href;
  const oauth = new OAuth2Client(env.GOOGLE_CLIENT_ID ?? '', env.GOOGLE_CLIENT_SECRET ?? '', redirectUri);
  const jwks = createRemoteJWKSet(new URL(env.OIDC_JWKS_URI));
  const limiter = createLimiter(db, {
    name: 'admin-link',
    points: env.AUTH_RATE_LIMIT,
    durationSeconds: 15 * 60,
    message: 'Too many attempts. Please wait a few minutes.',
  });
  const toLogin = (c: Context, error: string) => c.redirect(`/admin/login?error=${error}`, 302);
  const flowCookie = {
    httpOnly: true,
    sameSite: 'Lax' as const,
    path: '/api/admin/auth',
    maxAge: FLOW_COOKIE_SECONDS,
  };

  /**
   * Exchanges the code and verifies the ID token (issuer, audience, expiry, the provider's keys).
   * Returns the email, whether the provider verified it and the `name` claim (or null), or null
   * when the exchange fails.
   */
  async function providerIdentity(code: string, verifier: string) {
    try {
      const tokens = await oauth.validateAuthorizationCode(env.OIDC_TOKEN_ENDPOINT, code, verifier);
      const { payload } = await jwtVerify(tokens.idToken(), jwks, {
        issuer: env.OIDC_ISSUER,
        audience: env.GOOGLE_CLIENT_ID,
      });
      const verified = typeof payload.email === 'string' && payload.email_verified === true;
      const name = typeof payload.name === 'string' ? payload.name : null;
      return { email: String(payload.email ?? '').toLowerCase(), verified, name };
    } catch (error) {
      log.error({ component: 'admin', err: error }, 'Google sign-in failed');
      return null;
    }
  }

  /**
   * Signs `email` in after `method`: a session, or the second step when two-step verification is
   * on. `name` (Google's) fills an empty display name.
   */
  async function signIn(c: Context<ApiEnv>, email: string, method: string, name?: string | null) {
    const user = await upsertStaffUser(db, email, new Date(), name);
    return { user, outcome: await finishSignIn(c, 'staff', user.id, method) };
  }

  return new Hono<ApiEnv>()
    .get('/config', (c) => c.json({ google: configured }))
    .get('/google', (c) => {
      if (!configured) return toLogin(c, 'not_configured');
      const state = generateState();
      const verifier = generateCodeVerifier();
      setAppCookie(c, STATE_COOKIE, state, flowCookie);
      setAppCookie(c, VERIFIER_COOKIE, verifier, flowCookie);
      const url = oauth.createAuthorizationURLWithPKCE(
        env.OIDC_AUTHORIZATION_ENDPOINT,
        state,
        CodeChallengeMethod.S256,
        verifier,
        SCOPES,
      );
      return c.redirect(url.href, 302);
    })
    .get('/google/callback', validate('query', callbackQuery), async (c) => {
      const state = getCookie(c, STATE_COOKIE);
      const verifier = getCookie(c, VERIFIER_COOKIE);
      clearAppCookie(c, STATE_COOKIE, flowCookie);
      clearAppCookie(c, VERIFIER_COOKIE, flowCookie);
      const { code, state: returnedState } = c.req.valid('query');
      if (!configured || !code || !state || !verifier || returnedState !== state) {
        return toLogin(c, 'callback_failed');
      }
      const identity = await providerIdentity(code, verifier);
      if (!identity) return toLogin(c, 'callback_failed');
      if (!identity.verified || !(await staffEmailAllowed(db, env.ADMIN_EMAILS, identity.email))) {
        return toLogin(c, 'unauthorized');
      }
      const { outcome } = await signIn(c, identity.email, 'google', identity.name);
      // The challenge travels after `#`, which the browser keeps to itself.
      if (outcome.twoFactorRequired) return c.redirect(`/admin/login#second-factor=${outcome.challenge}`, 302);
      return c.redirect('/admin', 302);
    })
    .post(
      '/link',
      validate('json', z.object({ token: z.string().min(10).max(200) })),
      limitByAddress(limiter, 'admin-link:'),
      async (c) => {
        const email = await useSignInLink(db, c.req.valid('json').token);
        if (!email) throw new AppError(400, 'invalid_link', 'This sign-in link is invalid, used or expired.');
        if (!(await staffEmailAllowed(db, env.ADMIN_EMAILS, email))) {
          throw new AppError(
            403,
            'forbidden',
            'Access denied. Only authorized email addresses can access the admin panel.',
          );
        }
        const { user, outcome } = await signIn(c, email, 'link');
        if (outcome.twoFactorRequired) {
          return c.json({ twoFactorRequired: true as const, challenge: outcome.challenge });
        }
        return c.json({ twoFactorRequired: false as const, user: { id: user.id, username: user.username } });
      },
    );
}
