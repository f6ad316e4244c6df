import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { oidcPort } from '../../scripts/e2e-env.mjs';
import { test, expect, expectNoAxeViolations, presetConsent, signInAsAdmin } from './fixtures.ts';

/**
 * Staff sign-in in Chromium (SPEC.md 2.11; issue 4). The Google flow runs against a local OpenID
 * provider (oauth2-mock-server) that this file starts on the port the test server's endpoint
 * override points at (scripts/e2e-env.mjs). The tests share that provider, so they run in order.
 */
test.describe.configure({ mode: 'serial' });

const port = process.env.E2E_PORT ?? '4322';
let provider: OAuth2Server;

test.beforeAll(async () => {
  provider = new OAuth2Server();
  // One fixed signing key (a test-only key, used nowhere else): a server that stays up between
  // runs keeps trusting it instead of waiting out its key-set cache.
  await provider.issuer.keys.add(JSON.parse(readFileSync(join(import.meta.dirname, 'oidc-test-key.json'), 'utf8')));
  await provider.start(oidcPort(port), '127.0.0.1');
  // The issuer the test server expects (OIDC_ISSUER in scripts/e2e-env.mjs).
  provider.issuer.url = `http://127.0.0.1:${oidcPort(port)}`;
});
test.afterAll(async () => {
  await provider.stop();
});

test.beforeEach(async ({ page, allowPageErrors }) => {
  await presetConsent(page);
  // Checking for a session answers 401 when there is none; Chromium logs every such answer.
  allowPageErrors(/status of 401/);
});

/** The provider will vouch for `claims` in the tokens of the next sign-in. */
function providerClaims(claims: Record<string, unknown>) {
  const add = (token: { payload: Record<string, unknown> }) => Object.assign(token.payload, claims);
  provider.service.on('beforeTokenSigning', add);
  return () => provider.service.off('beforeTokenSigning', add);
}

test('an allowed, verified Google account gets in; no token appears in any address', async ({ page }) => {
  const done = providerClaims({ email: 'Owner@Agency.example', email_verified: true });
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => addresses.push(frame.url()));
  try {
    await page.goto('/admin/login');
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  } finally {
    done();
  }
  const header = page.getByRole('banner');
  await expect(header.getByText('owner@agency.example', { exact: true })).toBeVisible();
  await expect(header.getByText('Administrator')).toBeVisible();
  expect(addresses.filter((a) => /token|session/i.test(a))).toEqual([]);

  await header.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await page.goto('/admin#projects');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});

test('an email that is not on the list sees the access-denied message', async ({ page }) => {
  const done = providerClaims({ email: 'stranger@elsewhere.example', email_verified: true });
  try {
    await page.goto('/admin/login');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/admin\/login\?error=unauthorized$/);
  } finally {
    done();
  }
  await expect(page.getByRole('alert')).toHaveText(
    'Access denied. Only authorized email addresses can access the admin panel.',
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toHaveCount(0);
});

test('an unverified email is refused like one not on the list', async ({ page }) => {
  const done = providerClaims({ email: 'owner@agency.example', email_verified: false });
  try {
    await page.goto('/admin/login');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/error=unauthorized$/);
  } finally {
    done();
  }
});

test('a provider error shows the authentication-failed message', async ({ page }) => {
  // The provider sends the browser back with an error and no code, as Google does on 'Cancel'.
  provider.service.once('beforeAuthorizeRedirect', (redirect: { url: URL }) => {
    redirect.url.searchParams.delete('code');
    redirect.url.searchParams.set('error', 'access_denied');
  });
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
