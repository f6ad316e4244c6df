/**
 * What every public page weighs and shares (docs/product.md#performance,
 * docs/decisions/0028-shared-stylesheet-and-icon-sprite.md): at most 80 KB of HTML before
 * compression; one stylesheet shared by every page and one icon sprite, both cached as immutable;
 * every icon drawn from a symbol the sprite holds.
 */
import { readFileSync } from 'node:fs';
import { test, expect, presetConsent } from './fixtures.ts';
import { sitemapPaths } from './support/sitemap.ts';

/** The most HTML a public page may send, in bytes before compression. */
const MAX_HTML_BYTES = 80_000;

/** The sprite's symbols, as src/assets/icons.svg holds them (the build serves that file). */
const SPRITE_IDS = [...readFileSync('src/assets/icons.svg', 'utf8').matchAll(/<symbol id="([^"]+)"/g)].map(
  (m) => m[1]!,
);

test('every public page is at most 80 KB of HTML and links the one shared stylesheet', async ({ page }) => {
  const paths = await sitemapPaths(page);
  const stylesheets = new Set<string>();
  const sizes: Record<string, number> = {};
  for (const path of paths) {
    const response = await page.request.get(path, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    sizes[path] = Buffer.byteLength(html);
    const links = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
    expect(links, `${path}: its stylesheets`).toHaveLength(1);
    stylesheets.add(links[0]!);
  }
  expect(Object.entries(sizes).filter(([, bytes]) => bytes > MAX_HTML_BYTES)).toEqual([]);
  expect([...stylesheets], 'one stylesheet for every public page').toHaveLength(1);
  const [href] = stylesheets;
  const css = await page.request.get(href!);
  expect(css.status()).toBe(200);
  expect(css.headers()['content-type']).toMatch(/^text\/css/);
  expect(css.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('the icons of the landing page come from one cached sprite, and every one is drawn', async ({ page }) => {
  await presetConsent(page);
  await page.goto('/');
  const hrefs = await page.locator('svg.icon > use').evaluateAll((uses) => uses.map((u) => u.getAttribute('href')!));
  expect(hrefs.length).toBeGreaterThan(50);
  const files = new Set(hrefs.map((href) => href.split('#')[0]));
  expect(files.size, 'one sprite').toBe(1);
  const [file] = files;
  expect(file).toMatch(/^\/_astro\/icons\.[\w-]+\.svg$/);
  const ids = hrefs.map((href) => href.split('#')[1]!);
  expect(ids.filter((id) => !SPRITE_IDS.includes(id))).toEqual([]);

  const sprite = await page.request.get(file!);
  expect(sprite.headers()['content-type']).toBe('image/svg+xml');
  expect(sprite.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect([...(await sprite.text()).matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1])).toEqual(SPRITE_IDS);

  // The browser resolved each reference: a <use> whose symbol it drew has a box; one it could not
  // find (a wrong id, the sprite not loaded) has none.
  const icons = page.locator('#services svg.icon, #top-nav svg.icon:visible, footer svg.icon');
  await expect
    .poll(() =>
      icons.evaluateAll(
        (svgs) =>
          svgs.filter((svg) => {
            const box = (svg.querySelector('use') as SVGUseElement).getBBox();
            return box.width === 0 || box.height === 0;
          }).length,
      ),
    )
    .toBe(0);
  expect(await icons.count()).toBeGreaterThan(5);
  // Drawn as Lucide draws it: no fill, a round 2 px stroke in the text colour.
  const style = await page
    .locator('#services svg.icon')
    .first()
    .evaluate((svg) => {
      const s = getComputedStyle(svg);
      return { fill: s.fill, stroke: s.stroke, color: s.color, width: s.strokeWidth, cap: s.strokeLinecap };
    });
  expect(style).toEqual({ fill: 'none', stroke: style.color, color: style.color, width: '2px', cap: 'round' });
});

test("a testimonial's rating is one image of five stars, read as its label", async ({ page }) => {
  await presetConsent(page);
  await page.goto('/');
  const rating = page.getByRole('img', { name: 'Rated 5 out of 5 stars' }).first();
  await rating.scrollIntoViewIfNeeded();
  await expect(rating).toBeVisible();
  // Five 20 px stars, 2 px apart.
  expect(await rating.boundingBox()).toMatchObject({ width: 108, height: 20 });
  await expect(rating.locator('svg')).toHaveCount(0);
});
