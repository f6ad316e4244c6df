import { test, expect } from './fixtures.ts';
import { createHash } from 'node:crypto';

const publicPages = [
  '/',
  '/about',
  '/pricing',
  '/work',
  '/work/sweet-hen-bakery',
  '/awards',
  '/blog',
  '/blog/homepage-that-converts',
  '/privacy-policy',
  '/terms-of-service',
  '/verify',
];

test.describe('every public page', () => {
  for (const path of publicPages) {
    test(`${path} has its own title, description, canonical URL, Open Graph tags and JSON-LD`, async ({
      page,
      request,
    }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const title = await page.title();
      expect(title.length).toBeGreaterThan(5);
      const meta = (selector: string) => page.locator(selector).getAttribute('content');
      expect((await meta('meta[name="description"]'))?.length).toBeGreaterThan(40);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical!).pathname.replace(/\/$/, '')).toBe(path.replace(/\/$/, ''));
      expect(await meta('meta[property="og:title"]')).toBe(title);
      expect(await meta('meta[property="og:url"]')).toBe(canonical);
      const image = await meta('meta[property="og:image"]');
      expect((await request.get(new URL(image!).pathname)).headers()['content-type']).toBe('image/png');

      const jsonLd = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? '{}') as { '@type': string }));
      expect(jsonLd.map((d) => d['@type'])).toContain('ProfessionalService');
      if (path.startsWith('/blog/')) {
        expect(jsonLd.map((d) => d['@type'])).toContain('BlogPosting');
        expect(await meta('meta[property="og:type"]')).toBe('article');
      }
    });
  }

  test('titles and descriptions differ from page to page', async ({ page }) => {
    const seen = new Set<string>();
    for (const path of publicPages) {
      await page.goto(path);
      const key = `${await page.title()}|${await page.locator('meta[name="description"]').getAttribute('content')}`;
      expect(seen.has(key), path).toBe(false);
      seen.add(key);
    }
  });
});

test('the sitemap lists every public page and no private one', async ({ request }) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const sitemapUrl = index.match(/<loc>([^<]+)<\/loc>/)?.[1];
  const sitemap = await (await request.get(new URL(sitemapUrl!).pathname)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1]!).pathname.replace(/\/$/, '') || '/',
  );
  for (const path of publicPages) expect(paths).toContain(path);
  expect(paths.some((p) => p.includes('404') || p.startsWith('/api'))).toBe(false);
});

test('pages and API responses carry the security headers', async ({ request }) => {
  for (const path of ['/', '/pricing', '/api/health']) {
    const headers = (await request.get(path)).headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], path).toContain('camera=()');
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
  }
  // The opener policy isolates the signed-in pages and the API, not the public site
  // (docs/decisions/0019-opener-policy-on-private-pages.md).
  for (const path of ['/', '/pricing', '/work/sweet-hen-bakery', '/no-such-page']) {
    expect((await request.get(path)).headers()['cross-origin-opener-policy'], path).toBeUndefined();
  }
  for (const path of ['/portal', '/admin/login', '/blog-admin', '/api/health']) {
    expect((await request.get(path)).headers()['cross-origin-opener-policy'], path).toBe('same-origin');
  }
  const home = await request.get('/');
  const html = await home.text();
  expect(html).toMatch(
    /<meta http-equiv="content-security-policy" content="default-src 'self';[^"]*script-src 'self'[^;"]* 'sha256-/,
  );
  // The policy allows exactly the page's own inline scripts: each one's hash, and no other.
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !m[1]!.includes('json'))
    .map((m) => `'sha256-${createHash('sha256').update(m[2]!).digest('base64')}'`);
  const allowed = home.headers()['content-security-policy']!.match(/'sha256-[^']+'/g) ?? [];
  expect(inline.length).toBeGreaterThan(0);
  expect(new Set(allowed)).toEqual(new Set(inline));
  expect((await request.get('/', { headers: { 'accept-encoding': 'gzip' } })).headers()['content-encoding']).toBe(
    'gzip',
  );
});

test('an unknown API path answers 404 JSON through the server', async ({ request }) => {
  const response = await request.get('/api/nothing-here');
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'No such API endpoint' } });
});
