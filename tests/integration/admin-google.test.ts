import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectConsoleErrors } from '../setup/console.ts';
import { bearer, cookiesOf, createTestApi, withCookie, type TestApi } from './helpers.ts';

/** The whole OpenID flow against a local provider (oauth2-mock-server) through the endpoint override. */
let provider: OAuth2Server;
let api: TestApi;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  const issuer = provider.issuer.url!;
  api = await createTestApi({
    env: {
      GOOGLE_CLIENT_ID: 'agency-admin',
      GOOGLE_CLIENT_SECRET: 'secret',
      ADMIN_EMAILS: 'owner@agency.example',
      OIDC_AUTHORIZATION_ENDPOINT: `${issuer}/authorize`,
      OIDC_TOKEN_ENDPOINT: `${issuer}/token`,
      OIDC_JWKS_URI: `${issuer}/jwks`,
      OIDC_ISSUER: issuer,
    },
  });
});
afterAll(async () => {
  await api.close();
  await provider.stop();
});

/** Runs the flow for a provider that will claim `claims`; returns the callback's answer. */
async function signInAs(claims: Record<string, unknown>) {
  // The provider signs an access token and an ID token; both carry the claims.
  const addClaims = (token: { payload: Record<string, unknown> }) => Object.assign(token.payload, claims);
  provider.service.on('beforeTokenSigning', addClaims);
  try {
    return await runFlow();
  } finally {
    provider.service.off('beforeTokenSigning', addClaims);
  }
}

async function runFlow() {
  const start = await api.http.admin.auth.google.$get();
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('scope')).toBe('openid email profile');
  const consent = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  expect(back.pathname).toBe('/api/admin/auth/google/callback');
  return api.http.admin.auth.google.callback.$get(
    { query: Object.fromEntries(back.searchParams) },
    withCookie(cookiesOf(start)),
  );
}

describe('Google sign-in (OpenID Connect, state and PKCE)', () => {
  it('lets a verified, allowed email in with a session cookie and no token in any URL', async () => {
    const response = await signInAs({ email: 'Owner@Agency.example', email_verified: true });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/admin');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('admin_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    const token = decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!);
    const me = await api.http.admin.me.$get({}, bearer(token));
    expect(await me.json()).toMatchObject({ username: 'owner@agency.example' });
  });

  it('fills an empty display name from the ID token’s name, and never overwrites one', async () => {
    const sessionOf = (response: Response) =>
      decodeURIComponent(/admin_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '');
    const first = await signInAs({ email: 'owner@agency.example', email_verified: true, name: 'Olivia Owner' });
    const token = sessionOf(first);
    expect((await (await api.http.admin.me.$get({}, bearer(token))).json()).displayName).toBe('Olivia Owner');
    await api.http.admin.me.$patch({ json: { displayName: 'Liv' } }, bearer(token));
    const again = await signInAs({ email: 'owner@agency.example', email_verified: true, name: 'Olivia Owner' });
    expect((await (await api.http.admin.me.$get({}, bearer(sessionOf(again)))).json()).displayName).toBe('Liv');
  });

  it('sends an email that is not on the list to ?error=unauthorized', async () => {
    const response = await signInAs({ email: 'stranger@agency.example', email_verified: true });
    expect(response.headers.get('location')).toBe('/admin/login?error=unauthorized');
    expect(response.headers.getSetCookie().some((c) => c.startsWith('admin_session='))).toBe(false);
  });

  it('refuses an allowed email the provider has not verified', async () => {
    const response = await signInAs({ email: 'owner@agency.example', email_verified: false });
    expect(response.headers.get('location')).toBe('/admin/login?error=unauthorized');
  });

  it('sends a forged state to ?error=callback_failed', async () => {
    const start = await api.http.admin.auth.google.$get();
    const response = await api.http.admin.auth.google.callback.$get(
      { query: { code: 'abc', state: 'forged' } },
      withCookie(cookiesOf(start)),
    );
    expect(response.headers.get('location')).toBe('/admin/login?error=callback_failed');
  });

  it('sends an ID token for another audience to ?error=callback_failed', async () => {
    const errors = expectConsoleErrors();
    const response = await signInAs({ email: 'owner@agency.example', email_verified: true, aud: 'someone-else' });
    expect(response.headers.get('location')).toBe('/admin/login?error=callback_failed');
    expect(errors.flat().join(' ')).toContain('Google sign-in failed');
  });
});
