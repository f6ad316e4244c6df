/**
 * Rate limits kept in the database (docs/product.md#limits): two apps over two connections to
 * one database file count together, a restarted app goes on counting, apps over separate
 * databases count apart, and a limiter consumed inside an open transaction is refused at once
 * (before the event loop turns) instead of waiting for that transaction.
 */
import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { contactSubmissions, rateLimits } from '../../db/schema/index.ts';
import { createLimiter } from '../../src/server/middleware/rate-limit.ts';
import { createTestApi, errorOf, type ApiClient, type TestApi } from './helpers.ts';

const lead = {
  name: 'Jamie Rivera',
  email: 'jamie@example.com',
  message: 'We need a new site for our bakery in Newark.',
  howDidYouFindUs: 'google-search',
} as const;

const ADDRESS = '192.0.2.44';
const TOO_MANY = 'Too many messages from your address. Please try again later or call us.';

let apis: TestApi[] = [];
async function testApi() {
  const api = await createTestApi({ env: { LEAD_RATE_LIMIT: '5' } });
  apis.push(api);
  return api;
}
afterEach(async () => {
  for (const api of apis) await api.close();
  apis = [];
});

async function sendLeads(client: ApiClient, n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await client.contact.$post({ json: lead })).status);
  return statuses;
}

describe('rate limits shared through the database', () => {
  it('two apps over two connections to one database file enforce one limit', async () => {
    const a = await testApi();
    const b = await a.secondApp();
    expect(await sendLeads(a.as(ADDRESS), 3)).toEqual([201, 201, 201]);
    expect(await sendLeads(b.as(ADDRESS), 2)).toEqual([201, 201]);

    const sixth = await b.as(ADDRESS).contact.$post({ json: lead });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(sixth.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    expect(await errorOf(sixth)).toEqual({ code: 'rate_limited', message: TOO_MANY });
    // And app A sees the same count.
    expect((await a.as(ADDRESS).contact.$post({ json: lead })).status).toBe(429);

    const [stored] = await a.db.read.select({ n: count() }).from(contactSubmissions);
    expect(stored?.n).toBe(5);
    // Another address still has its own count.
    expect((await b.as('192.0.2.45').contact.$post({ json: lead })).status).toBe(201);
  });

  it('keeps counting across a restart (a new app over a new connection to the same file)', async () => {
    const a = await testApi();
    expect(await sendLeads(a.as(ADDRESS), 5)).toEqual([201, 201, 201, 201, 201]);
    const restarted = await a.secondApp();
    const next = await restarted.as(ADDRESS).contact.$post({ json: lead });
    expect(next.status).toBe(429);
    expect(next.headers.get('retry-after')).toMatch(/^\d+$/);
    const [row] = await restarted.db.read.select().from(rateLimits);
    expect(row).toMatchObject({ key: `lead:${ADDRESS}`, points: 6 });
    expect(row?.expire?.getTime()).toBeGreaterThan(Date.now());
  });

  it('apps over separate databases count apart', async () => {
    const a = await testApi();
    const b = await testApi();
    expect(await sendLeads(a.as(ADDRESS), 5)).toEqual([201, 201, 201, 201, 201]);
    expect(await sendLeads(b.as(ADDRESS), 5)).toEqual([201, 201, 201, 201, 201]);
    expect((await a.as(ADDRESS).contact.$post({ json: lead })).status).toBe(429);
  });

  it('keeps the limiters of different routes apart in the shared table', async () => {
    const a = await testApi();
    expect(await sendLeads(a.as(ADDRESS), 5)).toHaveLength(5);
    // The newsletter's limiter counts the same address on its own.
    const signUp = await a.as(ADDRESS).newsletter.$post({ json: { email: 'reader@example.com' } });
    expect(signUp.status).toBe(200);
    const keys = (await a.db.read.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).sort();
    expect(keys).toEqual([`lead:${ADDRESS}`, `newsletter:${ADDRESS}`]);
  });

  it('refuses a point consumed inside an open transaction at once, instead of deadlocking', async () => {
    const a = await testApi();
    const limiter = createLimiter(a.db, { name: 'test', points: 5, durationSeconds: 60, message: 'Too many' });
    // Refused before the event loop turns even once: a point that waited for the open transaction
    // (which waits for it) would be shed only by the write path's timer, with another error.
    const refusal = await a.db.write(async () => {
      const settled = limiter.consume('key').then(
        () => 'counted',
        (error: unknown) => error,
      );
      const nextTurn = new Promise((resolve) => setImmediate(() => resolve('the event loop turned first')));
      return Promise.race([settled, nextTurn]);
    });
    expect(refusal).toBeInstanceOf(Error);
    expect((refusal as Error).message).toMatch(/started inside another write/);
    // Outside the transaction, and from the other connection while nothing is open, it counts.
    await limiter.consume('key');
    const b = await a.secondApp();
    await createLimiter(b.db, { name: 'test', points: 5, durationSeconds: 60, message: 'Too many' }).consume('key');
    const [row] = await a.db.read.select().from(rateLimits);
    expect(row).toMatchObject({ key: 'test:key', points: 2 });
  });
});
