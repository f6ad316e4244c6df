import type { Page } from '@playwright/test';
import { test, expect, holdToasts, presetConsent, sentMails } from './fixtures.ts';
import { BAKERY } from './support/sample-clients.ts';

/** The client portal in Chromium. Every test makes its own client (tests/e2e/fixtures.ts). */
test.beforeEach(async ({ page, allowPageErrors }) => {
  await presetConsent(page);
  // Checking for a session answers 401 when there is none; Chromium logs every such answer.
  allowPageErrors(/status of 401/);
});

/** The reset link (path and fragment) emailed to `email`. */
function resetLinkFor(email: string): string | undefined {
  const mail = sentMails().find((m) => m.includes(`To: ${email}`));
  return mail?.match(/(\/portal\/reset-password#token=[\w-]+)/)?.[1];
}

/** Signs in through the portal's sign-in form. */
async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto('/portal/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
}

/** Opens the portal's dashboard of a client whose session cookie is set. */
async function openPortal(page: Page, name: string) {
  await page.goto('/portal');
  await expect(page.getByRole('heading', { name: `Welcome, ${name.split(' ')[0]}` })).toBeVisible();
}

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
  const email = `new-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
  await page.goto('/portal/login');
  await page.getByRole('button', { name: 'Create one' }).click();
  await page.getByLabel('Full name').fill('Riley Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-pass');
  await page.getByLabel('Confirm password').fill('secret-pass');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Account created!');
  await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
});

test('the sign-in form lets a client in with a welcome', async ({ page, newClient }) => {
  const client = await newClient({ password: 'form-pass-1', projects: [{ title: 'Signed-in project' }] });
  await signInWithForm(page, client.email.toUpperCase(), 'form-pass-1');
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Welcome back!');
  await expect(page.getByRole('link', { name: /Signed-in project/ })).toBeVisible();
});

test('a client sees cards with progress, opens a project and sends a message', async ({ page, signInClient }) => {
  const client = await signInClient(BAKERY);
  await openPortal(page, client.name);
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

test('opening a project marks its team messages read', async ({ page, signInClient }) => {
  const client = await signInClient({
    projects: [
      {
        title: 'Online ordering',
        messages: [{ fromClient: false, subject: 'Ready for your review', message: 'Please test the flow.' }],
      },
    ],
  });
  await openPortal(page, client.name);
  const card = page.getByRole('link', { name: /Online ordering/ });
  await expect(card).toContainText('1 new');
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Online ordering' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Portal' }).first().click();
  await expect(page.getByRole('link', { name: /Online ordering/ })).not.toContainText('new');
});

test('a missing project shows "Project not found" and a way back', async ({ page, signInClient, allowPageErrors }) => {
  allowPageErrors(/status of 404/);
  const client = await signInClient();
  await page.goto('/portal/projects/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Portal' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${client.name.split(' ')[0]}` })).toBeVisible();
});

test('shows each sign-in and registration message', async ({ page, newClient, allowPageErrors }) => {
  allowPageErrors(/status of (409|401)/);
  const existing = await newClient({ password: 'right-password' });
  await page.goto('/portal/login');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByLabel('Email').fill(existing.email);
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

  await page.getByLabel('Full name').fill('Someone Again');
  await page.getByLabel('Email').fill(existing.email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill('secret-pass');
  await page.getByLabel('Confirm password').fill('secret-pass');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // The server's message belongs to the email field: said there, once; the toast points to it.
  await expect(toasts).toContainText('Registration failed');
  await expect(toasts).toContainText('Check the highlighted fields.');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('An account with this email already exists');
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('An account with this email already exists')).toHaveCount(1);
});

test('an error stays with its form: switching modes leaves Login failed and Registration failed behind', async ({
  page,
  newClient,
  allowPageErrors,
}) => {
  allowPageErrors(/status of (409|401)/);
  const existing = await newClient({ password: 'right-password' });
  await page.goto('/portal/login');
  const toasts = page.getByRole('region', { name: /Notification/ });
  await page.getByLabel('Email').fill(existing.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toasts).toContainText('Login failed');
  await holdToasts(page);
  await page.getByRole('button', { name: 'Create one' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(toasts.getByText('Login failed')).toHaveCount(0);

  await page.getByLabel('Full name').fill('Someone Again');
  await page.getByLabel('Email').fill(existing.email);
  await page.getByLabel('Password', { exact: true }).fill('secret-pass');
  await page.getByLabel('Confirm password').fill('secret-pass');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toasts).toContainText('Registration failed');
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to your portal' })).toBeVisible();
  await expect(toasts.getByText('Registration failed')).toHaveCount(0);
  await expect(page.getByLabel('Email')).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText('An account with this email already exists')).toHaveCount(0);

  // Failed, then signed in: the failure gives way to the welcome.
  await page.getByLabel('Email').fill(existing.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(toasts).toContainText('Login failed');
  await page.getByLabel('Password', { exact: true }).fill('right-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
  await expect(toasts).toContainText('Welcome back!');
  await expect(toasts.getByText('Login failed')).toHaveCount(0);
});

test('the password can be shown and hidden on sign-in', async ({ page }) => {
  await page.goto('/portal/login');
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('visible?');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
});

test('after logout the back button shows no data', async ({ page, signInClient }) => {
  const client = await signInClient({ projects: [{ title: 'Bakery website redesign' }] });
  await openPortal(page, client.name);
  await page.getByRole('link', { name: /Bakery website redesign/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bakery website redesign' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByRole('heading', { name: 'Sign in to your portal' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Sign in to your portal' })).toBeVisible();
  await expect(page.getByText('Bakery website redesign')).toHaveCount(0);
});

test('two clients in two browsers each see only their own projects', async ({ browser, signInClient }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const firstClient = await signInClient({ projects: [{ title: 'Bakery website redesign' }] }, first);
    const secondClient = await signInClient({}, second);
    const firstPage = await first.newPage();
    const secondPage = await second.newPage();
    await presetConsent(firstPage);
    await presetConsent(secondPage);
    await openPortal(firstPage, firstClient.name);
    await openPortal(secondPage, secondClient.name);
    await expect(firstPage.getByRole('link', { name: /Bakery website redesign/ })).toBeVisible();
    await expect(secondPage.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
    const answer = await secondPage.request.get(`/api/client/projects/${firstClient.projects[0]!.id}`);
    expect(answer.status()).toBe(404);
    expect(await answer.text()).not.toContain('Bakery');
    const own = await firstPage.request.get(`/api/client/projects/${firstClient.projects[0]!.id}`);
    expect(own.status()).toBe(200);
  } finally {
    await first.close();
    await second.close();
  }
});

test('a forgotten password can be reset from the emailed link, which then stops working', async ({
  page,
  newClient,
  allowPageErrors,
}) => {
  allowPageErrors(/status of 400/);
  const { email } = await newClient({ password: 'forgotten-pass' });
  await page.goto('/portal/login');
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
  await signInWithForm(page, email, 'a-new-password');

  await page.goto(link);
  // The island has run (it takes the token out of the address) before the form is used.
  await expect(page).toHaveURL(/\/portal\/reset-password$/);
  await page.getByLabel('New password', { exact: true }).fill('third-password');
  await page.getByLabel('Confirm new password').fill('third-password');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired');
});

/** The background colour the page shows at (x, y): the first element there, or up its ancestors, that paints one. */
function backgroundAt(page: Page, x: number, y: number) {
  return page.evaluate(
    ([px, py]) => {
      let el = document.elementFromPoint(px!, py!);
      while (el && getComputedStyle(el).backgroundColor === 'rgba(0, 0, 0, 0)') el = el.parentElement;
      return el ? getComputedStyle(el).backgroundColor : 'none';
    },
    [x, y],
  );
}

test('status badges stay on one line, and the grey page fills the window, from 320 to 2560 px', async ({
  page,
  signInClient,
  browser,
}) => {
  await signInClient({
    ...BAKERY,
    projects: [
      { ...BAKERY.projects![0]!, title: 'Bakery website redesign and online menu' },
      ...BAKERY.projects!.slice(1),
    ],
  });
  const signedOut = await browser.newPage();
  await presetConsent(signedOut);
  try {
    for (const width of [320, 375, 768, 1280, 1920, 2560]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/portal');
      await expect(page.getByRole('heading', { name: 'Welcome, Maria' })).toBeVisible();
      for (const label of ['In Progress', 'Review', 'Completed']) {
        const badge = page.getByText(label, { exact: true }).first();
        const { height, lineHeight } = await badge.evaluate((el) => ({
          height: el.getBoundingClientRect().height,
          lineHeight: parseFloat(getComputedStyle(el).lineHeight),
        }));
        expect(height, `${label} at ${width} px`).toBeLessThan(2 * lineHeight);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
      const grey = await page.locator('#main').evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor);
      expect(grey).not.toBe('rgb(255, 255, 255)');
      expect(await backgroundAt(page, 2, 898), `bottom of the window at ${width} px`).toBe(grey);

      // A short screen: the sign-in card.
      await signedOut.setViewportSize({ width, height: 900 });
      await signedOut.goto('/portal/login');
      await expect(signedOut.getByRole('heading', { name: 'Sign in to your portal' })).toBeVisible();
      expect(await backgroundAt(signedOut, 2, 898), `sign-in at ${width} px`).toBe(grey);
    }
  } finally {
    await signedOut.close();
  }
});

test('a long conversation says that it scrolls, scrolls by keyboard, and starts at the newest message', async ({
  page,
  signInClient,
}) => {
  const messages = Array.from({ length: 9 }, (_, i) => ({
    fromClient: i % 2 === 0,
    subject: `Update ${i + 1}`,
    message: 'We moved the order button above the fold and checked the page on three phones. '.repeat(2),
    isRead: true,
    createdAt: new Date(Date.UTC(2026, 10, 10 + i, 15)),
  }));
  const client = await signInClient({
    projects: [
      { title: 'Chatty project', messages },
      { title: 'Quiet project', messages: [messages[0]!] },
    ],
  });
  await page.goto(`/portal/projects/${client.projects[0]!.id}`);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  const cue = (edge: 'top' | 'bottom') => conversation.locator(`xpath=..`).locator(`[data-scroll-cue="${edge}"]`);
  const hint = conversation.locator('xpath=../..').locator('[data-scroll-cue="hint"]');
  await expect(conversation).toHaveAttribute('tabindex', '0');
  await expect(conversation.getByRole('listitem').first()).toContainText('Update 9');
  await expect(cue('bottom')).toHaveCSS('opacity', '1');
  await expect(hint).toBeVisible();
  await expect(hint).toHaveText('Scroll for older messages');
  await expect(cue('top')).toHaveCSS('opacity', '0');

  await conversation.focus();
  await page.keyboard.press('End');
  await expect
    .poll(() => conversation.evaluate((el) => Math.ceil(el.scrollTop + el.clientHeight) >= el.scrollHeight))
    .toBe(true);
  await expect(conversation.getByRole('listitem').last()).toBeInViewport();
  await expect(cue('bottom')).toHaveCSS('opacity', '0');
  await expect(hint).toBeHidden();
  await expect(cue('top')).toHaveCSS('opacity', '1');
  await page.keyboard.press('Home');
  await expect(cue('top')).toHaveCSS('opacity', '0');

  // A conversation that fits shows no cue.
  await page.goto(`/portal/projects/${client.projects[1]!.id}`);
  await expect(conversation.getByRole('listitem')).toHaveCount(1);
  await expect(cue('bottom')).toHaveCSS('opacity', '0');
  await expect(cue('top')).toHaveCSS('opacity', '0');
  await expect(hint).toBeHidden();
});
