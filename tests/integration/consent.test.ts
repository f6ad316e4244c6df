/**
 * Consent records (docs/product.md#privacy): the banner's choice is recorded against an anonymous
 * id (no IP kept), given and withdrawn alike, with the text's version and SHA-256; a signed-in
 * client's choice is theirs; the contact form and the newsletter record theirs; staff read a
 * client's consents; an unknown text version is refused; unsubscribing from the newsletter deletes
 * the address and records the withdrawal.
 */
import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentRecords, newsletterSubscribers } from '../../db/schema/index.ts';
import { currentConsentText } from '../../src/shared/consent-texts.ts';
import { bearer, createTestApi, errorOf, type TestApi } from './helpers.ts';

const STAFF = 'owner@firststatewebstudio.com';
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ env: { ADMIN_EMAILS: STAFF, AUTH_RATE_LIMIT: '1000' } });
});
afterAll(async () => {
  await api.close();
});

const banner = currentConsentText('analytics');
const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function post(body: unknown, headers: Record<string, string> = {}) {
  return api.raw('/api/consent', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('POST /api/consent', () => {
  it('records a visitor’s choice and its withdrawal against one anonymous id, with the text’s version and SHA-256', async () => {
    const given = await post({ purpose: 'analytics', granted: true, textVersion: banner.version });
    expect(given.status).toBe(201);
    const cookie = /consent_id=([^;]+)/.exec(given.headers.get('set-cookie') ?? '')?.[1];
    expect(cookie).toMatch(/^[0-9a-f-]{36}$/);
    expect(given.headers.get('set-cookie')).toContain('HttpOnly');
    const withdrawn = await post(
      { purpose: 'analytics', granted: false, textVersion: banner.version },
      { cookie: `consent_id=${cookie}` },
    );
    expect(withdrawn.status).toBe(201);
    const rows = await api.db.read.select().from(consentRecords).where(eq(consentRecords.subjectId, cookie!));
    expect(rows.map((r) => [r.subjectKind, r.granted, r.method, r.textVersion, r.textSha256])).toEqual([
      ['visitor', true, 'banner', banner.version, sha(banner.text)],
      ['visitor', false, 'banner', banner.version, sha(banner.text)],
    ]);
    expect(Object.keys(rows[0]!)).not.toContain('ipAddress');
  });

  it('refuses an unknown purpose or a text version never shown, and stores nothing', async () => {
    const before = (await api.db.read.select().from(consentRecords)).length;
    const unknown = await post({ purpose: 'analytics', granted: true, textVersion: 'made-up' });
    expect(unknown.status).toBe(422);
    expect((await errorOf(unknown)).fields?.textVersion).toBe('This text version was never shown');
    expect((await post({ purpose: 'tracking', granted: true, textVersion: banner.version })).status).toBe(422);
    expect((await post('not json')).status).toBe(422);
    expect((await api.db.read.select().from(consentRecords)).length).toBe(before);
  });

  it('records a client’s choice as theirs, and staff see it with the contact form’s and the newsletter’s', async () => {
    const email = `consent-${Date.now()}@example.com`;
    const contact = await api.fresh().contact.$post({
      json: { name: 'Consent Person', email, message: 'Hello', howDidYouFindUs: 'other' },
    });
    expect(contact.status).toBe(201);
    expect(
      (
        await api.raw('/api/newsletter', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        })
      ).status,
    ).toBe(200);
    const registered = await api.fresh().client.register.$post({
      json: { name: 'Consent Person', email, password: 'secret-pass' },
    });
    const { token, client } = await registered.json();
    expect(
      (
        await post(
          { purpose: 'analytics', granted: false, textVersion: banner.version },
          { authorization: `Bearer ${token}` },
        )
      ).status,
    ).toBe(201);

    const staffToken = await api.signInStaff(STAFF);
    const consents = await (
      await api.http.admin.clients[':id'].consents.$get({ param: { id: client.id } }, bearer(staffToken))
    ).json();
    expect(consents.map((c) => [c.subject.kind, c.purpose, c.granted, c.method])).toEqual([
      ['lead', 'contact-processing', true, 'form'],
      ['subscriber', 'newsletter', true, 'form'],
      ['client', 'analytics', false, 'settings'],
    ]);
  });

  it('unsubscribing from the newsletter deletes the address and records the withdrawal, answering the same for any address', async () => {
    const email = `leaving-${Date.now()}@example.com`;
    const send = (path: string, body: unknown) =>
      api.raw(
        path,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        api.nextAddress(),
      );
    expect((await send('/api/newsletter', { email })).status).toBe(200);
    const [given] = await api.db.read
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.purpose, 'newsletter'))
      .orderBy(desc(consentRecords.createdAt))
      .limit(1);
    const out = await send('/api/newsletter/unsubscribe', { email: email.toUpperCase() });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ status: 'unsubscribed' });
    expect(
      await api.db.read.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)),
    ).toEqual([]);
    const records = await api.db.read
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.subjectId, given!.subjectId));
    expect(records.map((r) => [r.purpose, r.granted, r.method])).toEqual([
      ['newsletter', true, 'form'],
      ['newsletter', false, 'form'],
    ]);
    // An address never subscribed gets the same answer, and nothing is recorded.
    const before = (await api.db.read.select().from(consentRecords)).length;
    const unknown = await send('/api/newsletter/unsubscribe', { email: 'never-here@example.com' });
    expect(await unknown.json()).toEqual({ status: 'unsubscribed' });
    expect((await api.db.read.select().from(consentRecords)).length).toBe(before);
    expect((await send('/api/newsletter/unsubscribe', { email: 'not an address' })).status).toBe(422);
  });
});
