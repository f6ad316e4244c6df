import { describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api.ts';
import {
  NETWORK_ERROR_MESSAGE,
  SERVER_ERROR_MESSAGE,
  readNewsletterResponse,
  retryAfterText,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from './newsletter.ts';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('retryAfterText', () => {
  it('reads delay-seconds', () => {
    expect(retryAfterText('1')).toBe('in 1 second');
    expect(retryAfterText('45')).toBe('in 45 seconds');
    expect(retryAfterText('60')).toBe('in about 1 minute');
    expect(retryAfterText('540')).toBe('in about 9 minutes');
    expect(retryAfterText('541')).toBe('in about 10 minutes');
  });
  it('reads an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterText('Thu, 01 Jan 2026 00:02:00 GMT', now)).toBe('in about 2 minutes');
  });
  it('gives nothing for a missing or unreadable header', () => {
    expect(retryAfterText(null)).toBe('');
    expect(retryAfterText('soon')).toBe('');
  });
});

describe('readNewsletterResponse', () => {
  it('reads 200 as subscribed', async () => {
    expect(await readNewsletterResponse(json(200, { status: 'subscribed' }))).toEqual({ kind: 'subscribed' });
  });
  it("puts a 422's email message under the field", async () => {
    const response = json(422, {
      error: {
        code: 'invalid_fields',
        message: 'Some fields are invalid',
        fields: { email: 'Please enter a valid email address' },
      },
    });
    expect(await readNewsletterResponse(response)).toEqual({
      kind: 'invalid',
      fieldError: 'Please enter a valid email address',
    });
  });
  it("shows a 422's general message when no field is named", async () => {
    const response = json(422, { error: { code: 'invalid_fields', message: 'Some fields are invalid', fields: {} } });
    expect(await readNewsletterResponse(response)).toEqual({ kind: 'invalid', message: 'Some fields are invalid' });
  });
  it('says when to try again after a 429', async () => {
    const response = json(429, { error: { code: 'rate_limited', message: 'Too many' } }, { 'Retry-After': '300' });
    expect(await readNewsletterResponse(response)).toEqual({
      kind: 'rate-limited',
      message: 'Too many sign-up attempts from your connection. Please try again in about 5 minutes.',
    });
  });
  it('says "later" after a 429 without Retry-After', async () => {
    const outcome = await readNewsletterResponse(json(429, {}));
    expect(outcome).toMatchObject({ kind: 'rate-limited', message: expect.stringMatching(/try again later\.$/) });
  });
  it('hides the details of a server error, even with a body that is not JSON', async () => {
    expect(await readNewsletterResponse(new Response('<html>oops</html>', { status: 502 }))).toEqual({
      kind: 'failed',
      message: SERVER_ERROR_MESSAGE,
    });
  });
  it("shows another client error's message", async () => {
    const response = json(403, { error: { code: 'forbidden', message: 'Cross-site request refused' } });
    expect(await readNewsletterResponse(response)).toEqual({ kind: 'failed', message: 'Cross-site request refused' });
  });
});

describe('subscribeToNewsletter', () => {
  it("POSTs the address as JSON to the newsletter route, through the typed client, on the page's origin", async () => {
    const fetcher = vi.fn<typeof fetch>().mockResolvedValue(json(200, { status: 'subscribed' }));
    expect(await subscribeToNewsletter('ann@example.com', fetcher)).toEqual({ kind: 'subscribed' });
    expect(fetcher).toHaveBeenCalledTimes(1);
    const [url, init] = fetcher.mock.calls[0]!;
    expect(url).toBe(api.newsletter.$path());
    expect(String(url).startsWith('/')).toBe(true);
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ann@example.com' });
  });
  it('turns a network failure into a message', async () => {
    const fetcher = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await subscribeToNewsletter('ann@example.com', fetcher)).toEqual({
      kind: 'failed',
      message: NETWORK_ERROR_MESSAGE,
    });
  });
  it('gives up after the timeout', async () => {
    const fetcher: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    expect(await subscribeToNewsletter('ann@example.com', fetcher, 20)).toEqual({
      kind: 'failed',
      message: NETWORK_ERROR_MESSAGE,
    });
  });
});

describe('unsubscribeFromNewsletter', () => {
  it('POSTs the address to the unsubscribe route, and words its rate limit as no sign-up', async () => {
    const fetcher = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(json(200, { status: 'unsubscribed' }))
      .mockResolvedValueOnce(
        json(429, { error: { code: 'rate_limited', message: 'Too many' } }, { 'Retry-After': '30' }),
      );
    expect(await unsubscribeFromNewsletter('ann@example.com', fetcher)).toEqual({ kind: 'subscribed' });
    const [url, init] = fetcher.mock.calls[0]!;
    expect(url).toBe(api.newsletter.unsubscribe.$path());
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ann@example.com' });
    expect(await unsubscribeFromNewsletter('ann@example.com', fetcher)).toEqual({
      kind: 'rate-limited',
      message: 'Too many attempts from your connection. Please try again in 30 seconds.',
    });
  });
});
