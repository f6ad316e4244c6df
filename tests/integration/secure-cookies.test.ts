/**
 * The Secure attribute of every cookie the API sets (docs/product.md#sessions): on when SITE_URL
 * is https, and when TRUST_PROXY is on and X-Forwarded-Proto (its first value) is https; the
 * header means nothing without TRUST_PROXY.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignInLink } from '../../src/server/services/sign-in/sign-in-links.ts';
import { createTestApi, type TestApi } from './helpers.ts';

const ADMIN = 'owner@example.com';
const settings = {
  ADMIN_EMAILS: ADMIN,
  AUTH_RATE_LIMIT: '1000',
  GOOGLE_CLIENT_ID: 'client-id',
  GOOGLE_CLIENT_SECRET: 'client-secret',
  BLOG_ADMIN_PASSWORD: 'editor-password',
};

let behindProxy: TestApi;
let direct: TestApi;
let httpsSite: TestApi;
beforeAll(async () => {
  behindProxy = await createTestApi({ env: { ...settings, TRUST_PROXY: 'true' } });
  direct = await createTestApi({ env: settings });
  httpsSite = await createTestApi({ env: { ...settings, SITE_URL: 'https://studio.example.com' } });
});
afterAll(async () => {
  await behindProxy.close();
  await direct.close();
  await httpsSite.close();
});

/** `name` → whether its Set-Cookie carries Secure, for every cookie `response` sets. */
function secureFlags(response: Response): Record<string, boolean> {
  const flags: Record<string, boolean> = {};
  for (const cookie of response.headers.getSetCookie()) {
    const [pair, ...attributes] = cookie.split(';').map((part) => part.trim());
    flags[pair!.split('=')[0]!] = attributes.some((a) => a.toLowerCase() === 'secure');
  }
  return flags;
}

let emails = 0;

/**
 * Every way the API sets or clears a cookie, each sent with `headers`: registration, client
 * logout, Google sign-in's start (state and verifier) and callback (clears them), the one-time
 * link (staff session), staff logout, the blog editor's unlock and lock.
 */
async function everyCookie(api: TestApi, headers: Record<string, string>): Promise<Record<string, boolean>[]> {
  const json = (body: unknown) => ({
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const address = api.nextAddress();
  const call = (path: string, init: RequestInit) => api.raw(path, init, address);
  const token = await createSignInLink(api.db, ADMIN);
  const answers = [
    await call(
      '/api/client/register',
      json({ name: 'Ada', email: `ada${++emails}@example.com`, password: 'secret-pass' }),
    ),
    await call('/api/client/logout', { method: 'POST', headers }),
    await call('/api/admin/auth/google', { headers }),
    await call('/api/admin/auth/google/callback?code=x&state=y', { headers }),
    await call('/api/admin/auth/link', json({ token })),
    await call('/api/admin/logout', { method: 'POST', headers }),
    await call('/api/blog-admin/unlock', json({ password: 'editor-password' })),
    await call('/api/blog-admin/lock', { method: 'POST', headers }),
  ];
  return answers.map(secureFlags);
}

const EXPECTED_COOKIES = [
  ['client_session'],
  ['client_session'],
  ['admin_oauth_state', 'admin_oauth_verifier'],
  ['admin_oauth_state', 'admin_oauth_verifier'],
  ['admin_session'],
  ['admin_session'],
  ['blog_editor'],
  ['blog_editor'],
];

function expectAll(flags: Record<string, boolean>[], secure: boolean) {
  expect(flags.map((f) => Object.keys(f).sort())).toEqual(EXPECTED_COOKIES);
  for (const f of flags) for (const value of Object.values(f)) expect(value).toBe(secure);
}

describe('Secure cookies', () => {
  it('behind a trusted proxy, sets Secure when X-Forwarded-Proto is https', async () => {
    expectAll(await everyCookie(behindProxy, { 'x-forwarded-proto': 'https' }), true);
    // The first value of a list is the one the client used.
    expectAll(await everyCookie(behindProxy, { 'x-forwarded-proto': 'HTTPS, http' }), true);
  });

  it('behind a trusted proxy, leaves Secure off for plain http or without the header', async () => {
    expectAll(await everyCookie(behindProxy, { 'x-forwarded-proto': 'http' }), false);
    expectAll(await everyCookie(behindProxy, { 'x-forwarded-proto': 'http, https' }), false);
    expectAll(await everyCookie(behindProxy, {}), false);
  });

  it('without TRUST_PROXY, ignores X-Forwarded-Proto', async () => {
    expectAll(await everyCookie(direct, { 'x-forwarded-proto': 'https' }), false);
  });

  it('on an https SITE_URL, always sets Secure', async () => {
    expectAll(await everyCookie(httpsSite, {}), true);
    expectAll(await everyCookie(httpsSite, { 'x-forwarded-proto': 'http' }), true);
  });
});
