import type { Page } from '@playwright/test';
import { test, expect, presetConsent } from './fixtures.ts';
import { LAYOUT_WIDTHS, layoutProblems, resizeTo, viewportFor } from './support/layout.ts';
import { BAKERY } from './support/sample-clients.ts';
import { sitemapPaths } from './support/sitemap.ts';

/**
 * The layout check (docs/product.md#layout-checks) on every public page (the sitemap's), the
 * portal's and the dashboard's screens, the cookie banner and the open mobile menu, at each width
 * of LAYOUT_WIDTHS: no sideways scrolling, a one-line top bar, no clipped text, no text covered
 * in the first screen. A page is loaded once and resized through the widths (the layout is
 * CSS-driven), back at the top of the page for each width.
 */
const SHARDS = 3;

/** Every problem of the current page at every width, as `width px: problem` lines. */
async function problemsAtEveryWidth(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const width of LAYOUT_WIDTHS) {
    await resizeTo(page, width);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    for (const problem of await layoutProblems(page)) found.push(`${width} px: ${problem}`);
  }
  return found;
}

test.describe('layout at every width', () => {
  test.beforeEach(({ allowPageErrors }) => {
    // Checking for a session answers 401 when there is none; Chromium logs every such answer.
    allowPageErrors(/status of 401/);
  });

  for (let shard = 0; shard < SHARDS; shard++) {
    test(`public pages, part ${shard + 1} of ${SHARDS}`, async ({ page }) => {
      test.slow();
      await presetConsent(page);
      const paths = (await sitemapPaths(page)).filter((_, index) => index % SHARDS === shard);
      for (const path of paths) {
        await test.step(path, async () => {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
          expect.soft(await problemsAtEveryWidth(page), path).toEqual([]);
        });
      }
    });
  }

  test('the cookie banner and the open mobile menu', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    expect.soft(await problemsAtEveryWidth(page), 'with the cookie banner').toEqual([]);
    for (const width of LAYOUT_WIDTHS) {
      const viewport = viewportFor(width);
      await resizeTo(page, width);
      const box = (await banner.boundingBox())!;
      // It used to take over a third of a phone's screen.
      expect.soft(box.height, `banner height at ${width} px`).toBeLessThanOrEqual(viewport.height * 0.25);
      // Its answer buttons (on phones Customize is a link in the text) are all of one height: none wraps.
      const heights = await banner
        .locator('button.consent-button')
        .evaluateAll((buttons) => buttons.filter((b) => b.getClientRects().length > 0).map((b) => b.clientHeight));
      expect.soft(new Set(heights).size, `button heights at ${width} px: ${heights.join(', ')}`).toBe(1);
    }

    await presetConsent(page);
    await page.goto('/');
    for (const width of LAYOUT_WIDTHS.filter((w) => w < 1536)) {
      await test.step(`${width} px, menu open`, async () => {
        await resizeTo(page, width);
        await page.getByRole('button', { name: 'Menu' }).click();
        await expect(page.locator('#mobile-menu')).toBeVisible();
        // Only the bar and the menu show: the floating Emergency button steps aside.
        await expect(page.getByRole('button', { name: 'Emergency', exact: true })).toBeHidden();
        expect.soft(await layoutProblems(page), `${width} px, menu open`).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(page.locator('#mobile-menu')).toBeHidden();
      });
    }
  });

  test('portal screens', async ({ page, signInClient, allowPageErrors }) => {
    test.slow();
    allowPageErrors(/status of 404/);
    await presetConsent(page);
    const client = await signInClient(BAKERY);
    const screens = [
      { path: '/portal', ready: page.getByRole('link', { name: /Bakery website redesign/ }) },
      {
        path: `/portal/projects/${client.projects[0]!.id}`,
        ready: page.getByRole('region', { name: 'Milestones' }).getByRole('listitem').first(),
      },
      { path: '/portal/settings', ready: page.getByRole('heading', { level: 1, name: 'Settings' }) },
    ];
    for (const { path, ready } of screens) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(ready).toBeVisible();
        expect.soft(await problemsAtEveryWidth(page), path).toEqual([]);
      });
    }
    await page.context().clearCookies();
    await test.step('signed out', async () => {
      await page.goto('/portal/login');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect.soft(await problemsAtEveryWidth(page), '/portal/login').toEqual([]);
    });
  });

  test('dashboard screens', async ({ staffPage: page, newClient }) => {
    test.slow();
    await presetConsent(page);
    await newClient(BAKERY);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    for (const tab of [/^Clients/, /^Projects/, /^Messages/, /^Contact Forms/]) {
      await test.step(String(tab), async () => {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tabpanel').getByRole('status')).toHaveCount(0);
        expect.soft(await problemsAtEveryWidth(page), String(tab)).toEqual([]);
      });
    }
  });
});
