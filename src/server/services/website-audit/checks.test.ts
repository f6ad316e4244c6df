import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env/index.ts';
import { HSTS_MIN_SECONDS, TOTAL_POINTS, analyze } from './checks.ts';
import type { FetchedPage } from './safe-fetch.ts';

const GOOD_HEAD = `<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rivers Florist | Fresh flowers</title>
<meta name="description" content="Hand-tied bouquets, wedding flowers and same-day delivery across Wilmington, Delaware.">
<link rel="canonical" href="https://example.com/">
<meta property="og:title" content="T"><meta property="og:description" content="D"><meta property="og:image" content="/i.png">`;
const GOOD_BODY = '<h1>Rivers Florist</h1><img src="/a.jpg" alt="A rose">';
const GOOD_HEADERS = {
  'strict-transport-security': `max-age=${HSTS_MIN_SECONDS}`,
  'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'content-encoding': 'gzip',
};

function page(
  over: Partial<FetchedPage> & { head?: string; bodyHtml?: string; lang?: string | null } = {},
): FetchedPage {
  const { head = GOOD_HEAD, bodyHtml = GOOD_BODY, lang = 'en', ...rest } = over;
  const body = `<!doctype html><html${lang ? ` lang="${lang}"` : ''}><head>${head}</head><body>${bodyHtml}</body></html>`;
  return {
    requestedUrl: 'https://example.com/',
    finalUrl: 'https://example.com/',
    chain: ['https://example.com/'],
    status: 200,
    headers: GOOD_HEADERS,
    body,
    transferBytes: 2000,
    bodyBytes: body.length,
    responseMs: 120,
    ...rest,
  };
}

const earned = (p: FetchedPage, id: string, redirect: boolean | null = true) =>
  analyze(p, { httpRedirectsToHttps: redirect }).checks.find((c) => c.id === id)!.earned;

describe('audit scoring', () => {
  it('gives 100 to a page that passes every check; the points add up to 100', () => {
    expect(TOTAL_POINTS).toBe(100);
    const report = analyze(page(), { httpRedirectsToHttps: true });
    expect(report.score).toBe(100);
    expect(report.issues).toEqual([]);
    expect(report.recommendations).toHaveLength(1);
  });

  it.each([
    ['https', page({ finalUrl: 'http://example.com/' }), 0],
    ['hsts', page({ headers: { ...GOOD_HEADERS, 'strict-transport-security': 'max-age=86400' } }), 5],
    ['hsts', page({ headers: { ...GOOD_HEADERS, 'strict-transport-security': undefined } }), 0],
    [
      'csp',
      page({
        headers: {
          ...GOOD_HEADERS,
          'content-security-policy': "script-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
        },
      }),
      5,
    ],
    ['csp', page({ headers: { ...GOOD_HEADERS, 'content-security-policy': undefined } }), 0],
    ['nosniff', page({ headers: { ...GOOD_HEADERS, 'x-content-type-options': undefined } }), 0],
    ['frame-protection', page({ headers: { ...GOOD_HEADERS, 'content-security-policy': "default-src 'self'" } }), 0],
    ['cookies', page({ headers: { ...GOOD_HEADERS, 'set-cookie': ['session=1; Secure'] } }), 0],
    [
      'cookies',
      page({ headers: { ...GOOD_HEADERS, 'set-cookie': ['theme=dark; Secure', 'sid=2; Secure; HttpOnly'] } }),
      2,
    ],
    ['title', page({ head: GOOD_HEAD.replace('Rivers Florist | Fresh flowers', 'Home') }), 3],
    ['title', page({ head: GOOD_HEAD.replace(/<title>.*<\/title>/, '') }), 0],
    [
      'description',
      page({
        head: GOOD_HEAD.replace(/<meta name="description"[^>]*>/, '<meta name="description" content="Too short.">'),
      }),
      3,
    ],
    ['description', page({ head: GOOD_HEAD.replace(/<meta name="description"[^>]*>/, '') }), 0],
    ['canonical', page({ head: GOOD_HEAD.replace(/<link rel="canonical"[^>]*>/, '') }), 0],
    ['open-graph', page({ head: GOOD_HEAD.replace('<meta property="og:image" content="/i.png">', '') }), 2],
    ['h1', page({ bodyHtml: '<h1>a</h1><h1>b</h1>' }), 2],
    ['h1', page({ bodyHtml: '<p>no heading</p>' }), 0],
    ['lang', page({ lang: null }), 0],
    ['image-alt', page({ bodyHtml: '<h1>x</h1><img src="a.jpg"><img src="b.jpg" alt="">' }), 0],
    ['viewport', page({ head: GOOD_HEAD.replace(/<meta name="viewport"[^>]*>/, '') }), 0],
    ['html-weight', page({ bodyBytes: 200 * 1024 }), 3],
    ['html-weight', page({ bodyBytes: 400 * 1024 }), 0],
    ['compression', page({ bodyBytes: 5000, headers: { ...GOOD_HEADERS, 'content-encoding': undefined } }), 0],
    ['response-time', page({ responseMs: 1200 }), 3],
    ['response-time', page({ responseMs: 2500 }), 0],
  ])('%s, case %#, earns the expected points', (id, fetched, points) => {
    expect(earned(fetched, id)).toBe(points);
  });

  it('the http→https redirect counts only when it happens', () => {
    expect(earned(page(), 'https-redirect', true)).toBe(5);
    expect(earned(page(), 'https-redirect', false)).toBe(0);
    expect(earned(page(), 'https-redirect', null)).toBe(0);
  });

  it('a small uncompressed page is not blamed for compression', () => {
    expect(
      earned(page({ bodyBytes: 900, headers: { ...GOOD_HEADERS, 'content-encoding': undefined } }), 'compression'),
    ).toBe(5);
  });

  it('lists high-severity issues first, each with its impact', () => {
    const report = analyze(page({ finalUrl: 'http://example.com/', bodyHtml: '<p>x</p>' }), {
      httpRedirectsToHttps: false,
    });
    expect(report.issues[0]?.severity).toBe('high');
    expect(report.issues.every((i) => i.impact)).toBe(true);
    expect(report.notMeasured).toMatch(/Core Web Vitals/);
  });
});

describe('the tests-only audit allowance', () => {
  it('is refused unless NODE_ENV is test', () => {
    expect(() => parseEnv({ AUDIT_ALLOW_LOOPBACK: 'true' })).toThrow(/AUDIT_ALLOW_LOOPBACK/);
    expect(parseEnv({ AUDIT_ALLOW_LOOPBACK: 'true', NODE_ENV: 'test' }).AUDIT_ALLOW_LOOPBACK).toBe(true);
  });
});
