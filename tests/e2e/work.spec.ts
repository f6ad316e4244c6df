/**
 * The case studies (docs/product.md#work): /work lists them with their images, each /work/{slug}
 * shows its client, facts, results, before and after views and testimonial, and the landing,
 * About and Pricing pages, the navigation and the footer link to them. Images are served by
 * astro:assets as AVIF or WebP with width, height and a srcset. (a11y.spec.ts sweeps these pages
 * with axe through the sitemap.)
 */
import type { Locator, Page } from '@playwright/test';
import { OTHER_ISLANDS, test, expect, presetConsent } from './fixtures.ts';
import { PHONE_IMAGE_MAX_BYTES } from './support/phone-image.ts';

const company = 'First State Web Studio';

/**
 * The case studies in their `order`, with what each page must show; each result as shown and as
 * read aloud.
 */
const studies = [
  {
    slug: 'sweet-hen-bakery',
    client: 'Sweet Hen Bakery',
    h1: 'Holiday pie orders doubled in the first season',
    industry: 'Bakery',
    year: '2023',
    results: [
      ['2×', '2 times'],
      ['71%', '71 percent'],
      ['1.4 seconds', '1.4 seconds'],
    ],
    change: 'down from 7.9 seconds',
    reviewer: 'Maria Costa',
  },
  {
    slug: 'brennan-home-improvement',
    client: 'Brennan Home Improvement',
    h1: "A contractor's website that brings in quote requests every week",
    industry: 'Home improvement',
    year: '2022',
    results: [
      ['62%', '62 percent'],
      ['9', '9'],
      ['14', '14'],
    ],
    change: 'up from 1',
    reviewer: 'Tom Brennan',
  },
  {
    slug: 'brandywine-family-dental',
    client: 'Brandywine Family Dental',
    h1: 'From a hacked Saturday to a secure, accessible practice website',
    industry: 'Dental practice',
    year: '2024',
    results: [
      ['41%', '41 percent'],
      ['3 hours', '3 hours'],
      ['100', '100'],
    ],
    change: 'up from 64',
    reviewer: 'Angela Price',
  },
  {
    slug: 'fern-and-stone-yoga',
    client: 'Fern & Stone Yoga',
    h1: "A new studio's one-page website, live in 11 days",
    industry: 'Yoga studio',
    year: '2025',
    results: [
      ['11 days', '11 days'],
      ['146', '146'],
      ['1.1 seconds', '1.1 seconds'],
    ],
    change: null,
    reviewer: 'Kayla Morgan',
  },
] as const;

test.beforeEach(async ({ page }) => {
  await presetConsent(page);
});

/**
 * Asserts that `picture` is an astro:assets <picture>: an AVIF source with a srcset and sizes, a
 * WebP <img> (for a browser without AVIF) with its own srcset and sizes, alt text, width, height
 * and the given loading, and that the file the browser picked (once scrolled into view) is served
 * as AVIF or WebP.
 */
async function expectOptimisedPicture(page: Page, picture: Locator, loading: 'lazy' | 'eager'): Promise<void> {
  const source = picture.locator('source');
  await expect(source).toHaveCount(1);
  await expect(source).toHaveAttribute('type', 'image/avif');
  await expect(source).toHaveAttribute('srcset', /\.avif \d+w, .+ \d+w/);
  await expect(source).toHaveAttribute('sizes', /px/);
  const img = picture.locator('img');
  await expect(img).toHaveAttribute('sizes', /px/);
  await expect(img).toHaveAttribute('alt', /.{40,}/);
  await expect(img).toHaveAttribute('width', /^\d+$/);
  await expect(img).toHaveAttribute('height', /^\d+$/);
  await expect(img).toHaveAttribute('srcset', /\.webp \d+w/);
  await expect(img).toHaveAttribute('src', /\.webp$/);
  await expect(img).toHaveAttribute('loading', loading);
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), {
      message: 'the image loaded',
    })
    .toBe(true);
  const chosen = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
  const response = await page.request.get(chosen);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^image\/(avif|webp)$/);
}

test.describe('/work', () => {
  test('lists the four case studies with their images, each linking to its page', async ({ page }) => {
    await page.goto('/work');
    await expect(page).toHaveTitle(`Our Work | ${company}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Websites that bring in real business');
    const cards = page.getByRole('region', { name: 'Case studies' }).getByRole('listitem');
    await expect(cards).toHaveCount(studies.length);
    // The first row is above the fold at 1280 x 800 and loads at once; the rest waits.
    const viewportHeight = page.viewportSize()!.height;
    const tops = await cards.locator('picture').evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().top));
    expect(tops.map((top) => top < viewportHeight)).toEqual([true, true, false, false]);
    for (const [index, study] of studies.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(study.client);
      await expect(card.getByRole('link', { name: study.client })).toHaveAttribute('href', `/work/${study.slug}`);
      await expect(card).toContainText(study.industry);
      await expectOptimisedPicture(page, card.locator('picture'), index < 2 ? 'eager' : 'lazy');
    }
  });

  test('on a phone the first card’s image is the preloaded file, fetched once and small enough for one round trip', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
    const page = await context.newPage();
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image' && request.url().includes('/_astro/')) images.push(request.url());
    });
    await page.goto('/work');
    const img = page.getByRole('region', { name: 'Case studies' }).getByRole('listitem').first().locator('img');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    const chosen = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
    // 380 CSS px at a ratio of 1.75 wants 665 px: the 720 px AVIF, which the preload names too.
    const preload = await page.locator('head link[rel="preload"][as="image"]').getAttribute('imagesrcset');
    expect(preload).toContain(`${new URL(chosen).pathname} 720w`);
    expect(images.filter((url) => url === chosen)).toHaveLength(1);
    const body = await (await page.request.get(chosen)).body();
    expect(body.byteLength).toBeLessThanOrEqual(PHONE_IMAGE_MAX_BYTES);
    await context.close();
  });

  test('a card opens its case study', async ({ page }) => {
    await page.goto('/work');
    await page.getByRole('link', { name: 'Brennan Home Improvement' }).click();
    await expect(page).toHaveURL(/\/work\/brennan-home-improvement$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(studies[1].h1);
  });
});

for (const study of studies) {
  test.describe(`/work/${study.slug}`, () => {
    test('shows the client, the facts, the results, the before and after views and the testimonial', async ({
      page,
    }) => {
      await page.goto(`/work/${study.slug}`);
      await expect(page).toHaveTitle(`${study.client} case study | ${company}`);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description!.length).toBeGreaterThan(50);
      expect(description!.length).toBeLessThanOrEqual(160);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(study.h1);
      await expect(page.getByText(`Case study · ${study.client}`)).toBeVisible();

      const facts = page.getByRole('definition');
      for (const fact of [study.client, study.industry, study.year]) {
        await expect(facts.filter({ hasText: new RegExp(`^${fact}$`) })).toBeVisible();
      }
      await expect(page.getByRole('heading', { level: 2, name: 'Where they started' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'What we built' })).toBeVisible();

      const results = page.getByRole('region', { name: 'What changed' });
      await expect(results.getByRole('definition')).toHaveCount(study.results.length);
      for (const [index, [shown, spoken]] of study.results.entries()) {
        // The number as shown (hidden from screen readers) and as read aloud.
        const value = results.getByRole('definition').nth(index);
        await expect(value.locator('[aria-hidden="true"]')).toHaveText(shown);
        await expect(value.locator('[aria-hidden="true"]')).toBeVisible();
        await expect(value.locator('.sr-only')).toHaveText(spoken);
      }
      if (study.change) await expect(results.getByText(study.change, { exact: true })).toBeVisible();

      const views = page.getByRole('region', { name: 'The old website and the new one' }).getByRole('figure');
      await expect(views).toHaveCount(2);
      await expect(views.nth(0)).toContainText('Before');
      await expect(views.nth(1)).toContainText('After');
      for (const view of await views.all()) await expectOptimisedPicture(page, view.locator('picture'), 'lazy');
      // Side by side at 1280 px.
      const [before, after] = await Promise.all([views.nth(0).boundingBox(), views.nth(1).boundingBox()]);
      expect(Math.abs(before!.y - after!.y)).toBeLessThan(2);
      expect(after!.x).toBeGreaterThan(before!.x + before!.width);

      const quote = page.getByRole('region', { name: `What ${study.client} says` });
      await expect(quote.getByText(study.reviewer)).toBeVisible();
      await expect(quote.getByRole('img', { name: 'Rated 5 out of 5 stars' })).toBeVisible();

      await expect(page.getByRole('main').getByRole('link', { name: 'Get a Free Consultation' })).toHaveAttribute(
        'href',
        '/#contact',
      );
      await expect(page.getByRole('banner').getByRole('link', { name: 'All Case Studies' })).toHaveAttribute(
        'href',
        '/work',
      );
    });
  });
}

test('a case study page preloads its hero image, which is the largest contentful paint', async ({ page }) => {
  await page.goto('/work/sweet-hen-bakery');
  // The latest candidate so far; the browser reports a larger one once it is painted.
  const largestPaint = () =>
    page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as PerformanceEntry & { element: Element | null };
            resolve(last.element?.tagName ?? 'none');
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  await expect.poll(largestPaint, { message: 'the largest contentful paint at 1280 x 800' }).toBe('IMG');

  const hero = page.locator('main picture').first();
  await expect(hero.locator('img')).toHaveAttribute('fetchpriority', 'high');
  await expectOptimisedPicture(page, hero, 'eager');
  const avif = await hero.locator('source[type="image/avif"]').getAttribute('srcset');
  const preload = page.locator('head link[rel="preload"][as="image"]');
  await expect(preload).toHaveAttribute('type', 'image/avif');
  await expect(preload).toHaveAttribute('imagesrcset', avif!);
  await expect(preload).toHaveAttribute('fetchpriority', 'high');
});

test('the case study pages ship no JavaScript of their own', async ({ page }) => {
  for (const path of ['/work', '/work/brandywine-family-dental']) {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(scripts, `script files loaded by ${path}`).toEqual([]);
    await expect(page.locator(OTHER_ISLANDS)).toHaveCount(0);
    page.removeAllListeners('request');
  }
});

test('the landing page shows Selected work with links to the case studies and to /work', async ({ page }) => {
  await page.goto('/');
  const section = page.locator('#work');
  await expect(section.getByRole('heading', { level: 2 })).toHaveText('Real results for Delaware businesses');
  const links = section.getByRole('heading', { level: 3 }).getByRole('link');
  await expect(links).toHaveText(studies.slice(0, 3).map((s) => s.client));
  for (const [index, study] of studies.slice(0, 3).entries()) {
    await expect(links.nth(index)).toHaveAttribute('href', `/work/${study.slug}`);
  }
  await expect(section.getByText(studies[0].results[0][0], { exact: true })).toBeVisible();
  await expectOptimisedPicture(page, section.locator('picture').first(), 'lazy');
  await expect(section.getByRole('link', { name: 'See all our work' })).toHaveAttribute('href', '/work');
  await links.first().click();
  await expect(page).toHaveURL(/\/work\/sweet-hen-bakery$/);
});

test('the navigation, the footer, About and Pricing link to /work', async ({ page }) => {
  await page.goto('/');
  // The wide menu and the mobile menu (one of them hidden at any width).
  const nav = page.getByRole('banner').getByRole('link', { name: 'Work', exact: true, includeHidden: true });
  await expect(nav).toHaveCount(2);
  for (const link of await nav.all()) await expect(link).toHaveAttribute('href', '/work');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Work', exact: true })).toHaveAttribute(
    'href',
    '/work',
  );
  await page.goto('/about');
  await expect(page.getByRole('main').getByRole('link', { name: 'See our work' })).toHaveAttribute('href', '/work');
  await page.goto('/pricing');
  const link = page.getByRole('main').getByRole('link', { name: 'See websites we have built' });
  await expect(link).toHaveAttribute('href', '/work');
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Websites that bring in real business');
});

test.describe('@phone', () => {
  test('before and after views are stacked, and nothing scrolls sideways @phone', async ({ page }) => {
    await page.goto('/work/fern-and-stone-yoga');
    const views = page.getByRole('region', { name: 'The old website and the new one' }).getByRole('figure');
    const [before, after] = await Promise.all([views.nth(0).boundingBox(), views.nth(1).boundingBox()]);
    expect(after!.y).toBeGreaterThan(before!.y + before!.height);
    expect(Math.abs(after!.x - before!.x)).toBeLessThan(2);
    for (const path of ['/work', '/work/fern-and-stone-yoga']) {
      await page.goto(path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(page.viewportSize()!.width);
    }
  });
});
