/**
 * Deferred rendering (docs/decisions/0017-deferred-rendering.md): on a phone, the blocks below the
 * first screen are skipped by the browser at load, everything in the first screen is drawn, and a
 * skipped block is drawn, with its text, once the visitor scrolls to it.
 */
import type { Page } from '@playwright/test';
import { test, expect, presetConsent } from './fixtures.ts';

/**
 * Every element the browser renders lazily and that holds other elements, with where it starts
 * and whether its contents are drawn now (a skipped block's own box stays, as a placeholder).
 */
function lazyBlocks(page: Page): Promise<{ top: number; drawn: boolean; text: string }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => getComputedStyle(element).contentVisibility === 'auto' && element.firstElementChild)
      .map((element) => ({
        top: element.getBoundingClientRect().top + window.scrollY,
        drawn: element.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }),
        text: (element.textContent ?? '').trim().slice(0, 40),
      })),
  );
}

const PAGES = ['/', '/about', '/work/sweet-hen-bakery', '/blog/page-speed-and-accessibility', '/privacy-policy'];

test.describe('deferred rendering @phone', () => {
  for (const path of PAGES) {
    test(`${path}: blocks below the first screen are skipped until scrolled to`, async ({ page }) => {
      await presetConsent(page);
      await page.goto(path);
      const viewport = page.viewportSize()!;
      const blocks = await lazyBlocks(page);
      const below = blocks.filter((block) => block.top > viewport.height * 3);
      expect(below.length, 'blocks well below the first screen').toBeGreaterThan(0);
      expect(
        below.filter((block) => block.drawn),
        'blocks three screens down drawn at load',
      ).toEqual([]);
      expect(
        blocks.filter((block) => block.top < viewport.height && !block.drawn),
        'blocks in the first screen left undrawn',
      ).toEqual([]);

      // The footer's contents are skipped at load and drawn once the visitor reaches them.
      const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Pricing', exact: true });
      expect(await footerLink.evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }))).toBe(
        false,
      );
      await footerLink.scrollIntoViewIfNeeded();
      await expect(footerLink).toBeInViewport();
      await expect
        .poll(() => footerLink.evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true })))
        .toBe(true);
    });
  }

  test('keyboard focus ends in view at every Tab stop of an article, down to the footer', async ({ page }) => {
    await presetConsent(page);
    await page.goto('/blog/page-speed-and-accessibility');
    const focused = page.locator(':focus');
    for (let stop = 0; stop < 60; stop++) {
      await page.keyboard.press('Tab');
      await expect(focused, `Tab stop ${stop + 1}`).toBeInViewport();
      if ((await focused.textContent())?.trim() === 'Terms of Service') return;
    }
    throw new Error('Tab never reached the footer');
  });
});
