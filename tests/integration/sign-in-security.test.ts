/**
 * Sign-in beyond a password (docs/product.md#sign-in-security): emailed sign-in links (single use,
 * expiring, the same answer for an unknown address), two-step verification (set-up, codes with
 * one step of grace and never the same step twice, recovery codes, the lock after five wrong
 * codes), a stolen password alone no longer opening the account, and the list of sessions.
 */
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleUseTokens, totpCredentials } from '../../db/schema/index.ts';
import { createClientSignInLink } from '../../src/server/services/sign-in/client-sign-in-links.ts';
import { checkSecondFactor } from '../../src/server/services/sign-in/totp.ts';
import { bearer, createTestApi, errorOf, signedIn, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ env: { AUTH_RATE_LIMIT: '1000', SITE_URL: 'https://studio.example.com' } });
});
afterAll(async () => {
  await api.close();
});

let seq = 0;
async function newClient() {
  const email = `secure-${++seq}-${Date.now()}@example.com`;
  const registered = await api.fresh().client.register.$post({
    json: { name: 'Secure Client', email, password: 'secret-pass' },
  });
  const { token, client } = await registered.json();
  return { token, id: client.id, memberId: client.member.id, email };
}

/**
 * Waits while the clock is within 3 seconds of the end of a 30-second step, so that a code made
 * here is checked by the server in the same step (a busy machine may take a while to answer).
 */
async function steadyStep() {
  const intoStep = Date.now() % 30_000;
  if (intoStep > 27_000) await new Promise((resolve) => setTimeout(resolve, 30_100 - intoStep));
}

const codeAt = (secret: string, ms = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: ms });

/** Turns two-step verification on for the client with `token`; returns the secret and recovery codes. */
async function enableTotp(token: string) {
  const setup = await api.http.client.totp.setup.$post({}, bearer(token));
  expect(setup.status).toBe(200);
  const { secret, uri, qrSvg } = await setup.json();
  expect(uri).toMatch(/^otpauth:\/\/totp\/First%20State%20Web%20Studio:/);
  expect(qrSvg).toMatch(/^<svg/);
  // A code of the step before is accepted too (one step of grace); it marks that step used.
  await steadyStep();
  const usedCode = codeAt(secret, Date.now() - 30_000);
  const confirmed = await api.http.client.totp.confirm.$post({ json: { code: usedCode } }, bearer(token));
  expect(confirmed.status).toBe(200);
  const { recoveryCodes } = await confirmed.json();
  return { secret, recoveryCodes, usedCode };
}

describe('sign-in links', () => {
  it('answers 202 for any address, emails a link only to a client, and the link signs in once', async () => {
    const { email, id } = await newClient();
    // The registration's "Confirm your email" goes first.
    await api.deliver();
    const before = api.outbox().length;
    for (const address of [email, 'nobody-here@example.com']) {
      const asked = await api.fresh().client['sign-in-link'].$post({ json: { email: address } });
      expect(asked.status).toBe(202);
    }
    await api.deliver();
    const mails = api.outbox().slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Your sign-in link for the client portal');
    const token = /portal\/sign-in#token=([\w-]+)/.exec(mails[0]!.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[1];
    expect(token).toBeTruthy();

    const redeem = () => api.fresh().client['sign-in-link'].redeem.$post({ json: { token: token! } });
    const first = await redeem();
    expect(first.status).toBe(200);
    const body = signedIn(await first.json());
    expect(body.client.id).toBe(id);
    expect(body.redirect).toBe('/portal');
    expect(first.headers.get('set-cookie')).toContain('client_session=');
    const again = await redeem();
    expect(again.status).toBe(410);
    expect((await errorOf(again)).message).toBe('This sign-in link has been used or has expired.');
  });

  it('refuses an expired link with 410 and lands a fresh one on the page it was made for', async () => {
    const { memberId } = await newClient();
    const old = await createClientSignInLink(
      api.db,
      memberId,
      '/portal/projects/abc',
      72,
      new Date(Date.now() - 73 * 3_600_000),
    );
    expect((await api.fresh().client['sign-in-link'].redeem.$post({ json: { token: old } })).status).toBe(410);
    const fresh = await createClientSignInLink(api.db, memberId, '/portal/projects/abc', 72);
    const answer = await api.fresh().client['sign-in-link'].redeem.$post({ json: { token: fresh } });
    expect(signedIn(await answer.json()).redirect).toBe('/portal/projects/abc');
    // A link can only land on the portal.
    const away = await createClientSignInLink(api.db, memberId, 'https://evil.example/', 72);
    const [row] = await api.db.read.select().from(singleUseTokens).where(eq(singleUseTokens.subject, memberId));
    expect(row).toBeDefined();
    expect(
      signedIn(await (await api.fresh().client['sign-in-link'].redeem.$post({ json: { token: away } })).json())
        .redirect,
    ).toBe('/portal');
  });
});

describe('two-step verification', () => {
  it('after set-up, a password alone gives no session; the code completes the sign-in, and a code never works twice', async () => {
    const { token, email } = await newClient();
    const { secret, recoveryCodes, usedCode } = await enableTotp(token);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const login = await api.fresh().client.login.$post({ json: { email, password: 'secret-pass' } });
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie') ?? '').not.toContain('client_session=');
    const first = await login.json();
    expect(first).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    const challenge = first.twoFactorRequired ? first.challenge : '';

    const second = (json: { challenge: string; code?: string; recoveryCode?: string }) =>
      api.fresh().client.login['second-factor'].$post({ json });
    // The code of the step already used at set-up is refused (replay).
    const replayed = await second({ challenge, code: usedCode });
    expect(replayed.status).toBe(400);
    expect((await errorOf(replayed)).code).toBe('invalid_code');
    await steadyStep();
    const ok = await second({ challenge, code: codeAt(secret) });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('set-cookie')).toContain('client_session=');
    // The challenge is spent, and the same code would not pass again anyway.
    const reused = await second({ challenge, code: codeAt(secret) });
    expect((await errorOf(reused)).code).toBe('challenge_expired');

    // A recovery code works once.
    const again = await (await api.fresh().client.login.$post({ json: { email, password: 'secret-pass' } })).json();
    const next = again.twoFactorRequired ? again.challenge : '';
    expect((await second({ challenge: next, recoveryCode: recoveryCodes[0]! })).status).toBe(200);
    const third = await (await api.fresh().client.login.$post({ json: { email, password: 'secret-pass' } })).json();
    const last = third.twoFactorRequired ? third.challenge : '';
    expect((await second({ challenge: last, recoveryCode: recoveryCodes[0]! })).status).toBe(400);
  });

  it('an emailed link also asks for the code when two-step verification is on', async () => {
    const { token, memberId } = await newClient();
    await enableTotp(token);
    const link = await createClientSignInLink(api.db, memberId, '/portal/projects/p1', 72);
    const answer = await (await api.fresh().client['sign-in-link'].redeem.$post({ json: { token: link } })).json();
    expect(answer).toMatchObject({ twoFactorRequired: true, redirect: '/portal/projects/p1' });
  });

  it('locks the checks after five wrong codes, longer with each further failure (fixed clock)', async () => {
    const { token, memberId } = await newClient();
    const { secret } = await enableTotp(token);
    // An hour ahead of the real clock, at the start of a 30-second step: set-up used a code of the
    // real clock's step, and steps already used are refused.
    const t0 = new Date(Math.ceil(Date.now() / 30_000) * 30_000 + 3_600_000);
    const check = (code: string, at: Date) =>
      api.db.write((tx) => checkSecondFactor(tx, 'client', memberId, { code }, at));
    for (let i = 0; i < 5; i++) expect(await check('000000', t0)).toEqual({ ok: false, reason: 'wrong' });
    const locked = await check(codeAt(secret, t0.getTime()), t0);
    expect(locked).toEqual({ ok: false, reason: 'locked', retryAfterS: 30 });
    const t1 = new Date(t0.getTime() + 31_000);
    expect(await check('000000', t1)).toEqual({ ok: false, reason: 'wrong' });
    const t2 = new Date(t1.getTime() + 1_000);
    expect(await check(codeAt(secret, t2.getTime()), t2)).toEqual({ ok: false, reason: 'locked', retryAfterS: 59 });
    const t3 = new Date(t1.getTime() + 61_000);
    expect(await check(codeAt(secret, t3.getTime()), t3)).toEqual({ ok: true, used: 'code' });
    // Two steps away from the clock is refused; one step either side passes once.
    const t4 = new Date(t3.getTime() + 120_000);
    expect(await check(codeAt(secret, t4.getTime() - 60_000), t4)).toEqual({ ok: false, reason: 'wrong' });
    expect(await check(codeAt(secret, t4.getTime() + 30_000), t4)).toEqual({ ok: true, used: 'code' });
    const [row] = await api.db.read.select().from(totpCredentials).where(eq(totpCredentials.userId, memberId));
    expect(row?.failures).toBe(0);
  });

  it('turning it on ends the other sessions and emails the person', async () => {
    const { token, email } = await newClient();
    const other = signedIn(
      await (await api.fresh().client.login.$post({ json: { email, password: 'secret-pass' } })).json(),
    );
    const before = api.outbox().length;
    await enableTotp(token);
    expect((await api.http.client.me.$get({}, bearer(other.token))).status).toBe(401);
    expect((await api.http.client.me.$get({}, bearer(token))).status).toBe(200);
    await api.deliver();
    expect(api.outbox().slice(before).join('\n')).toContain('A new sign-in method was added');
  });
});

describe('staff turn off a client’s two-step verification', () => {
  it('turns it off, ends the client’s sessions, records who did it, and answers 404 when it is off', async () => {
    const staffApi = await createTestApi({
      env: { ADMIN_EMAILS: 'owner@firststatewebstudio.com', AUTH_RATE_LIMIT: '1000' },
    });
    try {
      const staff = await staffApi.signInStaff('owner@firststatewebstudio.com');
      const registered = await staffApi.fresh().client.register.$post({
        json: { name: 'Lost Phone', email: `lost-${Date.now()}@example.com`, password: 'secret-pass' },
      });
      const { token, client } = await registered.json();
      const { secret } = await (await staffApi.http.client.totp.setup.$post({}, bearer(token))).json();
      await steadyStep();
      expect(
        (await staffApi.http.client.totp.confirm.$post({ json: { code: codeAt(secret) } }, bearer(token))).status,
      ).toBe(200);
      const shown = await (
        await staffApi.http.admin.clients[':id']['two-step'].$get({ param: { id: client.id } }, bearer(staff))
      ).json();
      expect(shown).toEqual({ twoStep: true });
      const reset = () =>
        staffApi.http.admin.clients[':id']['two-step'].$delete({ param: { id: client.id } }, bearer(staff));
      expect((await reset()).status).toBe(200);
      expect((await staffApi.http.client.me.$get({}, bearer(token))).status).toBe(401);
      expect((await reset()).status).toBe(404);
      const events = await (
        await staffApi.http.admin.events.$get({ query: { clientId: client.id } }, bearer(staff))
      ).json();
      expect(events.map((e) => e.summary)).toContain('Turned off two-step verification');
    } finally {
      await staffApi.close();
    }
  });
});

describe('sessions', () => {
  it('lists the sessions with the current one marked, signs one out, and signs out everywhere else', async () => {
    const { token, email } = await newClient();
    const others = await Promise.all(
      [1, 2].map(
        async () =>
          signedIn(await (await api.fresh().client.login.$post({ json: { email, password: 'secret-pass' } })).json())
            .token,
      ),
    );
    const list = await (await api.http.client.sessions.$get({}, bearer(token))).json();
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list[0]).toMatchObject({ device: expect.any(String), ipAddress: expect.any(String) });
    const target = list.find((s) => !s.current)!;
    const gone = await api.http.client.sessions[':id'].$delete({ param: { id: target.id } }, bearer(token));
    expect(gone.status).toBe(200);
    expect((await api.http.client.sessions[':id'].$delete({ param: { id: target.id } }, bearer(token))).status).toBe(
      404,
    );
    const rest = await api.http.client.sessions.$delete({}, bearer(token));
    expect(await rest.json()).toEqual({ signedOut: 1 });
    for (const t of others) expect((await api.http.client.me.$get({}, bearer(t))).status).toBe(401);
    expect((await api.http.client.me.$get({}, bearer(token))).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('the new sign-in routes answer 429 past AUTH_RATE_LIMIT from one address', async () => {
    const limited = await createTestApi({ env: { AUTH_RATE_LIMIT: '3' } });
    try {
      // Sign-in by link or passkey counts per address with five times the budget (an office shares
      // one address); codes count AUTH_RATE_LIMIT.
      const calls: [string, unknown, number][] = [
        // One email asked for again and again: its own count (AUTH_RATE_LIMIT) ends it first.
        ['/api/client/sign-in-link', { email: 'someone@example.com' }, 3],
        ['/api/client/sign-in-link/redeem', { token: 'not-a-real-token-at-all' }, 15],
        ['/api/client/login/second-factor', { challenge: 'not-a-real-challenge', code: '123456' }, 3],
        ['/api/client/passkeys/authentication/verify', { response: { id: 'x', rawId: 'x', type: 'public-key' } }, 15],
        ['/api/admin/login/second-factor', { challenge: 'not-a-real-challenge', code: '123456' }, 3],
        ['/api/admin/passkeys/authentication/verify', { response: { id: 'x', rawId: 'x', type: 'public-key' } }, 15],
      ];
      for (const [path, body, allowed] of calls) {
        const statuses: number[] = [];
        for (let i = 0; i <= allowed; i++) {
          const response = await limited.raw(path, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          statuses.push(response.status);
        }
        expect(statuses.slice(0, allowed), path).not.toContain(429);
        expect(statuses[allowed], path).toBe(429);
      }
      // Passkey options: each sign-in screen asks, so ten times the attempts (30 here).
      const options: number[] = [];
      for (let i = 0; i < 31; i++) {
        options.push((await limited.raw('/api/client/passkeys/authentication-options', { method: 'POST' })).status);
      }
      expect(options.slice(0, 30)).not.toContain(429);
      expect(options[30]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
