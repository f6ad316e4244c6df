import { test, expect, expectNoAxeViolations, presetConsent, sentMails } from './fixtures.ts';
import type { Page } from '@playwright/test';

/** The demo client created by db/seed.ts, which the test server runs. */
const DEMO = { email: 'demo@firststatewebstudio.com', password: 'demo-portal-2026' };

test.beforeEach(async ({ page, allowPageErrors }) => {
  await presetConsent(page);
  // Checking for a session answers 401 when there is none; Chromium logs every such answer.
  allowPageErrors(/status of 401/);
});

/** The reset link (path and fragment) emailed to `email`. */
function resetLinkFor(email: string): string | undefined {
  const mail = sentMails().find((m) => m.includes(`To: ${email}`));
  return mail?.match(/(\/portal\/reset-password#token=[a-z2-7]+)/)?.[1];
}

async function signIn(page: Page, email = DEMO.email, password = DEMO.password) {
  await page.goto('/portal/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
}

async function registerNew(page: Page, name = 'Riley Newcomer') {
  const email = `new-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
  await page.goto('/portal/login');
  await page.getByRole('button', { name: 'Create one' }).click();
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-pass');
  await page.getByLabel('Confirm password').fill('secret-pass');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  return email;
}

test.describe('client portal', () => {
  // These tests share the seeded client: one expects an unread team message that a later one
  // reads. In order, in one worker.
  test.describe.configure({ mode: 'default' });
  test('shows Loading... while the session is checked, then the sign-in screen without one', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/client/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/portal');
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Sign in to your portal' })).toBeVisible();
  });

  test('a new account starts with "No projects yet"', async ({ page }) => {
    await registerNew(page);
    await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Account created!');
    await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
  });

  test('the seeded client sees cards with progress, opens a project and sends a message', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Welcome back!');
    const expected: [string, string, string][] = [
      ['Bakery website redesign', 'In Progress', '50'],
      ['Online ordering', 'Review', '80'],
      ['Holiday landing page', 'Completed', '100'],
    ];
    for (const [title, label, progress] of expected) {
      const card = page.getByRole('link', { name: new RegExp(title) });
      await expect(card).toContainText(label);
      await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', progress);
    }
    await expect(page.getByRole('link', { name: /Bakery website redesign/ })).toContainText('Started Oct 5, 2026');
    await expect(page.getByRole('link', { name: /Online ordering/ })).toContainText('1 new');

    await page.getByRole('link', { name: /Bakery website redesign/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bakery website redesign' })).toBeVisible();
    const milestones = page.getByRole('region', { name: 'Milestones' });
    await expect(milestones.getByRole('listitem')).toHaveCount(4);
    await expect(milestones.getByRole('listitem').first()).toContainText('Completed');
    const conversation = page.getByRole('region', { name: 'Conversation' });
    await expect(conversation.getByText('Team').first()).toBeVisible();
    await expect(conversation.getByText('You').first()).toBeVisible();
    await expect(conversation).toContainText('Oct 22, 2026 at');
    expect(await conversation.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('384px');

    const form = page.getByRole('form', { name: 'Send a message' });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Subject is required')).toBeVisible();
    await expect(form.getByText('Message is required')).toBeVisible();
    const subject = `Photos ${Date.now()}`;
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Message').fill('New photos of the cakes are in the shared folder.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Message sent!');
    const mine = conversation.getByRole('listitem').filter({ hasText: subject });
    await expect(mine).toContainText('You');
    await expect(form.getByLabel('Subject')).toHaveValue('');
    await expect(form.getByLabel('Message')).toHaveValue('');
  });

  test('opening a project marks its team messages read', async ({ page }) => {
    await signIn(page);
    const card = page.getByRole('link', { name: /Online ordering/ });
    await expect(card).toContainText('1 new');
    await card.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Online ordering' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Portal' }).first().click();
    await expect(page.getByRole('link', { name: /Online ordering/ })).not.toContainText('new');
  });

  test('a missing project shows "Project not found" and a way back', async ({ page, allowPageErrors }) => {
    allowPageErrors(/status of 404/);
    await signIn(page);
    await page.goto('/portal/projects/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Portal' }).click();
    await expect(page).toHaveURL(/\/portal$/);
  });

  test('shows each sign-in and registration message of the spec', async ({ page, allowPageErrors }) => {
    allowPageErrors(/status of (409|401)/);
    await page.goto('/portal/login');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await page.getByLabel('Email').fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const toasts = page.getByRole('region', { name: /Notification/ });
    await expect(toasts).toContainText('Login failed');
    await expect(toasts).toContainText('Invalid email or password');

    await page.getByRole('button', { name: 'Create one' }).click();
    await page.getByLabel('Full name').fill('A');
    await page.getByLabel('Email').fill('bad');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByLabel('Confirm password').fill('54321');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page.getByLabel('Confirm password')).toHaveAccessibleDescription("Passwords don't match");

    await page.getByLabel('Full name').fill('Demo Again');
    await page.getByLabel('Email').fill(DEMO.email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill('secret-pass');
    await page.getByLabel('Confirm password').fill('secret-pass');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(toasts).toContainText('Registration failed');
    await expect(toasts).toContainText('An account with this email already exists');
  });

  test('the password can be shown and hidden on sign-in', async ({ page }) => {
    await page.goto('/portal/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('visible?');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
  });

  test('after logout the back button shows no data', async ({ page }) => {
    await signIn(page);
    await page.getByRole('link', { name: /Bakery website redesign/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bakery website redesign' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/portal$/);
    await expect(page.getByRole('heading', { name: 'Sign in to your portal' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Sign in to your portal' })).toBeVisible();
    await expect(page.getByText('Bakery website redesign')).toHaveCount(0);
  });

  test('two clients in two browsers each see only their own projects', async ({ browser }) => {
    const demo = await browser.newContext();
    const other = await browser.newContext();
    try {
      const demoPage = await demo.newPage();
      const otherPage = await other.newPage();
      await presetConsent(demoPage);
      await presetConsent(otherPage);
      await signIn(demoPage);
      await registerNew(otherPage, 'Other Client');
      await expect(demoPage.getByRole('link', { name: /Bakery website redesign/ })).toBeVisible();
      await expect(otherPage.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
      const demoProject = await demoPage.getByRole('link', { name: /Bakery website redesign/ }).getAttribute('href');
      const answer = await otherPage.request.get(`/api/client/projects/${demoProject!.split('/').pop()}`);
      expect(answer.status()).toBe(404);
      expect(await answer.text()).not.toContain('Bakery');
    } finally {
      await demo.close();
      await other.close();
    }
  });

  test('a forgotten password can be reset from the emailed link, which then stops working', async ({
    page,
    allowPageErrors,
  }) => {
    allowPageErrors(/status of 400/);
    const email = await registerNew(page, 'Forgetful Client');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to your portal' })).toBeVisible();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'If an account exists' })).toBeVisible();

    await expect.poll(() => resetLinkFor(email)).toBeTruthy();
    const link = resetLinkFor(email)!;

    await page.goto(link);
    await expect(page).toHaveURL(/\/portal\/reset-password$/);
    await page.getByLabel('New password', { exact: true }).fill('a-new-password');
    await page.getByLabel('Confirm new password').fill('a-new-password');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByRole('status')).toContainText('Your password has been changed');
    await signIn(page, email, 'a-new-password');

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('third-password');
    await page.getByLabel('Confirm new password').fill('third-password');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired');
  });
});

test.describe('portal accessibility', () => {
  for (const width of [1280, 375]) {
    test(`sign-in, registration, dashboard, project and not-found have no axe violations at ${width} px`, async ({
      page,
      allowPageErrors,
    }) => {
      allowPageErrors(/status of 404/);
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/portal/login');
      await expect(page.getByRole('heading', { name: 'Sign in to your portal' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Create one' }).click();
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await signIn(page);
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: /Bakery website redesign/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Bakery website redesign' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto('/portal/projects/not-a-project');
      await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
