/**
 * Self-registration (docs/product.md#registration): the account is unconfirmed until the emailed
 * link is opened, staff see it marked and can filter it, it does not count on the dashboard, the
 * sweep deletes one left unconfirmed for 7 days, common passwords are refused, and
 * CLIENT_SELF_REGISTRATION=false closes registration.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, passkeys, projects } from '../../db/schema/index.ts';
import { createPasswordResetToken } from '../../src/server/services/sign-in/password-resets.ts';
import { deleteUnconfirmedClients, UNCONFIRMED_TTL_MS } from '../../src/server/services/sign-in/registration.ts';
import { bearer, createTestApi, errorOf, withStaffApi, type TestApi } from './helpers.ts';

const STAFF = 'owner@example.com';
const suite = withStaffApi(STAFF, { SITE_URL: 'https://studio.example.com' });

const register = (name: string, email: string, password = 'quiet-harbour-47') =>
  suite.api.fresh().client.register.$post({ json: { name, email, password } });

function confirmationToken(email: string): string {
  const mail = suite.api
    .outbox()
    .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .find((m) => m.includes(`To: ${email}`) && m.includes('Subject: Confirm your email'));
  return /sign-in#token=([\w-]+)/.exec(mail ?? '')?.[1] ?? '';
}

const staffList = async (query: Record<string, string> = {}) => {
  const response = await suite.api.http.admin.clients.$get({ query }, suite.staff());
  expect(response.status).toBe(200);
  return (await response.json()).items;
};

describe('registration', () => {
  it('signs in at once, but the account stays unconfirmed until the emailed link is opened', async () => {
    const made = await register('Una Confirm', 'una@example.com');
    expect(made.status).toBe(201);
    const { token, client } = await made.json();
    expect(client.confirmed).toBe(false);
    expect(await (await suite.api.http.client.me.$get({}, bearer(token))).json()).toMatchObject({ confirmed: false });

    await suite.api.deliver();
    const link = confirmationToken('una@example.com');
    expect(link).not.toBe('');
    const redeemed = await suite.api.fresh().client['sign-in-link'].redeem.$post({ json: { token: link } });
    expect(redeemed.status).toBe(200);
    expect(await (await suite.api.http.client.me.$get({}, bearer(token))).json()).toMatchObject({ confirmed: true });
  });

  it('"Send it again" emails a new link to an unconfirmed account, and 409 once confirmed', async () => {
    const made = await register('Sam Again', 'sam@example.com');
    const { token, client } = await made.json();
    const before = suite.api.outbox().length;
    const again = await suite.api.http.client['confirmation-email'].$post({}, bearer(token));
    expect(again.status).toBe(202);
    await suite.api.deliver();
    // The registration's email and this one.
    expect(suite.api.outbox().length).toBe(before + 2);

    // A reset link opened proves the address too.
    const reset = await createPasswordResetToken(suite.api.db, client.member.id);
    const confirmed = await suite.api
      .fresh()
      .client['password-reset'].confirm.$post({ json: { token: reset, password: 'quiet-harbour-48' } });
    expect(confirmed.status).toBe(200);
    const [row] = await suite.api.db.read.select().from(clients).where(eq(clients.id, client.id));
    expect(row?.confirmed).toBe(true);
    const signedIn = await suite.api.fresh().client.login.$post({
      json: { email: 'sam@example.com', password: 'quiet-harbour-48' },
    });
    const late = await suite.api.http.client['confirmation-email'].$post(
      {},
      bearer(((await signedIn.json()) as { token: string }).token),
    );
    expect(late.status).toBe(409);
    expect((await errorOf(late)).code).toBe('already_confirmed');
  });

  it('refuses the commonest passwords with a reason, and keeps the length message', async () => {
    for (const password of ['123456', 'password1']) {
      const refused = await register('Weak Pass', `weak-${password}@example.com`, password);
      expect(refused.status).toBe(422);
      expect((await errorOf(refused)).fields?.password).toMatch(/^This password is too common\. Choose another\. \S/);
    }
    const short = await register('Short Pass', 'short@example.com', '12345');
    expect(short.status).toBe(422);
    expect((await errorOf(short)).fields?.password).toBe('Password must be at least 6 characters');
    const rows = await suite.api.db.read.select().from(clients).where(eq(clients.name, 'Weak Pass'));
    expect(rows).toEqual([]);
  });

  it('staff-set passwords are checked the same way', async () => {
    const weak = await suite.api.http.admin.clients.$post(
      { json: { name: 'Staff Made', email: 'staff-made@example.com', password: 'password1' } },
      suite.staff(),
    );
    expect(weak.status).toBe(422);
    expect((await errorOf(weak)).fields?.password).toMatch(/^This password is too common\./);
  });
});

describe('what staff see of unconfirmed accounts', () => {
  it('lists carry `confirmed`, filter by it, and the dashboard counts only confirmed clients', async () => {
    const counted = async () =>
      (await (await suite.api.http.admin.summary.$get({}, suite.staff())).json()).totalClients;
    const before = await counted();
    const made = await register('Uma Listed', 'uma@example.com');
    const { client } = await made.json();
    expect(await counted()).toBe(before);

    const all = await staffList();
    expect(all.find((c) => c.id === client.id)).toMatchObject({ confirmed: false });
    const unconfirmed = await staffList({ confirmed: 'false' });
    expect(unconfirmed.map((c) => c.id)).toContain(client.id);
    expect(unconfirmed.every((c) => !c.confirmed)).toBe(true);
    const confirmed = await staffList({ confirmed: 'true' });
    expect(confirmed.map((c) => c.id)).not.toContain(client.id);
    expect(confirmed.every((c) => c.confirmed)).toBe(true);

    // Staff-made clients are confirmed.
    const byStaff = await suite.api.http.admin.clients.$post(
      { json: { name: 'Staff Made', email: 'made-by-staff@example.com', password: 'quiet-harbour-47' } },
      suite.staff(),
    );
    expect((await byStaff.json()).confirmed).toBe(true);
  });

  it('the sweep deletes an account left unconfirmed for 7 days with everything of it, and nothing else', async () => {
    const stale = await (await register('Old Unconfirmed', 'stale@example.com')).json();
    const recent = await (await register('New Unconfirmed', 'recent@example.com')).json();
    const confirmedOld = await (await register('Old Confirmed', 'old-confirmed@example.com')).json();
    const longAgo = new Date(Date.now() - UNCONFIRMED_TTL_MS - 60_000);
    await suite.api.db.write(async (tx) => {
      for (const id of [stale.client.id, confirmedOld.client.id]) {
        await tx.update(clients).set({ createdAt: longAgo }).where(eq(clients.id, id));
      }
      await tx.update(clients).set({ confirmed: true }).where(eq(clients.id, confirmedOld.client.id));
      await tx.insert(projects).values({ clientId: stale.client.id, title: 'Left behind' });
      await tx.insert(passkeys).values({
        id: 'stale-passkey',
        kind: 'client',
        userId: stale.client.member.id,
        userHandle: 'handle',
        publicKey: Buffer.from('key'),
        transports: [],
        name: 'Passkey',
      });
    });

    const swept = await deleteUnconfirmedClients(suite.api.db);
    expect(swept.clientIds).toEqual([stale.client.id]);
    const left = (await suite.api.db.read.select({ id: clients.id }).from(clients)).map((r) => r.id);
    expect(left).not.toContain(stale.client.id);
    expect(left).toEqual(expect.arrayContaining([recent.client.id, confirmedOld.client.id]));
    expect(await suite.api.db.read.select().from(projects).where(eq(projects.clientId, stale.client.id))).toEqual([]);
    expect(await suite.api.db.read.select().from(passkeys).where(eq(passkeys.userId, stale.client.member.id))).toEqual(
      [],
    );
    expect((await suite.api.http.client.me.$get({}, bearer(stale.token))).status).toBe(401);
  });
});

describe('CLIENT_SELF_REGISTRATION=false', () => {
  let closed: TestApi;
  beforeAll(async () => {
    closed = await createTestApi({ env: { CLIENT_SELF_REGISTRATION: 'false' } });
  });
  afterAll(() => closed.close());

  it('answers 403 with a clear message and tells the sign-in screen not to offer "Create one"', async () => {
    const refused = await closed.fresh().client.register.$post({
      json: { name: 'Not Allowed', email: 'no@example.com', password: 'quiet-harbour-47' },
    });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({
      code: 'registration_closed',
      message: 'New portal accounts are opened by our team. Please contact us and we will invite you.',
    });
    expect(await closed.db.read.select().from(clients)).toEqual([]);
    expect(await (await closed.http.client.registration.$get()).json()).toEqual({ open: false });
    expect(await (await suite.api.http.client.registration.$get()).json()).toEqual({ open: true });
  });
});
