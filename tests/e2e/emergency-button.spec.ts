import type { Locator, Page } from '@playwright/test';
import { LAYOUT_WIDTHS, resizeTo } from './support/layout.ts';
import { sitemapPaths } from './support/sitemap.ts';
import { test, expect, presetConsent } from './fixtures.ts';

/**
 * The Emergency button (docs/product.md#emergency) on every public page: there from the first
 * paint, before its island hydrates, in the emergency bar at the top; floating in the bottom-left
 * corner once the bar has scrolled away, in view and with nothing painted over it; covering no text
 * and no control at any width, at the top of the page and at its end; above the cookie banner while
 * the banner shows; and a press made before the island has hydrated, by mouse or by keyboard, opens
 * the Emergency Support dialog, which gives the focus back to the button when it closes.
 */

const fab = (page: Page) => page.getByRole('button', { name: 'Emergency', exact: true });

/** The text and controls under the button, as readable lines (decorations marked aria-hidden aside). */
function coveredBy(button: Locator): Promise<string[]> {
  return button.evaluate((fabElement) => {
    const box = fabElement.getBoundingClientRect();
    const overlaps = (r: DOMRect) =>
      r.width > 1 &&
      r.height > 1 &&
      r.left < box.right &&
      r.right > box.left &&
      r.top < box.bottom &&
      r.bottom > box.top;
    const shown = (el: Element) =>
      !el.closest('[aria-hidden="true"]') &&
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });
    const hits: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || fabElement.contains(parent) || !shown(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some(overlaps)) hits.push(`text "${text.slice(0, 50)}"`);
    }
    const controls = document.querySelectorAll(
      'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])',
    );
    for (const control of controls) {
      if (control === fabElement || control.contains(fabElement) || fabElement.contains(control) || !shown(control))
        continue;
      if (overlaps(control.getBoundingClientRect())) {
        const name = control.getAttribute('aria-label') ?? control.textContent ?? '';
        hits.push(`${control.tagName.toLowerCase()} "${name.trim().slice(0, 50)}"`);
      }
    }
    return hits;
  });
}

/** Whether the button's middle is the top-most thing on the screen there (nothing paints over it). */
function onTop(button: Locator): Promise<boolean> {
  return button.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && element.contains(hit);
  });
}

const floating = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-emergency-floating'));

test.describe('the Emergency button', () => {
  test.setTimeout(240_000);

  test('is on every public page from the first paint, docked at the top and floating at the end, covering nothing, from 320 to 2560 px', async ({
    page,
  }) => {
    await presetConsent(page);
    const paths = await sitemapPaths(page);
    expect(paths.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const path of paths) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(path);
      // Before any interaction, the island is still the server's HTML: the button is already there.
      await expect(page.locator('astro-island[component-url*="emergency-support"][ssr]'), path).toHaveCount(1);
      await expect(fab(page), path).toBeVisible();
      for (const width of LAYOUT_WIDTHS) {
        await resizeTo(page, width);
        for (const where of ['top', 'end'] as const) {
          // Blocks rendered only once on screen change the page's height as they come into view:
          // the end is where scrolling down no longer moves.
          await page.evaluate(async (end) => {
            const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
            for (let tries = 0; tries < 10; tries++) {
              const before = window.scrollY;
              window.scrollTo({ top: end ? document.documentElement.scrollHeight : 0, behavior: 'instant' });
              await frames();
              if (window.scrollY === before) break;
            }
          }, where === 'end');
          await expect.poll(() => floating(page), `${path} at ${width} px, ${where}`).toBe(where === 'end');
          await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
          const at = `${path} at ${width} px, ${where}`;
          if (
            !(await fab(page).evaluate((b) => {
              const r = b.getBoundingClientRect();
              return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
            }))
          )
            problems.push(`${at}: not wholly in view`);
          if (!(await onTop(fab(page)))) problems.push(`${at}: something paints over the button`);
          for (const hit of await coveredBy(fab(page))) problems.push(`${at}: covers ${hit}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  test('floats above the cookie banner while it shows, and back in its corner once it goes', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/about');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await page.mouse.wheel(0, 800);
    await expect.poll(() => floating(page)).toBe(true);
    await expect
      .poll(async () => {
        const [button, bar] = await Promise.all([fab(page).boundingBox(), banner.boundingBox()]);
        return button && bar ? Math.round(bar.y - (button.y + button.height)) : -1;
      })
      .toBe(16);
    // 16 px clear of the banner, and nothing of the banner (or the page) painted over it.
    expect(await onTop(fab(page))).toBe(true);
    await banner.getByRole('button', { name: 'Necessary Only' }).click();
    await expect(banner).toBeHidden();
    await expect
      .poll(async () => {
        const box = await fab(page).boundingBox();
        return box ? Math.round(740 - (box.y + box.height)) : -1;
      })
      .toBe(16);
  });

  for (const how of ['mouse', 'keyboard'] as const) {
    test(`a ${how} press before the island has loaded opens the Emergency Support dialog once it has`, async ({
      page,
    }) => {
      await presetConsent(page);
      // The island's code is held back until the press has been made.
      let release: () => void = () => {};
      const held = new Promise<void>((done) => (release = done));
      await page.route(/\/_astro\/emergency-support\.[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/pricing');
      await expect(page.locator('astro-island[component-url*="emergency-support"][ssr]')).toHaveCount(1);
      if (how === 'mouse') {
        await fab(page).click();
      } else {
        await fab(page).focus();
        await page.keyboard.press('Enter');
      }
      await expect(page.getByRole('dialog', { name: 'Emergency Support' })).toHaveCount(0);
      release();
      const dialog = page.getByRole('dialog', { name: 'Emergency Support' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('link', { name: /Call the hotline/ })).toHaveAttribute('href', 'tel:+13025550147');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(fab(page)).toBeFocused();
    });
  }
});
