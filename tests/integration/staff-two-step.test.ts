/**
 * Two-step verification for staff (docs/product.md#sign-in-security): with STAFF_REQUIRE_2FA, a
 * staff member without it may only set it up (403 `two_factor_setup_required` elsewhere) and
 * cannot turn it off; with it on, a one-time link gives a challenge that the code completes.
 */
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignInLink } from '../../src/server/services/sign-in/sign-in-links.ts';
import { bearer, createTestApi, errorOf, type TestApi } from './helpers.ts';

const STAFF = 'owner@firststatewebstudio.com';
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ env: { ADMIN_EMAILS: STAFF, AUTH_RATE_LIMIT: '1000', STAFF_REQUIRE_2FA: 'true' } });
});
afterAll(async () => {
  await api.close();
});

async function steadyStep() {
  const into = Date.now() % 30_000;
  if (into > 27_000) await new Promise((resolve) => setTimeout(resolve, 30_100 - into));
}
const codeAt = (secret: string, ms = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: ms });

describe('STAFF_REQUIRE_2FA', () => {
  it('lets a staff member only set up two-step verification, then the dashboard; a link then asks for the code', async () => {
    const token = await api.signInStaff(STAFF);
    const me = await (await api.http.admin.me.$get({}, bearer(token))).json();
    expect(me).toMatchObject({ twoFactorSetupRequired: true, role: 'owner' });
    const blocked = await api.http.admin.clients.$get({ query: {} }, bearer(token));
    expect(blocked.status).toBe(403);
    expect((await errorOf(blocked)).code).toBe('two_factor_setup_required');

    const { secret } = await (await api.http.admin.totp.setup.$post({}, bearer(token))).json();
    await steadyStep();
    const used = codeAt(secret, Date.now() - 30_000);
    expect((await api.http.admin.totp.confirm.$post({ json: { code: used } }, bearer(token))).status).toBe(200);
    expect((await api.http.admin.clients.$get({ query: {} }, bearer(token))).status).toBe(200);
    const off = await api.http.admin.totp.disable.$post({ json: { code: codeAt(secret) } }, bearer(token));
    expect(off.status).toBe(409);
    expect((await errorOf(off)).code).toBe('totp_required');

    // A one-time link now gives a challenge, not a session.
    const link = await createSignInLink(api.db, STAFF);
    const first = await api.fresh().admin.auth.link.$post({ json: { token: link } });
    expect(first.headers.get('set-cookie') ?? '').not.toContain('admin_session=');
    const answer = await first.json();
    expect(answer).toMatchObject({ twoFactorRequired: true });
    const challenge = answer.twoFactorRequired ? answer.challenge : '';
    await steadyStep();
    const done = await api.fresh().admin.login['second-factor'].$post({ json: { challenge, code: codeAt(secret) } });
    expect(done.status).toBe(200);
    expect(done.headers.get('set-cookie')).toContain('admin_session=');
  });
});
