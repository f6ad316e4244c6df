import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../../db/schema/index.ts';
import { createTestApi } from './helpers.ts';

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api.close();
});

describe('GET /api/health', () => {
  it('answers ok after a real database query', async () => {
    const response = await api.app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('carries the security headers', async () => {
    const response = await api.app.request('/api/health');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('adds HSTS when the site is served over https', async () => {
    const secure = await createTestApi({ env: { SITE_URL: 'https://www.example.com' } });
    try {
      const response = await secure.app.request('/api/health');
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });
});

describe('unknown API paths', () => {
  it('answer 404 in the JSON error shape', async () => {
    const response = await api.app.request('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'No such API endpoint' } });
  });

  it('answer 404 for a known path with an unknown method', async () => {
    const response = await api.app.request('/api/contact', { method: 'GET' });
    expect(response.status).toBe(404);
  });
});

describe('POST /api/newsletter', () => {
  async function subscribers() {
    const [row] = await api.db.select({ n: count() }).from(newsletterSubscribers);
    return row?.n ?? 0;
  }

  it('stores a valid address once, ignoring case and duplicates', async () => {
    const first = await api.post('/api/newsletter', { email: 'Reader@Example.com' }, api.nextAddress());
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'subscribed' });
    const again = await api.post('/api/newsletter', { email: 'reader@example.com' }, api.nextAddress());
    expect(again.status).toBe(200);
    expect(await subscribers()).toBe(1);
  });

  it('refuses an invalid address with 422', async () => {
    const response = await api.post('/api/newsletter', { email: 'nope' }, api.nextAddress());
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: { fields: { email: 'Please enter a valid email address' } } });
  });

  it('limits sign-ups per address', async () => {
    const address = '192.0.2.200';
    for (let i = 0; i < 5; i++) {
      expect((await api.post('/api/newsletter', { email: `r${i}@example.com` }, address)).status).toBe(200);
    }
    const response = await api.post('/api/newsletter', { email: 'r6@example.com' }, address);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
