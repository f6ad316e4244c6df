/**
 * What every public page weighs and shares (docs/product.md#performance,
 * docs/decisions/0028-shared-stylesheet-and-icon-sprite.md): at most 80 KB of HTML before
 * compression; one stylesheet shared by every page and one icon sprite, both cached as immutable;
 * every icon drawn from a symbol the sprite holds.
 */
import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { test, expect, presetConsent } from './fixtures.ts';
import { PHONE_IMAGE_MAX_BYTES } from './support/phone-image.ts';
import { sitemapPaths } from './support/sitemap.ts';

/** The most HTML a public page may send, in bytes before compression. */
const MAX_HTML_BYTES = 80_000;

/** The sprite's symbols, as src/assets/icons.svg holds them (the build serves that file). */
const SPRITE_IDS = [...readFileSync('src/assets/icons.svg', 'utf8').matchAll(/<symbol id="([^"]+)"/g)].map(
  (m) => m[1]!,
);

/**
 * How many of `icons` the browser did not draw: a `<use>` whose symbol it drew has a box; one it
 * could not find (a wrong id, the sprite not loaded) has none.
 */
function undrawnIcons(icons: Locator): Promise<number> {
  return icons.evaluateAll(
    (svgs) =>
      svgs.filter((svg) => {
        const box = (svg.querySelector('use') as SVGUseElement).getBBox();
        return box.width === 0 || box.height === 0;
      }).length,
  );
}

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
  await expect.poll(() => undrawnIcons(icons)).toBe(0);
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

test('a page whose largest paint is an image draws its icons from symbols it holds, and fetches the sprite only for a dialog', async ({
  page,
}) => {
  await presetConsent(page);
  const spriteRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/_astro\/icons\.[\w-]+\.svg$/.test(new URL(request.url()).pathname)) spriteRequests.push(request.url());
  });
  await page.goto('/blog/99-month-website-plan', { waitUntil: 'load' });

  const hrefs = await page.locator('svg.icon > use').evaluateAll((uses) => uses.map((u) => u.getAttribute('href')!));
  expect(hrefs.length).toBeGreaterThan(5);
  // Every reference is to a symbol in the page, and that symbol is the sprite's own drawing.
  for (const href of new Set(hrefs)) {
    expect(href).toMatch(/^#icon-[\w-]+$/);
    const id = href.slice('#icon-'.length);
    expect(SPRITE_IDS, href).toContain(id);
    await expect(page.locator(`svg.icon-symbols > symbol[id="icon-${id}"]`)).toHaveCount(1);
  }
  await expect(page.locator('svg.icon-symbols')).toBeHidden();
  const drawn = page.locator('header svg.icon:visible, footer svg.icon, main svg.icon:visible');
  expect(await drawn.count()).toBeGreaterThan(3);
  expect(await undrawnIcons(drawn)).toBe(0);
  // The Emergency button, hydrated on the in-page symbol, still draws its icon.
  const emergency = page.getByRole('button', { name: 'Emergency', exact: true });
  await expect(emergency.locator('svg.icon > use')).toHaveAttribute('href', '#icon-triangle-exclamation-point');
  expect(spriteRequests, 'no sprite request while the page loads').toEqual([]);

  // Its dialog draws icons the page does not hold: from the sprite, fetched now.
  await emergency.click();
  const dialog = page.getByRole('dialog', { name: 'Emergency Support' });
  await expect(dialog).toBeVisible();
  const dialogIcons = dialog.locator('svg.icon');
  expect(await dialogIcons.count()).toBeGreaterThan(0);
  await expect.poll(() => undrawnIcons(dialogIcons)).toBe(0);
  expect(spriteRequests.length).toBeGreaterThan(0);
});

test('on a phone, every page whose largest paint is an image gets it preloaded and small enough for the first round trip', async ({
  browser,
  page,
}) => {
  const paths: string[] = [];
  for (const path of await sitemapPaths(page)) {
    const html = await (await page.request.get(path)).text();
    if (/<img[^>]*\sfetchpriority="high"/.test(html)) paths.push(path);
  }
  // The five articles, the four case studies and /work.
  expect(paths.length).toBeGreaterThanOrEqual(10);
  const phone = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
  const tab = await phone.newPage();
  const weights: Record<string, number> = {};
  for (const path of paths) {
    await tab.goto(path);
    const img = tab.locator('img[fetchpriority="high"]');
    await expect(img, path).toHaveCount(1);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    const chosen = new URL(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).pathname;
    expect(chosen, path).toMatch(/\.avif$/);
    const preload = await tab.locator('head link[rel="preload"][as="image"]').getAttribute('imagesrcset');
    expect(preload, path).toContain(`${chosen} `);
    weights[path] = (await (await tab.request.get(chosen)).body()).byteLength;
  }
  expect(Object.entries(weights).filter(([, bytes]) => bytes > PHONE_IMAGE_MAX_BYTES)).toEqual([]);
  await phone.close();
});
