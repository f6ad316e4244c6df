/**
 * `Idempotency-Key` on POST /api/contact (docs/product.md#contact-form; IETF httpapi draft "The
 * Idempotency-Key HTTP Header Field"): a retry gets the first answer and stores nothing, another
 * body with the key is refused, concurrent requests with one key store one lead.
 */
import { count, eq } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSubmissions, idempotencyKeys, notifications } from '../../db/schema/index.ts';
import { createTestApi, errorOf, type ApiClient, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ env: { FORM_FORWARD_URL: 'https://forms.example.com/hook', LEAD_RATE_LIMIT: '3' } });
});
afterAll(async () => {
  await api.close();
});

type LeadBody = InferRequestType<ApiClient['contact']['$post']>['json'];

const lead: LeadBody = {
  name: 'Jamie Rivera',
  email: 'jamie@example.com',
  message: 'We need a new site for our bakery in Newark.',
  howDidYouFindUs: 'google-search',
};

async function newLeadNotifications(): Promise<number> {
  const [row] = await api.db.read.select({ n: count() }).from(notifications).where(eq(notifications.kind, 'new_lead'));
  return row?.n ?? 0;
}

const withKey = (key: string) => ({ headers: { 'Idempotency-Key': key } });

async function leadCount(): Promise<number> {
  const [row] = await api.db.read.select({ n: count() }).from(contactSubmissions);
  return row?.n ?? 0;
}

describe('POST /api/contact with an Idempotency-Key', () => {
  it('answers a repeat with the first answer, marked replayed, and stores one lead', async () => {
    const client = api.fresh();
    const before = await leadCount();
    const emailsBefore = await newLeadNotifications();
    const key = crypto.randomUUID();
    const first = await client.contact.$post({ json: lead }, withKey(key));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = await first.json();

    const again = await client.contact.$post({ json: lead }, withKey(key));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(firstBody);
    // The same body with its keys in another order is the same request.
    const reordered = {
      howDidYouFindUs: lead.howDidYouFindUs,
      message: lead.message,
      email: lead.email,
      name: lead.name,
    };
    const third = await api.fresh().contact.$post({ json: reordered as LeadBody }, withKey(key));
    expect(third.status).toBe(201);
    expect(await third.json()).toEqual(firstBody);

    expect(await leadCount()).toBe(before + 1);
    await api.tasks.drain();
    expect(api.forwarded.filter((f) => (f.body as { name: string }).name === lead.name)).toHaveLength(1);
    expect(await newLeadNotifications()).toBe(emailsBefore + 1);
  });

  it('refuses the same key with another body (422) and stores nothing', async () => {
    const key = crypto.randomUUID();
    expect((await api.fresh().contact.$post({ json: lead }, withKey(key))).status).toBe(201);
    const before = await leadCount();
    const other = await api.fresh().contact.$post({ json: { ...lead, message: 'Another message.' } }, withKey(key));
    expect(other.status).toBe(422);
    expect(await errorOf(other)).toEqual({
      code: 'idempotency_key_reused',
      message: 'This Idempotency-Key was already used with a different request body',
    });
    expect(await leadCount()).toBe(before);
  });

  it('refuses a key that is not 1 to 255 printable ASCII characters (400)', async () => {
    const before = await leadCount();
    for (const bad of ['', 'a'.repeat(256), 'clé', 'a\tb', '""']) {
      const response = await api.fresh().contact.$post({ json: lead }, withKey(bad));
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(await errorOf(response)).toEqual({
        code: 'invalid_idempotency_key',
        message: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters',
      });
    }
    expect(await leadCount()).toBe(before);
    // The longest key, and a structured-field string (quoted), are accepted; the quotes are not part of the key.
    expect((await api.fresh().contact.$post({ json: lead }, withKey('k'.repeat(255)))).status).toBe(201);
    expect((await api.fresh().contact.$post({ json: lead }, withKey('"quoted-key"'))).status).toBe(201);
    const replay = await api.fresh().contact.$post({ json: lead }, withKey('quoted-key'));
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });

  it('stores exactly one lead for concurrent requests with one key, in one app or two', async () => {
    const before = await leadCount();
    const key = crypto.randomUUID();
    const second = await api.secondApp();
    const responses = await Promise.all([
      api.fresh().contact.$post({ json: lead }, withKey(key)),
      api.fresh().contact.$post({ json: lead }, withKey(key)),
      second.as('203.0.113.200').contact.$post({ json: lead }, withKey(key)),
      second.as('203.0.113.201').contact.$post({ json: lead }, withKey(key)),
    ]);
    expect(await leadCount()).toBe(before + 1);
    for (const response of responses) {
      // Each waited for the first and replays it (409 only while the first answer cannot be read).
      expect([201, 409]).toContain(response.status);
    }
    const bodies = await Promise.all(responses.filter((r) => r.status === 201).map((r) => r.json()));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(responses.filter((r) => r.headers.get('idempotent-replayed') === 'true').length).toBe(
      responses.filter((r) => r.status === 201).length - 1,
    );
  });

  it('does not count a replay against the rate limit', async () => {
    const client = api.as('198.51.100.77');
    const key = crypto.randomUUID();
    for (let i = 0; i < 5; i++) {
      expect((await client.contact.$post({ json: lead }, withKey(key))).status).toBe(201);
    }
    // LEAD_RATE_LIMIT is 3: the first request spent one point, so two new leads are still allowed.
    expect((await client.contact.$post({ json: lead })).status).toBe(201);
    expect((await client.contact.$post({ json: lead })).status).toBe(201);
    expect((await client.contact.$post({ json: lead })).status).toBe(429);
  });

  it('stores a lead for each request without a key, and treats a key older than 24 hours as unused', async () => {
    const before = await leadCount();
    expect((await api.fresh().contact.$post({ json: lead })).status).toBe(201);
    expect((await api.fresh().contact.$post({ json: lead })).status).toBe(201);
    expect(await leadCount()).toBe(before + 2);

    const key = crypto.randomUUID();
    const first = (await (await api.fresh().contact.$post({ json: lead }, withKey(key))).json()) as { id: string };
    await api.db.write((tx) =>
      tx
        .update(idempotencyKeys)
        .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(eq(idempotencyKeys.key, `POST /api/contact:${key}`)),
    );
    const later = await api.fresh().contact.$post({ json: { ...lead, message: 'A day later.' } }, withKey(key));
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(((await later.json()) as { id: string }).id).not.toBe(first.id);
    expect(await leadCount()).toBe(before + 4);
  });
});
