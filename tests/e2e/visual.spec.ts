import { join } from 'node:path';
import { test, expect, presetConsent } from './fixtures.ts';
import { sitemapPaths } from './support/sitemap.ts';

/**
 * Screenshot comparisons (docs/product.md#visual-checks): the first screen of every public page
 * (the sitemap's) at 375, 768, 1280 and 1920 px, and the landing page's sections below the fold
 * (without the fixed bar and the floating button, which would otherwise cut through them),
 * against the baselines committed in tests/e2e/screenshots/. Decorations stand still (reduced
 * motion), the cookie choice is made beforehand. A difference beyond the tolerance set in
 * playwright.config.ts (font anti-aliasing) fails the test and leaves the actual image and the
 * difference next to the failure. `npm run test:visual:update` rewrites the baselines after an
 * intended change; review them as images before committing.
 */
const WIDTHS = [375, 768, 1280, 1920] as const;
/** The landing page's sections below the first screen, each compared on its own. */
const LANDING_SECTIONS = [
  'roots',
  'services',
  'work',
  'process',
  'tools',
  'plan',
  'featured-articles',
  'testimonials',
  'contact',
] as const;
/** Hides the fixed bar and the floating button in section screenshots. */
const SECTION_STYLE = join(import.meta.dirname, 'support', 'sections.css');

/** A file name for a page: `/` is `home`, `/blog/a-post/` is `blog-a-post`. */
const nameOf = (path: string) => path.replace(/^\/|\/$/g, '').replace(/\//g, '-') || 'home';

for (const width of WIDTHS) {
  test.describe(`screenshots at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 740 : 900 } });
    test.beforeEach(async ({ page, allowPageErrors }) => {
      // Checking for a session answers 401 when there is none; Chromium logs every such answer.
      allowPageErrors(/status of 401/);
      await presetConsent(page);
    });

    test('every public page, first screen', async ({ page }) => {
      test.slow();
      for (const path of await sitemapPaths(page)) {
        await test.step(path, async () => {
          await page.goto(path, { waitUntil: 'networkidle' });
          await page.evaluate(() => document.fonts.ready);
          // Islands that hydrate on load or when idle first (the screenshot's caret hiding touches
          // inputs, which a later hydration would find changed).
          await expect(page.locator('astro-island[ssr][client="load"], astro-island[ssr][client="idle"]')).toHaveCount(
            0,
          );
          await expect.soft(page, path).toHaveScreenshot(`${nameOf(path)}-${width}.png`);
        });
      }
    });

    test('the landing page, section by section', async ({ page }) => {
      // Ten sections, each scrolled to, hydrated and compared.
      test.slow();
      await page.goto('/', { waitUntil: 'networkidle' });
      for (const id of LANDING_SECTIONS) {
        await test.step(id, async () => {
          const section = page.locator(`#${id}`);
          await section.scrollIntoViewIfNeeded();
          // The section's islands hydrate on sight; the screenshot waits for them.
          await expect(section.locator('astro-island[ssr]')).toHaveCount(0);
          await page.waitForLoadState('networkidle');
          // A section still settling on a busy machine (an island above it hydrating) is waited for.
          await expect
            .soft(section, id)
            .toHaveScreenshot(`home-${id}-${width}.png`, { stylePath: SECTION_STYLE, timeout: 20_000 });
        });
      }
    });
  });
}
