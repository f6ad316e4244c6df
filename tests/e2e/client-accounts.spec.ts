/**
 * Client accounts as people meet them (docs/product.md#registration, docs/product.md#invitations):
 * staff resend an invitation while the client, in another browser, is welcomed by it; a new
 * registration sees the confirm-email notice and staff see the account as unconfirmed until its
 * link is opened; a closed registration offers no 'Create one'.
 */
import type { Page } from '@playwright/test';
import { insertClient } from '../../src/server/services/clients/clients.ts';
import { createPasswordResetToken } from '../../src/server/services/sign-in/password-resets.ts';
import { expectNoAxeViolations, presetConsent, sentMails, test, expect } from './fixtures.ts';
import { unique } from './support/live-pages.ts';

test.beforeEach(async ({ page, allowPageErrors }) => {
  await presetConsent(page);
  // Checking for a session answers 401 when there is none; Chromium logs every such answer.
  allowPageErrors(/status of 401/);
});

/** The link (path and fragment) on `page` of the newest email to `email` that matches `pattern`. */
function linkIn(email: string, subject: string, page: RegExp, not: string[] = []): string | undefined {
  return sentMails()
    .filter((m) => m.includes(`To: ${email}`) && m.includes(`Subject: ${subject}`))
    .map((m) => m.match(page)?.[1])
    .find((link) => link && !not.includes(link));
}

async function openClientPage(page: Page, clientId: string) {
  await page.goto(`/admin#client/${clientId}`);
  await page.reload();
}

test('staff resend an invitation; the client, side by side, is welcomed by it and signed in', async ({
  staffPage: staff,
  browser,
  database,
}) => {
  test.slow(); // two browsers
  const name = unique('Dana Invite');
  const email = `dana-${Date.now()}@example.com`;
  const client = await insertClient(database, { name, email, passwordHash: null });

  await openClientPage(staff, client.id);
  const panel = staff.getByRole('region', { name: 'Portal invitation' });
  await expect(panel).toContainText(`${name} has not set a password or a passkey yet.`);
  await expect(panel).toContainText('No invitation on record.');
  await panel.getByRole('button', { name: 'Resend invitation' }).click();
  await expect(panel.getByRole('status')).toHaveText('Sent. The new link works for 72 hours.');
  await expect(panel).toContainText(/Last invitation sent /);

  const welcome = /(\/portal\/welcome#token=[\w-]+)/;
  await expect.poll(() => linkIn(email, 'Your client portal', welcome)).toBeTruthy();
  const link = linkIn(email, 'Your client portal', welcome)!;
  const other = await browser.newContext();
  const portal = await other.newPage();
  await presetConsent(portal);
  await portal.goto(link);
  await expect(portal).toHaveURL(/\/portal\/welcome$/);
  await expect(portal.getByRole('heading', { level: 1 })).toHaveText('Welcome to your client portal, Dana');
  await expect(portal.getByRole('heading', { name: 'Set a password for your portal' })).toBeVisible();
  await expect(portal.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
  await expectNoAxeViolations(portal);

  // A common password is refused with the estimator's reason, under the field.
  await portal.getByLabel('Password', { exact: true }).fill('password1');
  await portal.getByLabel('Confirm password').fill('password1');
  await portal.getByRole('button', { name: 'Set Password and Sign In' }).click();
  await expect(portal.getByText(/^This password is too common\. Choose another\./)).toBeVisible();

  await portal.getByLabel('Password', { exact: true }).fill('dana-picked-this-one');
  await portal.getByLabel('Confirm password').fill('dana-picked-this-one');
  await portal.getByRole('button', { name: 'Set Password and Sign In' }).click();
  await expect(portal.getByRole('heading', { level: 1 })).toHaveText("You're all set, Dana");
  await expect(portal.getByText('Welcome aboard, Dana!', { exact: true })).toBeVisible();
  await expect(portal.getByText('Welcome back!')).toHaveCount(0);
  await portal.getByRole('link', { name: 'Go to my portal' }).click();
  await expect(portal.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();

  // The staff's page no longer offers to resend, and the used link says so plainly.
  await openClientPage(staff, client.id);
  await expect(staff.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(staff.getByRole('region', { name: 'Portal invitation' })).toHaveCount(0);
  const again = await other.newPage();
  await again.goto(link);
  await expect(again.getByRole('heading', { level: 1 })).toHaveText('This invitation has been used');
  await expect(again.getByRole('alert')).toHaveText(
    'This invitation has already been used. Sign in with your password or passkey.',
  );
  await other.close();
});

/** A virtual passkey authenticator on `page`, as a phone's or laptop's built-in one. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test('an invited client chooses "Use a passkey": signed in without a password, and the passkey signs them in again', async ({
  page,
  database,
}) => {
  const name = unique('Pat Passkey');
  const email = `pat-${Date.now()}@example.com`;
  const client = await insertClient(database, { name, email, passwordHash: null });
  const token = await createPasswordResetToken(
    database,
    client.owner.id,
    new Date(),
    72 * 3_600_000,
    undefined,
    'invitation',
  );
  await virtualAuthenticator(page);
  await page.goto(`/portal/welcome#token=${token}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to your client portal, Pat');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're all set, Pat");
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to my portal' }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Passkey');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  // The sign-in screen's passkey suggestion (conditional UI) signs them in with the new passkey.
  await expect(page.getByRole('heading', { name: /^Welcome, Pat/ })).toBeVisible();
});

test('an expired invitation says so and emails a new link on request', async ({ page, database }) => {
  const email = `eli-${Date.now()}@example.com`;
  await insertClient(database, { name: 'Eli Late', email, passwordHash: null });
  await page.goto('/portal/welcome#token=abcdefghijklmnopqrstuvwxyz234567');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This invitation no longer works');
  await expect(page.getByRole('alert')).toContainText('We can email you a new link.');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a new link' }).click();
  await expect(page.getByRole('status')).toContainText("we've emailed a new link");
  await expect.poll(() => linkIn(email, 'Your client portal', /(\/portal\/welcome#token=[\w-]+)/)).toBeTruthy();
  await expectNoAxeViolations(page);
});

test('a new registration sees the confirm-email notice; staff see it unconfirmed until the link is opened', async ({
  staffPage,
  browser,
}) => {
  test.slow(); // two browsers
  // `staffPage` has a staff cookie: the client registers in a browser of their own.
  const other = await browser.newContext();
  const portal = await other.newPage();
  await presetConsent(portal);
  const name = unique('Una Register');
  const email = `una-${Date.now()}@example.com`;
  await portal.goto('/portal/login');
  await portal.getByRole('button', { name: 'Create one' }).click();
  await portal.getByLabel('Full name').fill(name);
  await portal.getByLabel('Email').fill(email);
  await portal.getByLabel('Password', { exact: true }).fill('una-chose-a-password');
  await portal.getByLabel('Confirm password').fill('una-chose-a-password');
  await portal.getByRole('button', { name: 'Create Account' }).click();
  const notice = portal.getByRole('region', { name: 'Confirm your email' });
  await expect(notice).toContainText(`Confirm your email: we sent a link to ${email}.`);
  await notice.getByRole('button', { name: 'Send it again' }).click();
  await expect(notice.getByRole('status')).toHaveText('Sent. Check your inbox.');
  await expectNoAxeViolations(portal);

  await staffPage.goto('/admin#clients');
  await staffPage.reload();
  await staffPage.getByLabel('Email', { exact: true }).selectOption('Unconfirmed');
  const row = staffPage
    .getByRole('row', { name: new RegExp(name) })
    .or(staffPage.getByRole('listitem').filter({ hasText: name }));
  await expect(row.first()).toContainText('Unconfirmed');

  const confirm = /(\/portal\/sign-in#token=[\w-]+)/;
  await expect.poll(() => linkIn(email, 'Confirm your email', confirm)).toBeTruthy();
  await portal.goto(linkIn(email, 'Confirm your email', confirm)!);
  await expect(portal).toHaveURL(/\/portal$/);
  await expect(portal.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
  await expect(portal.getByRole('region', { name: 'Confirm your email' })).toHaveCount(0);

  await staffPage.reload();
  await expect(staffPage.getByText(name)).toHaveCount(0);
  await staffPage.getByLabel('Email', { exact: true }).selectOption('Confirmed');
  await expect(staffPage.getByText(name).first()).toBeVisible();
  await other.close();
});

test('when registration is closed, the sign-in screen offers no "Create one"', async ({ page }) => {
  await page.route('**/api/client/registration', (route) => route.fulfill({ json: { open: false } }));
  await page.goto('/portal/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Email me a sign-in link' })).toBeVisible();
  await expect(page.getByText("Don't have an account?")).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create one' })).toHaveCount(0);
});
