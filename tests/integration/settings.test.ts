/**
 * The settings of docs/product.md#settings-screen through the API: a client's profile, email
 * notifications and password, a staff member's own notifications, and the one-click unsubscribe
 * link (RFC 8058) with its signed token.
 */
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMembers, clients, signingKeys, users } from '../../db/schema/index.ts';
import { InvalidTokenError } from '../../src/server/errors.ts';
import { openDatabaseHandle } from '../support/database.ts';
import { createSignInLink } from '../../src/server/services/sign-in/sign-in-links.ts';
import {
  createUnsubscribeToken,
  unsubscribeLinks,
  verifyUnsubscribeToken,
} from '../../src/server/services/email/unsubscribe.ts';
import { bearer, createTestApi, errorOf, invalidBody, withCookie, type TestApi, signedIn } from './helpers.ts';

let api: TestApi;
const STAFF = 'settings-staff@firststatewebstudio.com';
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  api = await createTestApi({ env: { ADMIN_EMAILS: STAFF, AUTH_RATE_LIMIT: '1000' } });
});
afterAll(async () => {
  await api.close();
});

let seq = 0;
/** Registers a client from a new address; returns its token, id, its owner's (the person's) id and password. */
async function newClient(fields: { company?: string; phone?: string } = {}) {
  const body = {
    name: 'Morgan Settings',
    email: `settings${++seq}-${Date.now()}@example.com`,
    password: 'first-pass',
    ...fields,
  };
  const response = await api.fresh().client.register.$post({ json: body });
  expect(response.status).toBe(201);
  const { token, client } = await response.json();
  return { token, id: client.id, memberId: client.member.id, email: body.email, password: body.password };
}

/** The client's row (the business). */
async function rowOf(id: string) {
  const [row] = await api.db.read.select().from(clients).where(eq(clients.id, id));
  return row!;
}

/** The member's row (the person who signs in: their password and notification setting). */
async function memberRowOf(memberId: string) {
  const [row] = await api.db.read.select().from(clientMembers).where(eq(clientMembers.id, memberId));
  return row!;
}

describe('PATCH /api/client/profile', () => {
  it('saves name, company and phone and answers the client as GET /me shows it', async () => {
    const { token, id, email } = await newClient();
    const response = await api.http.client.profile.$patch(
      { json: { name: '  Morgan Renamed ', company: 'Renamed LLC', phone: '302-555-0199' } },
      bearer(token),
    );
    expect(response.status).toBe(200);
    const { client } = await response.json();
    expect(client).toMatchObject({ id, email, name: 'Morgan Renamed', company: 'Renamed LLC', phone: '302-555-0199' });
    const me = await (await api.http.client.me.$get({}, bearer(token))).json();
    expect(me).toEqual(client);
    expect(JSON.stringify(client)).not.toMatch(/password|argon2/i);
  });

  it('removes a company and phone sent empty', async () => {
    const { token, id } = await newClient({ company: 'Old Co', phone: '302-555-0100' });
    const response = await api.http.client.profile.$patch(
      { json: { name: 'Morgan Settings', company: '', phone: '' } },
      bearer(token),
    );
    expect(response.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ company: null, phone: null });
  });

  it.each([
    [{ name: 'M' }, 'name', 'Name must be at least 2 characters'],
    [{ name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
    [{ company: 'c'.repeat(201) }, 'company', 'Company must be at most 200 characters'],
    [{ phone: '1'.repeat(41) }, 'phone', 'Phone must be at most 40 characters'],
  ])('refuses %j with 422 and the registration message, changing nothing', async (overrides, field, message) => {
    const { token, id, memberId } = await newClient({ company: 'Kept Co', phone: '302-555-0101' });
    const before = await rowOf(id);
    const memberBefore = await memberRowOf(memberId);
    const response = await api.http.client.profile.$patch(
      { json: { name: 'Valid Name', company: 'New Co', phone: '302-555-0102', ...overrides } },
      bearer(token),
    );
    expect(response.status).toBe(422);
    expect((await errorOf(response)).fields?.[field]).toBe(message);
    expect(await rowOf(id)).toEqual(before);
    expect(await memberRowOf(memberId)).toEqual(memberBefore);
  });

  it('refuses a missing name with 422', async () => {
    const { token } = await newClient();
    const response = await api.http.client.profile.$patch(
      { json: invalidBody({ company: 'No Name Co' }) },
      bearer(token),
    );
    expect(response.status).toBe(422);
    expect((await errorOf(response)).fields?.name).toBe('Name must be at least 2 characters');
  });

  it('does not change the email, whatever the body says', async () => {
    const { token, id, memberId, email } = await newClient();
    const response = await api.http.client.profile.$patch(
      { json: invalidBody({ name: 'Morgan Settings', email: 'someone-else@example.com' }) },
      bearer(token),
    );
    expect(response.status).toBe(200);
    expect((await rowOf(id)).email).toBe(email);
    expect((await memberRowOf(memberId)).email).toBe(email);
  });

  it('answers 400 to malformed JSON and changes nothing', async () => {
    const { token, id, memberId } = await newClient();
    const before = await rowOf(id);
    const memberBefore = await memberRowOf(memberId);
    // Raw: the typed client cannot send malformed JSON.
    const malformed = await api.raw('/api/client/profile', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{"name":',
    });
    expect(malformed.status).toBe(400);
    expect(await rowOf(id)).toEqual(before);
    expect(await memberRowOf(memberId)).toEqual(memberBefore);
  });
});

describe('PUT /api/client/notifications', () => {
  it('is on for a new client, in GET /me too, and turns off and on again', async () => {
    const { token, memberId } = await newClient();
    expect((await (await api.http.client.me.$get({}, bearer(token))).json()).emailNotifications).toBe(true);

    const off = await api.http.client.notifications.$put({ json: { emailNotifications: false } }, bearer(token));
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ emailNotifications: false });
    expect((await memberRowOf(memberId)).emailNotifications).toBe(false);
    expect((await (await api.http.client.me.$get({}, bearer(token))).json()).emailNotifications).toBe(false);

    const on = await api.http.client.notifications.$put({ json: { emailNotifications: true } }, bearer(token));
    expect(await on.json()).toEqual({ emailNotifications: true });
    expect((await memberRowOf(memberId)).emailNotifications).toBe(true);
  });

  it('refuses a value that is not a boolean with 422, changing nothing', async () => {
    const { token, memberId } = await newClient();
    const response = await api.http.client.notifications.$put(
      { json: invalidBody({ emailNotifications: 'no' }) },
      bearer(token),
    );
    expect(response.status).toBe(422);
    expect((await errorOf(response)).fields?.emailNotifications).toBe('emailNotifications must be true or false');
    expect((await memberRowOf(memberId)).emailNotifications).toBe(true);
  });
});

describe('POST /api/client/password', () => {
  it('refuses a wrong current password with 422 on currentPassword and keeps the old one', async () => {
    const { token, memberId, email, password } = await newClient();
    const before = await memberRowOf(memberId);
    const response = await api.http.client.password.$post(
      { json: { currentPassword: 'not-the-password', newPassword: 'second-pass' } },
      bearer(token),
    );
    expect(response.status).toBe(422);
    expect((await errorOf(response)).fields).toEqual({ currentPassword: 'Current password is incorrect' });
    expect((await memberRowOf(memberId)).passwordHash).toBe(before.passwordHash);
    expect((await api.fresh().client.login.$post({ json: { email, password } })).status).toBe(200);
  });

  it.each([
    [{ newPassword: '12345' }, 'newPassword', 'Password must be at least 6 characters'],
    [{ newPassword: 'x'.repeat(129) }, 'newPassword', 'Password must be at most 128 characters'],
    [{ currentPassword: '' }, 'currentPassword', 'Current password is required'],
  ])('refuses %j with 422 and the field message', async (overrides, field, message) => {
    const { token, memberId, password } = await newClient();
    const before = await memberRowOf(memberId);
    const response = await api.http.client.password.$post(
      { json: { currentPassword: password, newPassword: 'second-pass', ...overrides } },
      bearer(token),
    );
    expect(response.status).toBe(422);
    expect((await errorOf(response)).fields?.[field]).toBe(message);
    expect((await memberRowOf(memberId)).passwordHash).toBe(before.passwordHash);
  });

  it('replaces the hash, signs out every other session but keeps this one, and the new password signs in', async () => {
    const { token: current, memberId, email, password } = await newClient();
    const other = await api.fresh().client.login.$post({ json: { email, password } });
    const otherToken = signedIn(await other.json()).token;
    const otherCookie = other.headers.get('set-cookie')!.split(';')[0]!;
    expect((await api.http.client.me.$get({}, withCookie(otherCookie))).status).toBe(200);
    const before = await memberRowOf(memberId);

    const response = await api.http.client.password.$post(
      { json: { currentPassword: password, newPassword: 'second-pass' } },
      bearer(current),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'password-changed' });

    const after = await memberRowOf(memberId);
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(after.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await api.http.client.me.$get({}, bearer(otherToken))).status).toBe(401);
    expect((await api.http.client.me.$get({}, withCookie(otherCookie))).status).toBe(401);
    expect((await api.http.client.me.$get({}, bearer(current))).status).toBe(200);
    expect((await api.fresh().client.login.$post({ json: { email, password } })).status).toBe(401);
    expect((await api.fresh().client.login.$post({ json: { email, password: 'second-pass' } })).status).toBe(200);
  });

  it('counts each try against the sign-in limit, per address and per account', async () => {
    const limited = await createTestApi({ env: { AUTH_RATE_LIMIT: '2' } });
    try {
      const registered = await limited.fresh().client.register.$post({
        json: { name: 'Limited Client', email: 'limited@example.com', password: 'first-pass' },
      });
      const { token } = await registered.json();
      const attempt = (address: string) =>
        limited
          .as(address)
          .client.password.$post(
            { json: { currentPassword: 'wrong-guess', newPassword: 'second-pass' } },
            bearer(token),
          );
      expect((await attempt('192.0.2.10')).status).toBe(422);
      expect((await attempt('192.0.2.10')).status).toBe(422);
      const third = await attempt('192.0.2.10');
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
      // Another address, same account: the account's own count is spent too.
      expect((await attempt('192.0.2.11')).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('staff email notifications', () => {
  async function staffToken() {
    const link = await createSignInLink(api.db, STAFF);
    const response = await api.fresh().admin.auth.link.$post({ json: { token: link } });
    expect(response.status).toBe(200);
    return decodeURIComponent(response.headers.get('set-cookie')!.match(/admin_session=([^;]+)/)![1]!);
  }

  it('GET /me says the setting; PUT /me/notifications turns it off and on for this staff member only', async () => {
    const token = await staffToken();
    const me = await api.http.admin.me.$get({}, bearer(token));
    expect(await me.json()).toMatchObject({ username: STAFF, emailNotifications: true });

    const off = await api.http.admin.me.notifications.$put({ json: { emailNotifications: false } }, bearer(token));
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ emailNotifications: false });
    const [row] = await api.db.read.select().from(users).where(eq(users.username, STAFF));
    expect(row?.emailNotifications).toBe(false);
    expect((await (await api.http.admin.me.$get({}, bearer(token))).json()).emailNotifications).toBe(false);

    const on = await api.http.admin.me.notifications.$put({ json: { emailNotifications: true } }, bearer(token));
    expect(await on.json()).toEqual({ emailNotifications: true });
  });

  it('refuses a non-boolean with 422', async () => {
    const token = await staffToken();
    const invalid = await api.http.admin.me.notifications.$put(
      { json: invalidBody({ emailNotifications: 1 }) },
      bearer(token),
    );
    expect(invalid.status).toBe(422);
  });
});

describe('one-click unsubscribe', () => {
  /** The HMAC key the server made for unsubscribe links (created by the first token). */
  async function unsubscribeKey(): Promise<Uint8Array> {
    const [row] = await api.db.read.select().from(signingKeys).where(eq(signingKeys.name, 'unsubscribe'));
    return new Uint8Array(row!.key);
  }

  /** The RFC 8058 request a mail provider sends: a form body, no cookie, no Origin. */
  function oneClick(token: string) {
    // Raw: the typed client sends JSON only, and this is the form-encoded body of RFC 8058.
    return api.raw(`/api/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
  }

  it('makes absolute page and one-click addresses under SITE_URL with a token for the client', async () => {
    const { memberId } = await newClient();
    const { pageUrl, postUrl } = await unsubscribeLinks(api.db, 'https://example.test', memberId);
    const page = new URL(pageUrl);
    const post = new URL(postUrl);
    expect(`${page.origin}${page.pathname}`).toBe('https://example.test/unsubscribe');
    expect(`${post.origin}${post.pathname}`).toBe('https://example.test/api/unsubscribe');
    expect(page.searchParams.get('token')).toBe(post.searchParams.get('token'));
    expect(await verifyUnsubscribeToken(api.db, page.searchParams.get('token')!)).toBe(memberId);
  });

  it('turns emails off with the form-encoded one-click POST, and again without harm', async () => {
    const { memberId } = await newClient();
    const token = await createUnsubscribeToken(api.db, memberId);
    const first = await oneClick(token);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ unsubscribed: true });
    expect((await memberRowOf(memberId)).emailNotifications).toBe(false);
    const again = await oneClick(token);
    expect(again.status).toBe(200);
    expect((await memberRowOf(memberId)).emailNotifications).toBe(false);
  });

  it('accepts a multipart form, and the empty POST of the /unsubscribe page', async () => {
    const a = await newClient();
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    // Raw: a multipart body, which RFC 8058 also allows.
    const multipart = await api.raw(
      `/api/unsubscribe?token=${encodeURIComponent(await createUnsubscribeToken(api.db, a.memberId))}`,
      { method: 'POST', body: form },
    );
    expect(multipart.status).toBe(200);
    expect((await memberRowOf(a.memberId)).emailNotifications).toBe(false);

    const b = await newClient();
    const empty = await api.http.unsubscribe.$post({
      query: { token: await createUnsubscribeToken(api.db, b.memberId) },
    });
    expect(empty.status).toBe(200);
    expect((await memberRowOf(b.memberId)).emailNotifications).toBe(false);
  });

  it('refuses a body of another type with 415', async () => {
    const { memberId } = await newClient();
    // Raw: a text/plain body, which the typed client cannot send.
    const response = await api.raw(
      `/api/unsubscribe?token=${encodeURIComponent(await createUnsubscribeToken(api.db, memberId))}`,
      { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'List-Unsubscribe=One-Click' },
    );
    expect(response.status).toBe(415);
    expect((await memberRowOf(memberId)).emailNotifications).toBe(true);
  });

  it('GET checks a token without changing anything, and sends a browser to the page', async () => {
    const { memberId } = await newClient();
    const token = await createUnsubscribeToken(api.db, memberId);
    const check = await api.http.unsubscribe.$get({ query: { token } });
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ valid: true });
    const browser = await api.http.unsubscribe.$get({ query: { token } }, { headers: { accept: 'text/html' } });
    expect(browser.status).toBe(303);
    expect(browser.headers.get('location')).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect((await memberRowOf(memberId)).emailNotifications).toBe(true);
  });

  describe('refuses, with 400 and nothing changed,', () => {
    const cases: [string, (memberId: string) => Promise<string>, string][] = [
      [
        'a token signed with another key',
        async (memberId) =>
          new SignJWT({})
            .setProtectedHeader({ alg: 'HS256' })
            .setSubject(memberId)
            .setAudience('unsubscribe')
            .setExpirationTime('180d')
            .sign(crypto.getRandomValues(new Uint8Array(32))),
        'forged',
      ],
      [
        'an expired token',
        (memberId) => createUnsubscribeToken(api.db, memberId, new Date(Date.now() - 181 * DAY_MS)),
        'expired',
      ],
      [
        'a token made for another purpose',
        async (memberId) =>
          new SignJWT({})
            .setProtectedHeader({ alg: 'HS256' })
            .setSubject(memberId)
            .setAudience('password-reset')
            .setExpirationTime('180d')
            .sign(await unsubscribeKey()),
        'wrong_purpose',
      ],
      [
        'an altered token',
        async (memberId) => {
          const [header, , signature] = (await createUnsubscribeToken(api.db, memberId)).split('.');
          const payload = Buffer.from(JSON.stringify({ sub: 'someone-else', aud: 'unsubscribe', exp: 4e9 }));
          return `${header}.${payload.toString('base64url')}.${signature}`;
        },
        'forged',
      ],
      ['a token that is not a JWT', async () => 'not-a-token', 'forged'],
    ];

    it.each(cases)('%s', async (_what, makeToken, reason) => {
      // The first token makes the key, so the "other purpose" case can sign with it.
      const { memberId } = await newClient();
      await createUnsubscribeToken(api.db, memberId);
      const token = await makeToken(memberId);

      await expect(verifyUnsubscribeToken(api.db, token)).rejects.toMatchObject({ reason });
      await expect(verifyUnsubscribeToken(api.db, token)).rejects.toBeInstanceOf(InvalidTokenError);
      const response = await oneClick(token);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toEqual({
        code: 'invalid_unsubscribe_link',
        message: 'This unsubscribe link is not valid or has expired. Sign in and turn emails off in your settings.',
      });
      expect((await api.http.unsubscribe.$get({ query: { token } })).status).toBe(400);
      expect((await memberRowOf(memberId)).emailNotifications).toBe(true);
    });
  });

  it('still accepts a token 179 days old', async () => {
    const { memberId } = await newClient();
    const token = await createUnsubscribeToken(api.db, memberId, new Date(Date.now() - 179 * DAY_MS));
    expect((await oneClick(token)).status).toBe(200);
  });

  it('refuses a token of a deleted client with 400', async () => {
    const { id, memberId } = await newClient();
    const token = await createUnsubscribeToken(api.db, memberId);
    await api.db.write((tx) => tx.delete(clients).where(eq(clients.id, id)));
    expect((await oneClick(token)).status).toBe(400);
    expect((await api.http.unsubscribe.$get({ query: { token } })).status).toBe(400);
  });

  it('keeps one key: a second process over the same database verifies the first one’s tokens', async () => {
    const { memberId } = await newClient();
    const token = await createUnsubscribeToken(api.db, memberId);
    const keys = await api.db.read.select().from(signingKeys);
    expect(keys.filter((k) => k.name === 'unsubscribe')).toHaveLength(1);
    expect(keys[0]!.key).toHaveLength(32);
    // Another process opens its own connection: the same file, no cached key.
    const other = await openDatabaseHandle(api.env.DATABASE_URL);
    try {
      expect(await verifyUnsubscribeToken(other.db, token)).toBe(memberId);
      expect(await other.db.read.select().from(signingKeys)).toHaveLength(1);
    } finally {
      other.client.close();
    }
  });
});
