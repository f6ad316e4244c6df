import type { Page } from '@playwright/test';
import { closedOrigin } from '../fixtures/audit-sites.ts';
import { test, expect, expectNoAxeViolations, presetConsent, waitForIsland } from './fixtures.ts';
import { useAuditSites } from './support/audit-sites.ts';

/**
 * The website audit in Chromium, against fixture sites on loopback that
 * this file starts (the test server may reach loopback because it runs with NODE_ENV=test and
 * AUDIT_ALLOW_LOOPBACK, and trusts the fixture certificate; see scripts/e2e-env.mjs).
 */
const sites = useAuditSites();

test.beforeEach(async ({ page, allowPageErrors }) => {
  await presetConsent(page);
  // A refused address answers 422, which Chromium logs.
  allowPageErrors(/status of 422/);
  await page.goto('/website-audit');
  await waitForIsland(page, 'website-audit');
});

async function audit(page: Page, website: string) {
  await page.getByLabel('Website URL').fill(website);
  await page.getByLabel('Your Name').fill('Ann Lee');
  await page.getByLabel('Email').fill('ann@example.com');
  await page.getByRole('button', { name: 'Get Free Audit Report' }).click();
}

test('checks the form with the messages of the spec', async ({ page }) => {
  await page.getByLabel('Website URL').fill('not a website');
  await page.getByLabel('Your Name').fill('A');
  await page.getByLabel('Email').fill('nope');
  await page.getByRole('button', { name: 'Get Free Audit Report' }).click();
  await expect(page.getByText('Please enter a valid website URL')).toBeVisible();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a secure site: Analyzing Your Website..., then a green score and the consultation link', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/audit', async (route) => {
    await held;
    await route.continue();
  });
  await audit(page, `${sites().httpsOrigin}/`);
  await expect(page.getByRole('status').filter({ hasText: 'Analyzing Your Website...' })).toBeVisible();
  await expectNoAxeViolations(page);
  release();
  const score = page.locator('[data-band]');
  await expect(score).toHaveAttribute('data-band', 'green');
  await expect(score).toContainText('95/100');
  await expect(score).toContainText('Excellent! Your website is performing well.');
  await expect(score).toContainText('does not measure Core Web Vitals');
  await expect(page.getByRole('progressbar', { name: 'Score' })).toHaveAttribute('aria-valuenow', '95');
  await expect(page.getByRole('link', { name: 'Get Free Consultation' })).toHaveAttribute('href', '/#contact');
  await expectNoAxeViolations(page);
});

test('the same page over plain HTTP is yellow', async ({ page }) => {
  await audit(page, `${sites().httpOrigin}/fair`);
  const score = page.locator('[data-band]');
  await expect(score).toHaveAttribute('data-band', 'yellow');
  await expect(score).toContainText('70/100');
  await expect(score).toContainText('Good foundation with room for improvement.');
  await expect(page.getByRole('heading', { name: /Issues found/ })).toBeVisible();
  await expect(page.getByText('The page is served over plain HTTP.')).toBeVisible();
});

test('a bare page is red, with issues, severities, impact and recommendations', async ({ page }) => {
  await audit(page, `${sites().httpOrigin}/poor`);
  const score = page.locator('[data-band]');
  await expect(score).toHaveAttribute('data-band', 'red');
  await expect(score).toContainText('Significant opportunities to enhance your website.');
  const issue = page.getByRole('listitem').filter({ hasText: '2 images without an alt attribute.' });
  await expect(issue).toContainText('Accessibility');
  await expect(issue).toContainText('medium');
  await expect(issue).toContainText('Impact:');
  await expect(page.getByRole('heading', { name: 'Recommendations' })).toBeVisible();
  await page.getByText('Every check and its points').click();
  await expect(page.getByText('Accessibility: Every image has an alt attribute')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Audit another website' }).click();
  await expect(page.getByLabel('Website URL')).toBeVisible();
});

test('a private address is refused with a message on the field, said once', async ({ page }) => {
  await audit(page, 'http://169.254.169.254/latest/meta-data/');
  const website = page.getByLabel('Website URL');
  await expect(website).toHaveAttribute('aria-invalid', 'true');
  await expect(website).toHaveAccessibleDescription(/private or reserved network/);
  await expect(page.getByText(/private or reserved network/)).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a refused address put right: the report, and no error left behind', async ({ page }) => {
  await audit(page, 'http://169.254.169.254/latest/meta-data/');
  const website = page.getByLabel('Website URL');
  await expect(website).toHaveAttribute('aria-invalid', 'true');
  await website.fill(`${sites().httpOrigin}/fair`);
  await expect(website).not.toHaveAttribute('aria-invalid');
  await page.getByRole('button', { name: 'Get Free Audit Report' }).click();
  await expect(page.locator('[data-band]')).toContainText('70/100');
  await expect(page.getByText(/private or reserved network/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Audit another website' }).click();
  await expect(page.getByLabel('Website URL')).not.toHaveAttribute('aria-invalid');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a failure that belongs to no field shows above the fields, and goes with the next audit', async ({
  page,
  allowPageErrors,
}) => {
  allowPageErrors(/status of 429/);
  let limited = true;
  await page.route('**/api/audit', async (route) => {
    if (!limited) return route.continue();
    limited = false;
    await route.fulfill({
      status: 429,
      contentType: 'application/json',
      headers: { 'Retry-After': '60' },
      body: JSON.stringify({
        error: {
          code: 'rate_limited',
          message: 'Too many audits from your address. Please try again in a few minutes.',
        },
      }),
    });
  });
  await audit(page, `${sites().httpOrigin}/fair`);
  await expect(page.getByRole('alert')).toHaveText(
    'Too many audits from your address. Please try again in a few minutes.',
  );
  await expect(page.getByLabel('Website URL')).not.toHaveAttribute('aria-invalid');
  await page.getByRole('button', { name: 'Get Free Audit Report' }).click();
  await expect(page.locator('[data-band]')).toContainText('70/100');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a site that cannot be reached: the reason on the field, the request kept, and staff see why in the dashboard', async ({
  staffPage: page,
}) => {
  // The page's clock runs 10 minutes behind the server's, so the form looks filled by a person
  // (a form sent within 1.5 s of being shown is taken for a bot, and its lead is not stored).
  await page.clock.install({ time: Date.now() - 10 * 60_000 });
  await page.goto('/website-audit');
  await waitForIsland(page, 'website-audit');
  const name = `Dana Down ${Date.now().toString(36)}`;
  const website = `${await closedOrigin()}/`;
  await page.getByLabel('Website URL').fill(website);
  await page.getByLabel('Your Name').fill(name);
  await page.getByLabel('Email').fill('dana@example.com');
  const answer = page.waitForResponse('**/api/audit');
  await page.getByRole('button', { name: 'Get Free Audit Report' }).click();
  const { leadId } = (await (await answer).json()) as { leadId: string };

  const field = page.getByLabel('Website URL');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(
    'The website could not be reached. It may be down; please try again later.',
  );
  await expect(page.getByRole('status')).toHaveText(
    'We still have your request: our team will get back to you at dana@example.com within one business day.',
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The lead's page says why the audit failed.
  await page.goto(`/admin#lead/${leadId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(`Requested audit for: ${website}`)).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: 'Audit failed' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'The website could not be reached.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Audit report' })).toContainText(
    'The website could not be reached. It may be down; please try again later.',
  );
  // The list marks it too.
  await page.goto(`/admin#leads?q=${encodeURIComponent(name)}`);
  await expect(page.locator('table tbody tr').filter({ hasText: name })).toContainText('Failed');
});

test('the report fits a phone and passes axe @phone', async ({ page }) => {
  await audit(page, `${sites().httpOrigin}/poor`);
  await expect(page.locator('[data-band]')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
});
