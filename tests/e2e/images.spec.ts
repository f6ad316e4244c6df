/**
 * The pictures of docs/product.md#images: blog covers on the cards and as each article's hero
 * (AVIF with WebP beside it, width and height, srcset), every sitemap page's own Open Graph card
 * (a 1200 × 630 PNG that answers 200), and the team's portraits on /about.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect, presetConsent } from './fixtures.ts';

/** The path of every page the sitemap lists, read from the running server. */
async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const locs = async (path: string) =>
    [...(await (await request.get(path)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const paths = (await Promise.all((await locs('/sitemap-index.xml')).map(locs))).flat();
  expect(paths).toContain('/');
  return paths;
}

/** Width and height from a PNG's IHDR chunk, after checking the PNG signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect([...png.subarray(0, 8)], 'PNG signature').toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Scrolls the image into view and waits until the browser has decoded it. */
async function loaded(img: Locator): Promise<{ currentSrc: string; naturalWidth: number }> {
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  return img.evaluate((el: HTMLImageElement) => ({ currentSrc: el.currentSrc, naturalWidth: el.naturalWidth }));
}

/** The `<picture>`'s AVIF and WebP sources: type, non-empty srcset with width descriptors, sizes. */
async function expectAvifAndWebp(picture: Locator, widths: number[]): Promise<void> {
  for (const type of ['image/avif', 'image/webp']) {
    const source = picture.locator(`source[type="${type}"]`);
    // The last format may be the <img>'s own srcset rather than a <source>.
    const srcset = await ((await source.count()) ? source : picture.locator('img')).getAttribute('srcset');
    expect(srcset, `${type} srcset`).toBeTruthy();
    const candidates = srcset!.split(', ').map((c) => c.split(' '));
    expect(candidates.map(([, w]) => w)).toEqual(widths.map((w) => `${w}w`));
    const extension = type === 'image/avif' ? '.avif' : '.webp';
    for (const [url] of candidates) expect(url).toMatch(new RegExp(`^/_astro/[^/]+\\${extension}$`));
  }
  expect(await picture.locator('source').first().getAttribute('sizes')).toBeTruthy();
}

async function postSlugs(request: APIRequestContext): Promise<string[]> {
  const slugs = (await sitemapPaths(request))
    .map((path) => /^\/blog\/([^/]+)\/?$/.exec(path)?.[1])
    .filter((slug): slug is string => Boolean(slug));
  expect(slugs.length).toBeGreaterThanOrEqual(5);
  return slugs;
}

test.describe('blog covers', () => {
  test.beforeEach(async ({ page }) => presetConsent(page));

  test('every card on /blog shows its cover: decorative, AVIF and WebP, sized, lazy below the featured row', async ({
    page,
    request,
  }) => {
    const slugs = await postSlugs(request);
    await page.goto('/blog');
    await expect(page.getByTestId('article-list').getByTestId('article-card')).toHaveCount(slugs.length);
    // Every card: those of the list and the featured ones above it.
    for (const card of await page.getByTestId('article-card').all()) {
      const picture = card.locator('picture');
      const img = picture.locator('img');
      await expect(img).toHaveAttribute('alt', '');
      await expect(img).toHaveAttribute('width', '800');
      await expect(img).toHaveAttribute('height', '450');
      await expectAvifAndWebp(picture, [400, 800, 1200]);
      const { currentSrc } = await loaded(img);
      expect(currentSrc, 'Chromium picks the AVIF').toMatch(/\.avif$/);
      // Drawn at 16:9, as reserved.
      const box = (await img.boundingBox())!;
      expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
      // Decorative: out of the accessibility tree.
      await expect(card.getByRole('img')).toHaveCount(0);
    }
    const featured = page.getByRole('region', { name: 'Featured Articles' }).locator('img');
    for (const img of await featured.all()) await expect(img).toHaveAttribute('loading', 'eager');
    const list = page.getByTestId('article-list').locator('img');
    for (const img of await list.all()) await expect(img).toHaveAttribute('loading', 'lazy');
  });

  test('every article shows its cover as the hero image: described, eager, high priority, preloaded, the largest paint', async ({
    page,
    request,
  }) => {
    for (const slug of await postSlugs(request)) {
      await page.goto(`/blog/${slug}`);
      const img = page.getByTestId('article-cover');
      const picture = page.locator('picture', { has: img });
      const alt = await img.getAttribute('alt');
      expect(alt?.length, `cover text of ${slug}`).toBeGreaterThan(20);
      await expect(page.getByRole('img', { name: alt! })).toBeVisible();
      await expect(img).toHaveAttribute('loading', 'eager');
      await expect(img).toHaveAttribute('fetchpriority', 'high');
      await expect(img).toHaveAttribute('width', '1600');
      await expect(img).toHaveAttribute('height', '900');
      await expectAvifAndWebp(picture, [400, 800, 1200, 1600]);
      expect((await loaded(img)).currentSrc).toMatch(/\.avif$/);
    }
    // At 1280 px the cover is the largest thing painted on an article.
    await page.goto('/blog/homepage-that-converts');
    await loaded(page.getByTestId('article-cover'));
    const lcp = await page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { element?: Element })[];
            resolve(entries.at(-1)?.element?.getAttribute('data-testid') ?? 'none');
          }).observe({ type: 'largest-contentful-paint', buffered: true }),
        ),
    );
    expect(lcp).toBe('article-cover');
    // It is preloaded: the very AVIF srcset of its <picture>, at high priority.
    const avif = await page
      .locator('picture', { has: page.getByTestId('article-cover') })
      .locator('source[type="image/avif"]')
      .getAttribute('srcset');
    const preload = page.locator('head link[rel="preload"][as="image"]');
    await expect(preload).toHaveAttribute('type', 'image/avif');
    await expect(preload).toHaveAttribute('imagesrcset', avif!);
    await expect(preload).toHaveAttribute('fetchpriority', 'high');
  });

  test('each cover file answers with its image type', async ({ page, request }) => {
    await page.goto('/blog/local-seo-for-delaware-businesses');
    const picture = page.locator('picture', { has: page.getByTestId('article-cover') });
    const avif = (await picture.locator('source[type="image/avif"]').getAttribute('srcset'))!.split(' ')[0]!;
    const webp = (await picture.locator('img').getAttribute('src'))!;
    for (const [url, type] of [
      [avif, 'image/avif'],
      [webp, 'image/webp'],
    ] as const) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()['content-type']).toBe(type);
    }
  });
});

test.describe('Open Graph cards', () => {
  /** The value of a <meta> by property or name. */
  const meta = (page: Page, key: string) =>
    page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute('content');

  test('every page in the sitemap has its own 1200 × 630 PNG card, named in og:image and twitter:image', async ({
    page,
    request,
    baseURL,
  }) => {
    const seen = new Map<string, string>();
    for (const path of await sitemapPaths(request)) {
      await page.goto(path);
      const image = (await meta(page, 'og:image'))!;
      expect(image, `og:image of ${path}`).toMatch(/^https?:\/\//);
      const url = new URL(image);
      expect(url.origin, 'an absolute URL on the site').toBe(new URL(baseURL!).origin);
      expect(url.pathname).toMatch(/^\/og\/.+\.png$/);
      expect(seen.has(url.pathname), `${path} shares ${url.pathname} with ${seen.get(url.pathname)}`).toBe(false);
      seen.set(url.pathname, path);

      expect(await meta(page, 'og:image:width')).toBe('1200');
      expect(await meta(page, 'og:image:height')).toBe('630');
      expect(await meta(page, 'og:image:type')).toBe('image/png');
      expect((await meta(page, 'og:image:alt'))?.length).toBeGreaterThan(20);
      expect(await meta(page, 'twitter:card')).toBe('summary_large_image');
      expect(await meta(page, 'twitter:image')).toBe(image);

      const response = await request.get(url.pathname);
      expect(response.status(), url.pathname).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
      expect(pngSize(await response.body()), url.pathname).toEqual({ width: 1200, height: 630 });
    }
    expect(seen.size).toBeGreaterThanOrEqual(14);
  });

  test('a post names its card in its BlogPosting data; pages kept out of search share the site card', async ({
    page,
    request,
  }) => {
    await page.goto('/blog/page-speed-and-accessibility');
    const posting = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) =>
        scripts.map((s) => JSON.parse(s.textContent ?? '{}') as { '@type': string; image?: string }),
      );
    expect(posting.find((d) => d['@type'] === 'BlogPosting')?.image).toBe(await meta(page, 'og:image'));

    const portal = await (await request.get('/portal/login')).text();
    expect(new URL(/<meta property="og:image" content="([^"]+)"/.exec(portal)![1]!).pathname).toBe('/og/site.png');
    expect(pngSize(await (await request.get('/og/site.png')).body())).toEqual({ width: 1200, height: 630 });
  });
});

test('team members on /about show their portraits, decorative beside their names', async ({ page, request }) => {
  await presetConsent(page);
  await page.goto('/about');
  const team = page.getByRole('region', { name: 'Meet the people behind your website' }).getByRole('listitem');
  await expect(team).toHaveCount(4);
  const sources = new Set<string>();
  for (const member of await team.all()) {
    const name = (await member.getByRole('heading', { level: 3 }).textContent())!;
    const img = member.getByTestId('team-avatar');
    await expect(img, `${name}'s portrait is decorative`).toHaveAttribute('alt', '');
    await expect(img).toHaveAttribute('width', '96');
    await expect(img).toHaveAttribute('height', '96');
    const { currentSrc, naturalWidth } = await loaded(img);
    expect(naturalWidth).toBeGreaterThan(0);
    const path = new URL(currentSrc).pathname;
    expect(path).toBe(`/team/${name.toLowerCase().replace(/ /g, '-')}.svg`);
    sources.add(path);
    const response = await request.get(path);
    expect(response.headers()['content-type']).toBe('image/svg+xml');
    expect(await response.text()).toContain('Notionists');
    const box = (await img.boundingBox())!;
    expect([box.width, box.height]).toEqual([96, 96]);
  }
  expect(sources.size, 'a portrait of their own for each').toBe(4);
  // The initials the portraits replace are gone.
  await expect(page.getByText(/^(DW|MR|PN|JE)$/)).toHaveCount(0);
});
