import type { Locator, Page } from '@playwright/test';
import { LAYOUT_WIDTHS, resizeTo } from './support/layout.ts';
import { sitemapPaths } from './support/sitemap.ts';
import { test, expect, presetConsent } from './fixtures.ts';

/**
 * The Emergency button (docs/product.md#emergency) on every public page: there from the first
 * paint, before its island hydrates, in the emergency bar at the top; floating in the bottom-left
 * corner once the bar has scrolled away, in view and with nothing painted over it; covering no text
 * and no control at any width, at the top of the page and at its end, nor any line in view while a
 * visitor scrolls (its strip across the bottom hides what passes under it); above the cookie banner while
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

/**
 * The lines of text and the controls that the button sits over while they are in view: for each one
 * under the button, the same height of the window beside the button is probed; when the page itself
 * shows there (not a fixed bar such as the button's strip or the cookie banner), the button covers
 * part of something a visitor is reading or using.
 */
function coveredInView(button: Locator): Promise<string[]> {
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
    const fixed = (el: Element | null) => {
      for (let e = el; e; e = e.parentElement) if (getComputedStyle(e).position === 'fixed') return true;
      return false;
    };
    // Whether the page (not a fixed bar) shows at height y, beside the button.
    const pageShowsAt = (y: number) =>
      [box.right + 4, innerWidth - 4, box.left - 4]
        .filter((x) => x >= 0 && x < innerWidth)
        .some((x) => {
          const hit = document.elementFromPoint(x, y);
          return hit !== null && !fixed(hit);
        });
    const hits: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || fabElement.contains(parent) || fixed(parent) || !shown(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        if (!overlaps(r)) continue;
        const y = (Math.max(r.top, box.top) + Math.min(r.bottom, box.bottom)) / 2;
        if (pageShowsAt(y)) hits.push(`text "${text.slice(0, 50)}"`);
      }
    }
    for (const control of document.querySelectorAll('a[href], button, input, select, textarea')) {
      if (fabElement.contains(control) || control.contains(fabElement) || fixed(control) || !shown(control)) continue;
      const r = control.getBoundingClientRect();
      if (!overlaps(r)) continue;
      const y = (Math.max(r.top, box.top) + Math.min(r.bottom, box.bottom)) / 2;
      if (pageShowsAt(y))
        hits.push(`${control.tagName.toLowerCase()} "${(control.textContent ?? '').trim().slice(0, 50)}"`);
    }
    return hits;
  });
}

/** The public pages a visitor reads, and a page that does not exist. */
const READ_PAGES = [
  '/',
  '/about',
  '/pricing',
  '/awards',
  '/blog',
  '/website-audit',
  '/bug-bounty-toolkit',
  '/privacy-policy',
  '/terms-of-service',
  '/no-such-page',
];

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
      .toBe(8);
    // Its strip sits right on the banner; nothing of the banner (or the page) painted over it.
    const strip = page.locator('.emergency-strip');
    const [stripBox, bannerBox] = await Promise.all([strip.boundingBox(), banner.boundingBox()]);
    expect(Math.round(stripBox!.y + stripBox!.height)).toBe(Math.round(bannerBox!.y));
    expect(await onTop(fab(page))).toBe(true);
    await banner.getByRole('button', { name: 'Necessary Only' }).click();
    await expect(banner).toBeHidden();
    await expect
      .poll(async () => {
        const box = await fab(page).boundingBox();
        return box ? Math.round(740 - (box.y + box.height)) : -1;
      })
      .toBe(8);
    await expect
      .poll(async () => Math.round((await strip.boundingBox())!.y + (await strip.boundingBox())!.height))
      .toBe(740);
  });

  for (const width of [375, 1280]) {
    test(`covers no line of text or control while a visitor scrolls any public page at ${width} px`, async ({
      page,
      allowPageErrors,
    }) => {
      // The not-found page is served with its status, 404, which the browser logs.
      allowPageErrors(/status of 404/);
      await presetConsent(page);
      await page.setViewportSize({ width, height: width < 640 ? 740 : 800 });
      await page.goto('/blog');
      const post = await page.locator('main a[href^="/blog/"]').first().getAttribute('href');
      expect(post).toBeTruthy();
      const problems: string[] = [];
      for (const path of [...READ_PAGES, post!]) {
        await page.goto(path);
        const stops = 8;
        for (let stop = 1; stop <= stops; stop++) {
          // From just past the emergency bar to the end, in even steps.
          await page.evaluate(async (fraction) => {
            window.scrollTo({
              top: (document.documentElement.scrollHeight - innerHeight) * fraction,
              behavior: 'instant',
            });
            await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
          }, stop / stops);
          if (!(await floating(page))) continue;
          await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
          const at = `${path} at ${width} px, ${stop}/${stops} of the way down`;
          if (!(await onTop(fab(page)))) problems.push(`${at}: something paints over the button`);
          for (const hit of await coveredInView(fab(page))) problems.push(`${at}: covers ${hit}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

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
