import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../../db/schema/index.ts';
import { MIN_FILL_TIME_MS } from '../../src/server/middleware/bot-guard.ts';
import { createTestApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api.close();
});

describe('GET /api/health', () => {
  it('answers ok after a real database query', async () => {
    const response = await api.http.health.$get();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      db: 'ok',
      queue: { notifications: 0, emails: 0 },
      lastBackupAt: null,
      replication: { enabled: false },
    });
  });

  it('carries the security headers', async () => {
    const response = await api.http.health.$get();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('adds HSTS when the site is served over https', async () => {
    const secure = await createTestApi({ env: { SITE_URL: 'https://www.example.com' } });
    try {
      const response = await secure.http.health.$get();
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });
});

describe('unknown API paths', () => {
  it('answer 404 in the JSON error shape', async () => {
    // Raw: the typed client has no route for a path the API does not know.
    const response = await api.raw('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'No such API endpoint' } });
  });

  it('answer 404 for a known path with an unknown method', async () => {
    // Raw: the typed client offers only the methods a path has (POST for /api/contact).
    const response = await api.raw('/api/contact', { method: 'GET' });
    expect(response.status).toBe(404);
  });
});

describe('POST /api/newsletter (docs/product.md#newsletter)', () => {
  async function subscribers(email?: string) {
    const [row] = await api.db.read
      .select({ n: count() })
      .from(newsletterSubscribers)
      .where(email === undefined ? undefined : eq(newsletterSubscribers.email, email));
    return row?.n ?? 0;
  }
  const subscribe = (json: { email: string; fax?: string; startedAt?: number }) =>
    api.fresh().newsletter.$post({ json });

  it('stores a valid address once, ignoring case and duplicates', async () => {
    const before = await subscribers();
    const first = await subscribe({ email: 'Reader@Example.com' });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'subscribed' });
    const again = await subscribe({ email: 'reader@example.com' });
    expect(again.status).toBe(200);
    expect(await subscribers()).toBe(before + 1);
  });

  it('refuses an invalid address with 422', async () => {
    const response = await subscribe({ email: 'nope' });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: { fields: { email: 'Please enter a valid email address' } } });
  });

  it('limits sign-ups per address', async () => {
    const from = api.as('192.0.2.200');
    for (let i = 0; i < 5; i++) {
      expect((await from.newsletter.$post({ json: { email: `r${i}@example.com` } })).status).toBe(200);
    }
    const response = await from.newsletter.$post({ json: { email: 'r6@example.com' } });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  // The bot guard (docs/product.md#security): a bot gets the answer a person gets, and nothing is stored.
  it('answers 200 "subscribed" to a filled honeypot and stores nothing', async () => {
    const before = await subscribers();
    const response = await subscribe({ email: 'honeypot-bot@example.com', fax: '555-1234' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'subscribed' });
    expect(await subscribers()).toBe(before);
    expect(await subscribers('honeypot-bot@example.com')).toBe(0);
  });

  it(`answers 200 "subscribed" to a form sent sooner than ${MIN_FILL_TIME_MS} ms after it was shown and stores nothing`, async () => {
    const before = await subscribers();
    const response = await subscribe({ email: 'fast-bot@example.com', startedAt: Date.now() - 200 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'subscribed' });
    expect(await subscribers()).toBe(before);
    expect(await subscribers('fast-bot@example.com')).toBe(0);
  });

  it('stores a sign-up that took a person-like time, with the honeypot empty', async () => {
    const before = await subscribers();
    const response = await subscribe({ email: 'person@example.com', fax: '', startedAt: Date.now() - 20_000 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'subscribed' });
    expect(await subscribers()).toBe(before + 1);
    expect(await subscribers('person@example.com')).toBe(1);
  });
});
