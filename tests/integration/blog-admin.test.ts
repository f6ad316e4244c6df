import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignInLink } from '../../src/server/services/sign-in-links.ts';
import { createTestApi } from './helpers.ts';

/** The blog editor's gate, checked on the server (SPEC.md 2.7; issue 5). */
type Api = Awaited<ReturnType<typeof createTestApi>>;
let api: Api;
let unconfigured: Api;

beforeAll(async () => {
  api = await createTestApi({
    env: { BLOG_ADMIN_PASSWORD: 'correct horse battery', AUTH_RATE_LIMIT: '3', ADMIN_EMAILS: 'staff@example.com' },
  });
  unconfigured = await createTestApi();
});
afterAll(async () => {
  await api.close();
  await unconfigured.close();
});

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

describe('blog editor gate', () => {
  it('starts locked; a wrong password is refused with "Invalid password"', async () => {
    const status = await api.call('GET', '/api/blog-admin/status');
    expect(await status.json()).toEqual({ configured: true, unlocked: false });
    const wrong = await api.call('POST', '/api/blog-admin/unlock', {
      body: { password: 'tr0ub4dor' },
      address: api.nextAddress(),
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe('Invalid password');
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it('the right password sets an httpOnly cookie that unlocks the editor; lock ends it', async () => {
    const right = await api.call('POST', '/api/blog-admin/unlock', {
      body: { password: 'correct horse battery' },
      address: api.nextAddress(),
    });
    expect(right.status).toBe(204);
    const setCookie = right.headers.getSetCookie()[0]!;
    expect(setCookie).toMatch(/^blog_editor=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = cookieOf(right);
    expect(await (await api.call('GET', '/api/blog-admin/status', { cookie })).json()).toEqual({
      configured: true,
      unlocked: true,
    });
    // A forged or altered cookie does not pass.
    const forged = `${cookie.slice(0, -3)}abc`;
    expect(await (await api.call('GET', '/api/blog-admin/status', { cookie: forged })).json()).toMatchObject({
      unlocked: false,
    });
    const lock = await api.call('POST', '/api/blog-admin/lock', { cookie });
    expect(lock.status).toBe(204);
    expect(lock.headers.getSetCookie()[0]).toMatch(/blog_editor=;/);
  });

  it('limits tries per address, with Retry-After', async () => {
    const address = api.nextAddress();
    for (let i = 0; i < 3; i++) {
      await api.call('POST', '/api/blog-admin/unlock', { body: { password: `guess ${i}` }, address });
    }
    const limited = await api.call('POST', '/api/blog-admin/unlock', {
      body: { password: 'correct horse battery' },
      address,
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers 400 for a malformed body and 422 for a missing password', async () => {
    expect((await api.call('POST', '/api/blog-admin/unlock', { body: '{', address: api.nextAddress() })).status).toBe(
      400,
    );
    expect((await api.call('POST', '/api/blog-admin/unlock', { body: {}, address: api.nextAddress() })).status).toBe(
      422,
    );
  });

  it('lets signed-in staff in without the password', async () => {
    const link = await createSignInLink(api.db, 'staff@example.com');
    const signedIn = await api.call('POST', '/api/admin/auth/link', {
      body: { token: link },
      address: api.nextAddress(),
    });
    const cookie = cookieOf(signedIn);
    expect(await (await api.call('GET', '/api/blog-admin/status', { cookie })).json()).toEqual({
      configured: true,
      unlocked: true,
    });
  });

  it('says the editor is disabled when no password is configured', async () => {
    expect(await (await unconfigured.call('GET', '/api/blog-admin/status')).json()).toEqual({
      configured: false,
      unlocked: false,
    });
    const attempt = await unconfigured.call('POST', '/api/blog-admin/unlock', { body: { password: '' } });
    expect(attempt.status).toBe(503);
    expect(((await attempt.json()) as { error: { message: string } }).error.message).toMatch(/disabled/);
  });
});
