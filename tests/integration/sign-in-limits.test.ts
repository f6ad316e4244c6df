/**
 * The portal's sign-in limits (docs/product.md#limits): an account's wrong passwords lock that
 * account only, not the address it shares with others; an address has five times an account's
 * budget; a lock says when it ends and ends with its window.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, errorOf, type TestApi } from './helpers.ts';

const OFFICE = '192.0.2.50';
const LIMIT = 3;
let api: TestApi;

beforeAll(async () => {
  api = await createTestApi({ env: { AUTH_RATE_LIMIT: String(LIMIT) } });
  for (const [name, email] of [
    ['Ada Office', 'ada@office.example.com'],
    ['Bo Office', 'bo@office.example.com'],
  ] as const) {
    const made = await api.fresh().client.register.$post({ json: { name, email, password: 'quiet-harbour-47' } });
    expect(made.status).toBe(201);
  }
});
afterAll(() => api.close());
afterEach(() => {
  vi.useRealTimers();
});

const login = (email: string, password: string, address = OFFICE) =>
  api.as(address).client.login.$post({ json: { email, password } });

describe('sign-in limits per account and per address', () => {
  it("one client's wrong passwords lock that account only; a colleague behind the same address signs in", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T10:00:00Z') });
    for (let i = 0; i < LIMIT; i++) expect((await login('ada@office.example.com', 'wrong-guess')).status).toBe(401);

    const locked = await login('ada@office.example.com', 'quiet-harbour-47');
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('900');
    expect(await errorOf(locked)).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Try again in 15 minutes.',
    });

    // Three minutes on, the message counts down.
    vi.setSystemTime(new Date('2026-11-27T10:03:00Z'));
    const later = await login('ada@office.example.com', 'quiet-harbour-47', '192.0.2.51');
    expect(later.status).toBe(429);
    expect((await errorOf(later)).message).toBe('Too many attempts. Try again in 12 minutes.');

    // Bo, behind the same office address, is not locked out by Ada's typos.
    expect((await login('bo@office.example.com', 'quiet-harbour-47')).status).toBe(200);

    // The lock ends with the account's window (15 minutes from the first attempt), not later.
    vi.setSystemTime(new Date('2026-11-27T10:15:01Z'));
    expect((await login('ada@office.example.com', 'quiet-harbour-47')).status).toBe(200);
  });

  it('an address gets five times the account budget, then answers 429 for every account', async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < LIMIT * 5; i++) {
      expect((await login(`someone${i}@elsewhere.example.com`, 'wrong-guess', address)).status).toBe(401);
    }
    const refused = await login('bo@office.example.com', 'quiet-harbour-47', address);
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).message).toMatch(/^Too many attempts\. Try again in \d+ minutes\.$/);
  });
});
