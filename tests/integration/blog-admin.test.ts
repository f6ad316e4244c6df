import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignInLink } from '../../src/server/services/sign-in/sign-in-links.ts';
import { cookiesOf, createTestApi, errorOf, invalidBody, withCookie, type TestApi } from './helpers.ts';

/** The blog editor's gate, checked on the server (docs/product.md#blog-editor). */
let api: TestApi;
let unconfigured: TestApi;

const PASSWORD = 'correct horse battery';
const STAFF = 'staff@example.com';

beforeAll(async () => {
  api = await createTestApi({
    env: { BLOG_ADMIN_PASSWORD: PASSWORD, AUTH_RATE_LIMIT: '3', ADMIN_EMAILS: STAFF },
  });
  unconfigured = await createTestApi();
});
afterAll(async () => {
  await api.close();
  await unconfigured.close();
});

const status = (target: TestApi, cookie?: string) =>
  target.http['blog-admin'].status.$get({}, cookie === undefined ? {} : withCookie(cookie));

/** Signs `email` in with a one-time link from a new address; answers the session cookie. */
async function staffCookie(target: TestApi, email: string) {
  const link = await createSignInLink(target.db, email);
  const signedIn = await target.fresh().admin.auth.link.$post({ json: { token: link } });
  expect(signedIn.status).toBe(200);
  return cookiesOf(signedIn);
}

describe('blog editor gate', () => {
  it('starts locked; a wrong password is refused with "Invalid password"', async () => {
    expect(await (await status(api)).json()).toEqual({ configured: true, unlocked: false });
    const wrong = await api.fresh()['blog-admin'].unlock.$post({ json: { password: 'tr0ub4dor' } });
    expect(wrong.status).toBe(401);
    expect((await errorOf(wrong)).message).toBe('Invalid password');
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('the right password sets an httpOnly cookie that unlocks the editor; lock ends it', async () => {
    const right = await api.fresh()['blog-admin'].unlock.$post({ json: { password: PASSWORD } });
    expect(right.status).toBe(204);
    const setCookie = right.headers.getSetCookie()[0]!;
    expect(setCookie).toMatch(/^blog_editor=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = cookiesOf(right);
    expect(await (await status(api, cookie)).json()).toEqual({
      configured: true,
      unlocked: true,
    });
    // A forged or altered cookie does not pass.
    const forged = `${cookie.slice(0, -3)}abc`;
    expect(await (await status(api, forged)).json()).toMatchObject({
      unlocked: false,
    });
    const lock = await api.http['blog-admin'].lock.$post({}, withCookie(cookie));
    expect(lock.status).toBe(204);
    expect(lock.headers.getSetCookie()[0]).toMatch(/blog_editor=;/);
  });

  it('limits tries per address, with Retry-After', async () => {
    const from = api.fresh();
    for (let i = 0; i < 3; i++) {
      await from['blog-admin'].unlock.$post({ json: { password: `guess ${i}` } });
    }
    const limited = await from['blog-admin'].unlock.$post({ json: { password: PASSWORD } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers 400 for a malformed body and 422 for a missing password', async () => {
    // Raw: the typed client cannot send malformed JSON.
    const malformed = await api.raw(
      '/api/blog-admin/unlock',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' },
      api.nextAddress(),
    );
    expect(malformed.status).toBe(400);
    expect((await api.fresh()['blog-admin'].unlock.$post({ json: invalidBody({}) })).status).toBe(422);
  });

  it('lets signed-in staff in without the password', async () => {
    const cookie = await staffCookie(api, STAFF);
    expect(await (await status(api, cookie)).json()).toEqual({
      configured: true,
      unlocked: true,
    });
  });

  it('says the editor is disabled when no password is configured', async () => {
    expect(await (await status(unconfigured)).json()).toEqual({
      configured: false,
      unlocked: false,
    });
    const attempt = await unconfigured.http['blog-admin'].unlock.$post({ json: { password: '' } });
    expect(attempt.status).toBe(503);
    expect((await errorOf(attempt)).message).toMatch(/disabled/);
  });
});

describe('the staff pass (docs/product.md#sessions, docs/product.md#blog-editor)', () => {
  it('someone removed from ADMIN_EMAILS loses the dashboard and the blog editor at once, with the same session', async () => {
    const cookie = await staffCookie(api, STAFF);
    expect((await api.http.admin.me.$get({}, withCookie(cookie))).status).toBe(200);
    expect(await (await status(api, cookie)).json()).toEqual({ configured: true, unlocked: true });

    // The server restarted on the same database without their email: the session row is
    // still there, but it opens nothing any more.
    const restarted = await createTestApi({
      env: {
        DATABASE_URL: api.env.DATABASE_URL,
        BLOG_ADMIN_PASSWORD: PASSWORD,
        ADMIN_EMAILS: 'someone-else@example.com',
      },
    });
    try {
      const me = await restarted.http.admin.me.$get({}, withCookie(cookie));
      expect(me.status).toBe(401);
      expect((await errorOf(me)).code).toBe('unauthorized');
      expect(await (await status(restarted, cookie)).json()).toEqual({ configured: true, unlocked: false });
    } finally {
      await restarted.close();
    }
    // The server that still lists them lets the same session in: nothing else changed.
    expect((await api.http.admin.me.$get({}, withCookie(cookie))).status).toBe(200);
  });
});
