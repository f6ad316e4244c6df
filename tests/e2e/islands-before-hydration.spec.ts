import type { Page, Request } from '@playwright/test';
import { OTHER_ISLANDS, test, expect, presetConsent } from './fixtures.ts';
import { useAuditSites } from './support/audit-sites.ts';

/**
 * The website audit and the Bug Bounty Toolkit hydrate at the visitor's first interaction
 * (`client:interaction`, docs/product.md#performance): loading the page runs no island code, and
 * a form filled and sent while the island's code is still on its way is sent once it has hydrated,
 * never posted to the page itself and never twice.
 */
const sites = useAuditSites();

/** Holds every script file of the page until `release` is called, as a slow network would. */
async function holdScripts(page: Page): Promise<{ release: () => void; requested: string[] }> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  await page.route('**/_astro/*.js', async (route) => {
    requested.push(new URL(route.request().url()).pathname);
    await held;
    await route.continue();
  });
  return { release, requested };
}

/** Waits until the browser has been idle twice, when a `client:idle` island would have started. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => requestIdleCallback(() => resolve(), { timeout: 2000 })),
      ),
  );
}

for (const path of ['/website-audit', '/bug-bounty-toolkit']) {
  test(`${path} loads without running any island code`, async ({ page }) => {
    await presetConsent(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(path);
    await settle(page);
    expect(scripts).toEqual([]);
    await expect(page.locator(OTHER_ISLANDS)).toHaveAttribute('ssr', '');
    // The first press starts it.
    await page.keyboard.press('Shift');
    await expect(page.locator(OTHER_ISLANDS)).not.toHaveAttribute('ssr');
    expect(scripts.length).toBeGreaterThan(0);
  });
}

test('the toolkit: a domain typed and sent before the code arrives gives its commands once it has', async ({
  page,
}) => {
  await presetConsent(page);
  const scripts = await holdScripts(page);
  const posts: Request[] = [];
  page.on('request', (request) => request.method() === 'POST' && posts.push(request));
  await page.goto('/bug-bounty-toolkit');
  const domain = page.getByLabel('Target domain');
  await domain.click();
  await page.keyboard.type('shop.example.com');
  await page.getByLabel(/I confirm that I am authorized/).check();
  await domain.press('Enter');
  // The first press asked for the island's code, which has not arrived: the page stays put.
  await expect.poll(() => scripts.requested.length).toBeGreaterThan(0);
  await expect(page.locator(OTHER_ISLANDS)).toHaveAttribute('ssr', '');
  scripts.release();
  await expect(page.getByRole('heading', { name: 'Commands for shop.example.com' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Generated commands' }).getByRole('listitem')).toHaveCount(8);
  expect(new URL(page.url()).pathname).toBe('/bug-bounty-toolkit');
  expect(posts).toEqual([]);
});

test('the audit: a form sent twice before the code arrives is sent once, when it has', async ({ page }) => {
  await presetConsent(page);
  const scripts = await holdScripts(page);
  const audits: Request[] = [];
  const pagePosts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    if (new URL(request.url()).pathname === '/api/audit') audits.push(request);
    else pagePosts.push(request);
  });
  await page.goto('/website-audit');
  await page.getByLabel('Website URL').click();
  await page.keyboard.type(`${sites().httpsOrigin}/`);
  await page.getByLabel('Your Name').click();
  await page.keyboard.type('Ann Lee');
  await page.getByLabel('Email').click();
  await page.keyboard.type('ann@example.com');
  const send = page.getByRole('button', { name: 'Get Free Audit Report' });
  await send.click();
  await send.click();
  await expect(page.locator(OTHER_ISLANDS)).toHaveAttribute('ssr', '');
  scripts.release();
  const score = page.locator('[data-band]');
  await expect(score).toHaveAttribute('data-band', 'green');
  await expect(score).toContainText('95/100');
  expect(audits).toHaveLength(1);
  expect(audits[0]?.postDataJSON()).toMatchObject({ website: `${sites().httpsOrigin}/`, name: 'Ann Lee' });
  expect(pagePosts).toEqual([]);
});

test("the landing page's own scripts come as one file, the other pages' inline; no other script file is asked for until an island needs one", async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text();
  const sources = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]);
  // Inline, they would push the landing page's compressed HTML past TCP's first window (ADR 0028).
  expect(sources).toEqual([expect.stringMatching(/^\/_astro\/page\.[0-9a-f]{10}\.js$/)]);
  expect(await (await request.get('/about')).text()).not.toMatch(/<script[^>]*\ssrc=/);
  const file = await request.get(sources[0]!);
  expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  await presetConsent(page);
  await page.setViewportSize({ width: 375, height: 740 });
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto('/');
  await settle(page);
  // The navigation's script ran under the page's policy: the progress bar has its first reading
  // and the menu opens.
  await expect(page.getByTestId('scroll-progress')).toHaveAttribute('data-percent', '0');
  expect(scripts).toEqual(sources);
  await page.getByRole('button', { name: /menu/i }).click();
  await expect(page.locator('#mobile-menu')).toBeVisible();
});

test("the toolkit: when the island's code never arrives, a form sent goes by POST and keeps the domain out of the address", async ({
  page,
  allowPageErrors,
}) => {
  allowPageErrors(
    /Failed to load resource|net::ERR_FAILED|Failed to fetch|status of 405|error loading dynamically imported module/i,
  );
  await presetConsent(page);
  await page.route('**/_astro/*.js', (route) => route.abort());
  await page.goto('/bug-bounty-toolkit');
  const domain = page.getByLabel('Target domain');
  await domain.click();
  await page.keyboard.type('secret-target.example.com');
  const sent = page.waitForRequest((request) => request.isNavigationRequest() && request.method() === 'POST');
  await domain.press('Enter');
  const request = await sent;
  expect(new URL(request.url()).pathname).toBe('/bug-bounty-toolkit');
  expect(request.url()).not.toContain('secret-target');
  await page.waitForLoadState();
  expect(page.url()).not.toContain('secret-target');
});
