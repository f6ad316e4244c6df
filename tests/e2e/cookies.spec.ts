import { test, expect } from './fixtures.ts';
import type { Page } from '@playwright/test';

const ANALYTICS_HOST = 'analytics.example.net';

/** Serves the analytics provider's script from the test, counting its loads. */
async function fakeAnalytics(page: Page): Promise<{ loads: number }> {
  const counter = { loads: 0 };
  await page.route(`https://${ANALYTICS_HOST}/**`, async (route) => {
    counter.loads += 1;
    await route.fulfill({
      contentType: 'text/javascript',
      body: 'window.__pageViews = (window.__pageViews || 0) + 1;',
    });
  });
  return counter;
}

const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('cookie-consent') ?? 'null'));

/** The banner shows this long after a first visit. */
const BANNER_DELAY_MS = 1000;

/** Installs the page's clock, paused: timers run only when the test moves the clock. */
async function pauseClock(page: Page) {
  await page.clock.install({ time: new Date('2026-11-20T10:00:00Z') });
  await page.clock.pauseAt(new Date('2026-11-20T10:00:01Z'));
}

/** The banner element itself, found hidden or not (a role query finds only a shown one). */
const bannerElement = (page: Page) => page.locator('#cookie-banner');

test.describe('cookie banner', () => {
  test.beforeEach(async ({ page }) => {
    await fakeAnalytics(page);
  });

  test('appears 1 second after a first visit, not before', async ({ page }) => {
    await pauseClock(page);
    await page.goto('/about');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(bannerElement(page)).toHaveAttribute('hidden', '');
    await page.clock.runFor(BANNER_DELAY_MS - 1);
    await expect(bannerElement(page)).toHaveAttribute('hidden', '');
    await page.clock.runFor(1);
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Accept All' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Necessary Only' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Customize' })).toBeVisible();
  });

  test('Accept All saves every category and the banner stays away afterwards', async ({ page }) => {
    const analytics = await fakeAnalytics(page);
    await pauseClock(page);
    await page.goto('/pricing');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await page.clock.runFor(BANNER_DELAY_MS);
    await banner.getByRole('button', { name: 'Accept All' }).click();
    await expect(banner).toBeHidden();
    expect(await stored(page)).toEqual({ necessary: true, analytics: true, marketing: true, functional: true });
    await expect.poll(() => analytics.loads).toBe(1);
    await page.reload();
    // The reloaded page reads the choice once the browser is idle after its first paint (the
    // paused clock's idle callback runs when the clock moves): analytics loads again, and past the
    // delay the banner still does not show.
    await page.clock.runFor(BANNER_DELAY_MS);
    await expect.poll(() => analytics.loads).toBe(2);
    await expect(bannerElement(page)).toHaveAttribute('hidden', '');
  });

  test('Necessary Only saves only the necessary category', async ({ page }) => {
    await pauseClock(page);
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await page.clock.runFor(BANNER_DELAY_MS);
    await banner.getByRole('button', { name: 'Necessary Only' }).click();
    await expect(banner).toBeHidden();
    expect(await stored(page)).toEqual({ necessary: true, analytics: false, marketing: false, functional: false });
    await page.reload();
    // Past the delay the reloaded page still shows no banner, though its script is running: the
    // footer link opens the preferences with the saved choice.
    await page.clock.runFor(BANNER_DELAY_MS);
    await expect(bannerElement(page)).toHaveAttribute('hidden', '');
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
    await expect(dialog.getByRole('switch', { name: 'Analytics' })).toHaveAttribute('aria-checked', 'false');
  });

  test('Customize offers switches with necessary locked on and saves the choice', async ({ page }) => {
    await page.goto('/blog');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Customize' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
    await expect(dialog).toBeVisible();
    const necessary = dialog.getByRole('switch', { name: 'Necessary' });
    await expect(necessary).toHaveAttribute('aria-checked', 'true');
    await expect(necessary).toHaveAttribute('aria-disabled', 'true');
    await necessary.dispatchEvent('click');
    await expect(necessary).toHaveAttribute('aria-checked', 'true');
    for (const name of ['Analytics', 'Marketing', 'Functional']) {
      await expect(dialog.getByRole('switch', { name })).toHaveAttribute('aria-checked', 'false');
    }
    await dialog.getByRole('switch', { name: 'Analytics' }).click();
    await dialog.getByRole('switch', { name: 'Functional' }).click();
    await dialog.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(dialog).toBeHidden();
    await expect(banner).toBeHidden();
    expect(await stored(page)).toEqual({ necessary: true, analytics: true, marketing: false, functional: true });
  });

  test('Cancel closes the preferences without saving and keeps the banner', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Customize' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
    await dialog.getByRole('switch', { name: 'Marketing' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(banner).toBeVisible();
    expect(await stored(page)).toBeNull();
  });

  test('the close button hides the banner without saving, so it returns on the next visit', async ({ page }) => {
    await page.goto('/awards');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Close cookie banner' }).click();
    await expect(banner).toBeHidden();
    expect(await stored(page)).toBeNull();
    await page.reload();
    await expect(banner).toBeVisible();
  });

  test('the footer link reopens the preferences with the saved choice', async ({ page }) => {
    await page.goto('/privacy-policy');
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Necessary Only' }).click();
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
    await expect(dialog.getByRole('switch', { name: 'Analytics' })).toHaveAttribute('aria-checked', 'false');
    await dialog.getByRole('switch', { name: 'Analytics' }).click();
    await dialog.getByRole('button', { name: 'Save Preferences' }).click();
    expect((await stored(page)).analytics).toBe(true);
  });

  test('works by keyboard alone', async ({ page }) => {
    await page.goto('/terms-of-service');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Customize' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('switch', { name: 'Marketing' }).focus();
    await page.keyboard.press('Space');
    await dialog.getByRole('button', { name: 'Save Preferences' }).focus();
    await page.keyboard.press('Enter');
    expect(await stored(page)).toEqual({ necessary: true, analytics: false, marketing: true, functional: false });
  });
});

test.describe('analytics and third parties', () => {
  test('no request leaves for a third-party host before consent; analytics loads after it', async ({ page }) => {
    const analytics = await fakeAnalytics(page);
    const thirdParty: string[] = [];
    page.on('request', (request) => {
      const host = new URL(request.url()).hostname;
      if (!['localhost', '127.0.0.1'].includes(host) && !request.url().startsWith('data:'))
        thirdParty.push(request.url());
    });
    for (const path of ['/', '/about', '/pricing', '/awards', '/blog', '/privacy-policy', '/terms-of-service']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    await page.goto('/');
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(thirdParty).toEqual([]);
    expect(analytics.loads).toBe(0);

    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Accept All' }).click();
    await expect.poll(() => analytics.loads).toBe(1);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __pageViews?: number }).__pageViews)).toBe(1);
    await expect(page.locator(`script[src="https://${ANALYTICS_HOST}/script.js"]`)).toHaveAttribute(
      'data-website-id',
      'e2e-site',
    );

    await page.goto('/pricing');
    await expect.poll(() => analytics.loads).toBe(2);
  });

  test('analytics stays off when only necessary storage is allowed', async ({ page }) => {
    const analytics = await fakeAnalytics(page);
    await page.goto('/');
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Necessary Only' }).click();
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    expect(analytics.loads).toBe(0);
    await expect(page.locator('script[data-analytics]')).toHaveCount(0);
  });
});

test.describe('cookie banner on a phone and in the work areas', () => {
  test('at 375 px its words are spaced and its buttons stand apart, none wrapping', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/pricing');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    // What a reader reads: every word apart ('policy. Customize', not 'policy.Customize').
    const text = (await banner.locator('.consent-text').evaluate((p) => (p as HTMLElement).innerText)).trim();
    expect(text).toMatch(/privacy policy\.\s+Customize$/);
    expect(text).not.toMatch(/[a-z.][A-Z]/);
    const boxes = await Promise.all(
      ['Accept All', 'Necessary Only'].map(async (name) => (await banner.getByRole('button', { name }).boundingBox())!),
    );
    const [all, necessary] = boxes as [NonNullable<(typeof boxes)[0]>, NonNullable<(typeof boxes)[0]>];
    // Side by side, at least 12 px apart, each on one line, within the window.
    expect(Math.abs(all.y - necessary.y)).toBeLessThan(2);
    expect(necessary.x - (all.x + all.width)).toBeGreaterThanOrEqual(12);
    expect(necessary.x + necessary.width).toBeLessThanOrEqual(375);
    for (const name of ['Accept All', 'Necessary Only']) {
      const lines = await banner
        .getByRole('button', { name })
        .evaluate((b) => Math.round(b.getBoundingClientRect().height / parseFloat(getComputedStyle(b).lineHeight)));
      expect(lines, name).toBeLessThanOrEqual(2);
      expect(await banner.getByRole('button', { name }).evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
    }
    // At most a quarter of the screen.
    expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(740 / 4);
  });

  for (const path of ['/portal', '/portal/login', '/portal/settings', '/admin', '/admin/login']) {
    test(`is not shown on ${path}`, async ({ page, allowPageErrors }) => {
      // Signed out, the portal and the dashboard ask who is there and are told 401.
      allowPageErrors(/status of 401/);
      // The banner is in a page's own HTML or nowhere: the served page has none, and no script adds one.
      const html = await (await page.request.get(path)).text();
      expect(html).not.toContain('id="cookie-banner"');
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('#cookie-banner')).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
    });
  }

  test('is still shown on the public pages', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  });
});
