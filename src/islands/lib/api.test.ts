import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchThroughBusy } from './api.ts';

const busy = () =>
  new Response('{"error":{"code":"database_busy","message":"busy"}}', { status: 503, headers: { 'Retry-After': '1' } });

describe('fetchThroughBusy (docs/product.md#errors)', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the same request again after a 503 with Retry-After, with its Idempotency-Key, until it is stored', async () => {
    vi.useFakeTimers();
    const calls: RequestInit[] = [];
    const send = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(init!);
      return calls.length < 3 ? busy() : new Response('{"id":"lead-1"}', { status: 201 });
    });
    const init = { method: 'POST', body: '{"name":"Ann"}', headers: { 'Idempotency-Key': 'k-1' } };
    const answer = fetchThroughBusy('/api/contact', init, send as typeof fetch);
    await vi.runAllTimersAsync();
    expect((await answer).status).toBe(201);
    expect(calls).toHaveLength(3);
    expect(
      calls.every(
        (c) => c.body === '{"name":"Ann"}' && (c.headers as Record<string, string>)['Idempotency-Key'] === 'k-1',
      ),
    ).toBe(true);
  });

  it('gives up after 15 s and returns the last 503', async () => {
    vi.useFakeTimers();
    const send = vi.fn(async () => busy());
    const answer = fetchThroughBusy('/api/contact', { method: 'POST' }, send as typeof fetch);
    await vi.runAllTimersAsync();
    expect((await answer).status).toBe(503);
    expect(send.mock.calls.length).toBeGreaterThan(5);
    expect(send.mock.calls.length).toBeLessThan(16);
  });

  it('passes a 503 without Retry-After, and any other answer, straight through', async () => {
    const send = vi.fn(async () => new Response('down', { status: 503 }));
    expect((await fetchThroughBusy('/api/x', {}, send as typeof fetch)).status).toBe(503);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
