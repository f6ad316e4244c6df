import type { BrowserContext } from '@playwright/test';
import { oidcAnswerCookie, type OidcAnswer } from '../../scripts/e2e-env.mjs';
import { test, expect, expectNoAxeViolations, presetConsent, signInAsAdmin } from './fixtures.ts';

/**
 * Staff sign-in in Chromium. The Google flow runs against the local OpenID provider that
 * scripts/e2e-server.mjs starts with the server; each test tells it, through a cookie in its own
 * browser context, what to answer, so the tests may run at the same time.
 */
const port = process.env.E2E_PORT ?? '4322';

test.beforeEach(async ({ page, allowPageErrors }) => {
  await presetConsent(page);
  // Checking for a session answers 401 when there is none; Chromium logs every such answer.
  allowPageErrors(/status of 401/);
});

/** The provider will answer this browser's next sign-in with `answer`. */
async function providerAnswers(context: BrowserContext, answer: OidcAnswer) {
  await context.addCookies([oidcAnswerCookie(port, answer)]);
}

test('an allowed, verified Google account gets in; no token appears in any address', async ({ page, context }) => {
  await providerAnswers(context, { claims: { email: 'Owner@Agency.example', email_verified: true } });
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => addresses.push(frame.url()));
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const header = page.getByRole('banner');
  // Staff by name (docs/product.md#staff-names): read from the address until one is set.
  await expect(header.getByText('Owner', { exact: true })).toBeVisible();
  await expect(header).not.toContainText('owner@agency.example');
  await expect(header.getByText('Administrator')).toBeVisible();
  expect(addresses.filter((a) => /token|session/i.test(a))).toEqual([]);

  await header.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.goto('/admin#projects');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});

test('an email that is not on the list sees the access-denied message', async ({ page, context }) => {
  await providerAnswers(context, { claims: { email: 'stranger@elsewhere.example', email_verified: true } });
  await page.goto('/admin/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/admin\/login\?error=unauthorized$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Access denied. Only authorized email addresses can access the admin panel.',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toHaveCount(0);
});

test('an unverified email is refused like one not on the list', async ({ page, context }) => {
  await providerAnswers(context, { claims: { email: 'owner@agency.example', email_verified: false } });
  await page.goto('/admin/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/error=unauthorized$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Access denied. Only authorized email addresses can access the admin panel.',
  );
});

test('a provider error shows the authentication-failed message', async ({ page, context }) => {
  // The provider sends the browser back with an error and no code, as Google does on 'Cancel'.
  await providerAnswers(context, { error: 'access_denied' });
  await page.goto('/admin/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/admin\/login\?error=callback_failed$/);
  await expect(page.getByRole('alert')).toHaveText('Authentication failed. Please try again.');
  await expectNoAxeViolations(page);
});

test('any other error value gets the generic message', async ({ page }) => {
  await page.goto('/admin/login?error=something_else');
  await expect(page.getByRole('alert')).toHaveText('An error occurred during login. Please try again.');
});

test('without Google set up on the server, the button explains instead of failing', async ({ page }) => {
  await page.route('**/api/admin/auth/config', (route) => route.fulfill({ json: { google: false } }));
  await page.goto('/admin/login');
  await page.getByRole('link', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('alert')).toContainText('Google sign-in is not configured on this server yet');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('a one-time sign-in link works once and leaves no token in the address', async ({ page, browser }) => {
  let link = '';
  page.on('framenavigated', (frame) => {
    if (frame.url().includes('#link=')) link = frame.url();
  });
  await signInAsAdmin(page, 'staff@agency.example');
  expect(page.url()).not.toContain('link=');

  // The same link in another browser is refused.
  const other = await browser.newPage();
  await other.goto(link);
  await expect(other.getByRole('alert')).toHaveText('This sign-in link is invalid, used or expired.');
  expect(other.url()).not.toContain('#link=');
  await other.close();
});
