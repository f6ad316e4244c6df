import type { BrowserContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { test, expect, expectNoAxeViolations, presetConsent, sentMails } from './fixtures.ts';

/**
 * Sign-in beyond a password (docs/product.md#sign-in-security), in Chromium with a virtual
 * authenticator (CDP `WebAuthn.addVirtualAuthenticator`) for passkeys: a client and a staff member
 * add a passkey and sign in with it; a client turns on two-step verification and a password alone
 * no longer signs in; an emailed link lands on its page once; 'Sign out everywhere else' signs
 * out another browser.
 */
test.use({ viewport: { width: 1280, height: 900 } });

test.beforeEach(async ({ page, allowPageErrors }) => {
  await presetConsent(page);
  allowPageErrors(/status of 40[01]/);
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
  return cdp;
}

const codeOf = (secret: string, ms = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: ms });

test("a client adds a passkey in settings by keyboard, and the sign-in screen's passkey suggestion signs them in", async ({
  page,
  signInClient,
}) => {
  await signInClient({ name: 'Kim Passkey' });
  await virtualAuthenticator(page);
  await page.goto('/portal/settings');
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys).toContainText('No passkeys yet.');
  await passkeys.getByLabel('Name of the new passkey').fill('Laptop');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).focus();
  await page.keyboard.press('Enter');
  await expect(passkeys.getByRole('list', { name: 'Your passkeys' })).toContainText('Laptop');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  // The sign-in screen asks the browser for its passkey suggestion in the email field
  // (conditional UI); the virtual authenticator answers as a person picking it would.
  await expect(page.getByRole('heading', { name: /^Welcome, Kim/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Welcome back!');
});

test('with two-step verification on, a password alone does not sign in; the code does, and a recovery code once', async ({
  page,
  signInClient,
}) => {
  const client = await signInClient({ name: 'Toni Totp', password: 'secret-pass-1' });
  await page.goto('/portal/settings');
  const twoStep = page.getByRole('region', { name: 'Two-step verification' });
  await twoStep.getByRole('button', { name: 'Set up two-step verification' }).click();
  await expect(twoStep.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await twoStep.locator('code').textContent())!.trim();
  // A code of this step is accepted in this step and the next (one step of grace), so it holds
  // even if the step ends before the server checks it.
  await twoStep.getByLabel('6-digit code from the app').fill(codeOf(secret));
  await twoStep.getByRole('button', { name: 'Turn on' }).click();
  const codes = twoStep.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!.trim();
  await twoStep.getByRole('button', { name: 'I have saved them' }).click();
  await expect(twoStep).toContainText('On.');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to your portal' })).toBeVisible();
  await page.goto('/portal/login');
  await page.getByLabel('Email').fill(client.email);
  await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const step = page.getByRole('form', { name: 'Two-step verification' });
  await expect(step).toBeVisible();
  await step.getByLabel('Authentication code').fill('000000');
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByRole('alert')).toHaveText('That code is not right. Check the app and try again.');
  await step.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await step.getByLabel('Recovery code').fill(recovery);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome, Toni/ })).toBeVisible();
});

test('an emailed sign-in link lands on its page once; a used link offers a new one', async ({
  page,
  newClient,
  allowPageErrors,
}) => {
  allowPageErrors(/status of 410/);
  const client = await newClient({ name: 'Lee Link', projects: [{ title: 'Linked bakery' }] });
  await page.goto('/portal/login');
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const form = page.getByRole('form', { name: 'Email me a sign-in link' });
  await form.getByLabel('Email').fill(client.email);
  await form.getByRole('button', { name: 'Send Sign-in Link' }).click();
  await expect(page.getByRole('status')).toContainText("we've emailed a link that signs you in");
  let link = '';
  await expect
    .poll(
      () => {
        const mail = sentMails().find((m) => m.includes(client.email) && m.includes('/portal/sign-in#token='));
        link = /(http:\/\/localhost:\d+\/portal\/sign-in#token=[\w-]+)/.exec(mail ?? '')?.[1] ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: /^Welcome, Lee/ })).toBeVisible();
  expect(page.url()).not.toContain('token=');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to your portal' })).toBeVisible();
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('This sign-in link has been used or has expired.');
  await expect(page.getByRole('form', { name: 'Email me a sign-in link' })).toBeVisible();
});

test("'Sign out everywhere else' signs out the client's other browser", async ({ page, browser, signInClient }) => {
  const client = await signInClient({ name: 'Sam Sessions', password: 'secret-pass-2' });
  const other: BrowserContext = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await presetConsent(otherPage);
    await otherPage.goto('/portal/login');
    await otherPage.getByLabel('Email').fill(client.email);
    await otherPage.getByLabel('Password', { exact: true }).fill('secret-pass-2');
    await otherPage.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(otherPage.getByRole('heading', { name: /^Welcome, Sam/ })).toBeVisible();

    await page.goto('/portal/settings');
    const devices = page.getByRole('region', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await expect(devices.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
    await devices.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    await otherPage.reload();
    await expect(otherPage.getByRole('heading', { name: 'Sign in to your portal' })).toBeVisible();
  } finally {
    await other.close();
  }
});

test('staff add a passkey on the Security page and sign in with it; the page passes axe', async ({ staffPage }) => {
  await virtualAuthenticator(staffPage);
  await staffPage.goto('/admin#security');
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Sign-in and security' })).toBeVisible();
  const passkeys = staffPage.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByLabel('Name of the new passkey').fill('Office laptop');
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByRole('list', { name: 'Your passkeys' })).toContainText('Office laptop');
  await expectNoAxeViolations(staffPage);

  await staffPage.getByRole('button', { name: 'Sign Out' }).click();
  await expect(staffPage.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await staffPage.goto('/admin/login');
  await staffPage.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
