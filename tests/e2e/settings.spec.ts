import type { Page } from '@playwright/test';
import { test, expect, presetConsent } from './fixtures.ts';

/**
 * The settings of docs/product.md#settings-screen in Chromium: /portal/settings (profile, email
 * notifications, password), the staff member's switch in the dashboard, and the unsubscribe
 * page and one-click address of the emails. Every test makes its own client.
 */
test.beforeEach(async ({ page, allowPageErrors }) => {
  await presetConsent(page);
  // Checking for a session answers 401 when there is none; Chromium logs every such answer.
  allowPageErrors(/status of 401/);
});

/** Opens /portal/settings for the signed-in client and waits until the forms are there. */
async function openSettings(page: Page) {
  await page.goto('/portal/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

const emailSwitch = (page: Page) =>
  page.getByRole('switch', { name: 'Email me when the team replies or my project changes' });

test('the header links to settings, where a new name shows in the header at once and after reload', async ({
  page,
  signInClient,
}) => {
  const client = await signInClient({ name: 'Avery Before', company: 'Before Co' });
  await page.goto('/portal');
  await expect(page.getByRole('banner')).toContainText('Signed in as Avery Before');
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/portal\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');

  const profile = page.getByRole('form', { name: 'Profile' });
  // The email is shown, not offered for editing.
  await expect(profile.getByRole('definition').filter({ hasText: client.email })).toBeVisible();
  await expect(profile.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
  await expect(profile.getByLabel('Company (optional)')).toHaveValue('Before Co');
  await profile.getByLabel('Full name').fill('Avery After');
  await profile.getByLabel('Phone (optional)').fill('302-555-0142');
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Profile saved');
  await expect(page.getByRole('banner')).toContainText('Signed in as Avery After');

  await page.reload();
  await expect(page.getByRole('banner')).toContainText('Signed in as Avery After');
  await expect(page.getByLabel('Phone (optional)')).toHaveValue('302-555-0142');
  await page.getByRole('link', { name: 'Back to Portal' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Avery' })).toBeVisible();
});

test('an invalid profile shows the registration messages and saves nothing', async ({ page, signInClient }) => {
  await signInClient({ name: 'Blake Unchanged' });
  await openSettings(page);
  const profile = page.getByRole('form', { name: 'Profile' });
  await profile.getByLabel('Full name').fill('B');
  await profile.getByLabel('Company (optional)').fill('c'.repeat(201));
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(profile.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expect(profile.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(profile.getByText('Company must be at most 200 characters')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Full name')).toHaveValue('Blake Unchanged');
});

test('email notifications are on for a new client, and turning them off stays after reload', async ({
  page,
  signInClient,
}) => {
  await signInClient();
  await openSettings(page);
  await expect(emailSwitch(page)).toBeChecked();
  await emailSwitch(page).click();
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Email notifications off');
  await expect(emailSwitch(page)).not.toBeChecked();
  await page.reload();
  await expect(emailSwitch(page)).not.toBeChecked();
  await emailSwitch(page).click();
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Email notifications on');
  await page.reload();
  await expect(emailSwitch(page)).toBeChecked();
});

test('a new password signs in, the old one does not, and another browser is signed out', async ({
  page,
  browser,
  signInClient,
  allowPageErrors,
}) => {
  allowPageErrors(/status of 422/);
  const client = await signInClient({ password: 'old-password-1' });
  // The same client, signed in with the form in another browser: a session of its own.
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await presetConsent(otherPage);
    await otherPage.goto('/portal/login');
    await otherPage.getByLabel('Email').fill(client.email);
    await otherPage.getByLabel('Password', { exact: true }).fill('old-password-1');
    await otherPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(otherPage.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();

    await openSettings(page);
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('new-password-2');
    await form.getByLabel('Confirm new password').fill('new-password-2');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByText('Current password is incorrect')).toBeVisible();
    await expect(form.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('Current password').fill('old-password-1');
    await form.getByLabel('Confirm new password').fill('new-password-3');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByText("Passwords don't match")).toBeVisible();
    await form.getByLabel('Confirm new password').fill('new-password-2');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Password changed');
    await expect(form.getByLabel('Current password')).toHaveValue('');

    // This browser stays signed in; the other one is signed out.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await otherPage.reload();
    await expect(otherPage.getByRole('heading', { name: 'Sign in to your portal' })).toBeVisible();

    await otherPage.getByLabel('Email').fill(client.email);
    await otherPage.getByLabel('Password', { exact: true }).fill('old-password-1');
    await otherPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(otherPage.getByRole('region', { name: /Notification/ })).toContainText('Login failed');
    await otherPage.getByLabel('Password', { exact: true }).fill('new-password-2');
    await otherPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(otherPage.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
  } finally {
    await other.close();
  }
});

test('settings work with the keyboard alone', async ({ page, signInClient }) => {
  await signInClient({ name: 'Casey Keys' });
  await openSettings(page);
  await page.getByRole('link', { name: 'Back to Portal' }).focus();
  const order = [
    page.getByLabel('Full name'),
    page.getByLabel('Company (optional)'),
    page.getByLabel('Phone (optional)'),
    page.getByRole('button', { name: 'Save Profile' }),
    emailSwitch(page),
    page.getByLabel('Current password'),
    page.getByLabel('New password', { exact: true }),
    page.getByLabel('Confirm new password'),
    page.getByRole('button', { name: 'Change Password' }),
  ];
  for (const control of order) {
    await page.keyboard.press('Tab');
    await expect(control).toBeFocused();
  }

  // Space toggles the switch, which keeps the focus.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(emailSwitch(page)).toBeFocused();
  await page.keyboard.press('Space');
  await expect(emailSwitch(page)).not.toBeChecked();
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Email notifications off');
  await expect(emailSwitch(page)).toBeFocused();

  // Enter in a field sends the profile.
  await page.getByLabel('Full name').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Casey Typed');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Profile saved');
  await expect(page.getByRole('banner')).toContainText('Signed in as Casey Typed');
});

test('the unsubscribe link asks first, then turns emails off', async ({ page, signInClient, unsubscribeLinks }) => {
  const client = await signInClient();
  const { pageUrl } = await unsubscribeLinks(client.memberId);
  await page.goto(pageUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from project emails?' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  // Opening the page (as a mail scanner following the link would) changed nothing.
  await openSettings(page);
  await expect(emailSwitch(page)).toBeChecked();

  await page.goto(pageUrl);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeFocused();
  await expect(page.getByRole('status')).toHaveText(
    'You will no longer receive project emails. You can turn them back on in your settings.',
  );
  await page.getByRole('link', { name: 'Go to your settings' }).click();
  await expect(page).toHaveURL(/\/portal\/settings$/);
  await expect(emailSwitch(page)).not.toBeChecked();
});

test('a forged or missing unsubscribe token shows that the link does not work', async ({
  page,
  signInClient,
  unsubscribeLinks,
  allowPageErrors,
}) => {
  allowPageErrors(/status of 400/);
  const client = await signInClient();
  const { pageUrl } = await unsubscribeLinks(client.memberId);
  const forged = new URL(pageUrl);
  const [header, payload, signature] = forged.searchParams.get('token')!.split('.');
  forged.searchParams.set('token', `${header}.${payload}.${signature!.slice(0, -4)}AAAA`);

  for (const address of [forged.pathname + forged.search, '/unsubscribe', '/unsubscribe?token=nonsense']) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      'This unsubscribe link is not valid or has expired. Sign in and turn emails off in your settings.',
    );
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Sign in to your settings' }).click();
  await expect(page).toHaveURL(/\/portal\/settings$/);
  await expect(emailSwitch(page)).toBeChecked();
});

test("a mail provider's one-click POST (a form, no cookie, no Origin) turns emails off", async ({
  page,
  playwright,
  signInClient,
  unsubscribeLinks,
}) => {
  const client = await signInClient();
  const { postUrl } = await unsubscribeLinks(client.memberId);
  // A request context of its own: no cookies, no Origin header, as a mail provider's server sends it.
  const provider = await playwright.request.newContext();
  try {
    const answer = await provider.post(postUrl, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ unsubscribed: true });
    // A GET of the same address changes nothing and, from a browser, leads to the page.
    const opened = await provider.get(postUrl, { headers: { accept: 'text/html' }, maxRedirects: 0 });
    expect(opened.status()).toBe(303);
    expect(opened.headers()['location']).toMatch(/^\/unsubscribe\?token=/);
  } finally {
    await provider.dispose();
  }
  await openSettings(page);
  await expect(emailSwitch(page)).not.toBeChecked();
});

test('staff turn their own email notifications off and on in the dashboard', async ({ staffPage: page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const toggle = page.getByRole('switch', { name: 'Email notifications' });
  // Other tests never change this setting; leave it on at the end.
  if (!(await toggle.isChecked())) await toggle.click();
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Email notifications off');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Email notifications' })).not.toBeChecked();
  await page.getByRole('switch', { name: 'Email notifications' }).click();
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Email notifications on');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Email notifications' })).toBeChecked();
});
