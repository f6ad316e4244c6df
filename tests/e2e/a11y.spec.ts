import type { Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations, presetConsent, waitForIsland } from './fixtures.ts';
import { BAKERY } from './support/sample-clients.ts';
import { sitemapPaths } from './support/sitemap.ts';

/**
 * The accessibility sweep: every page of the sitemap (read from the running server, so a new
 * page is swept without touching this file), the not-found page, every screen of the client
 * portal (settings included) and of the staff dashboard, the unsubscribe page (not in the
 * sitemap), and the landing page's overlays. axe checks WCAG 2.x A and AA
 * (expectNoAxeViolations), and no page may scroll sideways. At 1280 px in the desktop project,
 * at 375 px on the phone project's device (tests tagged @phone).
 */
const WIDTHS = [1280, 375] as const;
/** The sitemap's pages are split over this many tests per width, so that both workers share them. */
const SITEMAP_SHARDS = 4;

/**
 * Brings every island into view (those hydrated on visibility need it), waits until all have
 * hydrated, and scrolls back to the top.
 */
async function hydrateAllIslands(page: Page): Promise<void> {
  for (const island of await page.locator('astro-island').all()) {
    // Two frames in view before the next scroll: an island hydrated on visibility is seen only
    // by an IntersectionObserver that ran in a frame where it was on screen.
    await island.evaluate(async (el) => {
      (el.firstElementChild ?? el).scrollIntoView({ block: 'center' });
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
  }
  // Islands that wait for an interaction (the Emergency button on every public page) start at a key.
  await page.keyboard.press('Shift');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** axe finds nothing, and the page is no wider than the screen. `soft`: the test goes on after a failure. */
async function sweep(page: Page, { soft = false } = {}): Promise<void> {
  await expectNoAxeViolations(page, { soft });
  const width = page.viewportSize()!.width;
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  (soft ? expect.soft : expect)(scrollWidth, `page width in px on ${page.url()}`).toBeLessThanOrEqual(width);
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px${width === 375 ? ' @phone' : ''}`, () => {
    test.beforeEach(async ({ page, allowPageErrors }) => {
      expect(page.viewportSize()?.width, 'the project runs at this width').toBe(width);
      // Checking for a session answers 401 when there is none; Chromium logs every such answer.
      allowPageErrors(/status of 401/);
    });

    for (let shard = 0; shard < SITEMAP_SHARDS; shard++) {
      test(`sitemap pages, part ${shard + 1} of ${SITEMAP_SHARDS}`, async ({ page }) => {
        // Several full pages, each hydrated and swept, in one test.
        test.slow();
        await presetConsent(page);
        const paths = (await sitemapPaths(page)).filter((_, index) => index % SITEMAP_SHARDS === shard);
        expect(paths.length, 'pages in this part').toBeGreaterThan(0);
        for (const path of paths) {
          await test.step(path, async () => {
            const response = await page.goto(path);
            expect(response?.status(), path).toBe(200);
            await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
            await hydrateAllIslands(page);
            // Every page is checked, whatever an earlier one showed.
            await sweep(page, { soft: true });
          });
        }
      });
    }

    test('the not-found page', async ({ page, pageErrors }) => {
      await presetConsent(page);
      const response = await page.goto('/this-page-does-not-exist');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      // Chromium logs the document's own 404, once; any other error still fails the test.
      const logged = pageErrors.findIndex((e) => /status of 404/.test(e));
      expect(logged, 'the console error for the 404 document').toBeGreaterThanOrEqual(0);
      pageErrors.splice(logged, 1);
      await sweep(page);
    });

    test('signed out: portal sign-in, registration, forgotten and reset password; dashboard sign-in', async ({
      page,
    }) => {
      await presetConsent(page);
      await page.goto('/portal/login');
      await expect(page.getByRole('heading', { name: 'Sign in to your portal' })).toBeVisible();
      await sweep(page);
      await page.getByRole('button', { name: 'Create one' }).click();
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
      await sweep(page);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await expect(page.getByText('Please enter a valid email address')).toBeVisible();
      await sweep(page);

      await page.goto('/portal/reset-password#token=abcdefghijklmnop');
      // The form is in the page before its island hydrates; the island takes the token out of
      // the address once it runs.
      await expect(page).toHaveURL(/\/portal\/reset-password$/);
      await page.getByRole('button', { name: 'Set New Password' }).click();
      await expect(page.getByLabel('New password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await sweep(page);
      await page.goto('/portal/reset-password');
      await expect(page.getByRole('alert')).toContainText('This page needs the link from your email');
      await sweep(page);

      await page.goto('/admin/login?error=unauthorized');
      await expect(page.getByRole('alert')).toContainText('Access denied');
      await expect(page.getByRole('link', { name: 'Continue with Google' })).toBeVisible();
      await sweep(page);
    });

    test('portal: dashboards with and without projects, a project, and a missing one', async ({
      page,
      context,
      signInClient,
      allowPageErrors,
    }) => {
      allowPageErrors(/status of 404/);
      await presetConsent(page);
      const client = await signInClient(BAKERY);
      await page.goto('/portal');
      await expect(page.getByRole('link', { name: /Bakery website redesign/ })).toBeVisible();
      await sweep(page);
      await page.goto(`/portal/projects/${client.projects[0]!.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Bakery website redesign' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Milestones' }).getByRole('listitem')).toHaveCount(4);
      await expect(page.getByRole('region', { name: 'Conversation' }).getByRole('listitem')).toHaveCount(2);
      await sweep(page);
      await page.goto('/portal/projects/00000000-0000-4000-8000-000000000000');
      await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
      await sweep(page);

      await context.clearCookies();
      await signInClient();
      await page.goto('/portal');
      await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
      await sweep(page);
    });

    test('portal settings, as shown and with error messages', async ({ page, signInClient, allowPageErrors }) => {
      allowPageErrors(/status of 422/);
      await presetConsent(page);
      await signInClient({ name: 'Sweep Settings', company: 'Sweep Company', password: 'sweep-pass-1' });
      await page.goto('/portal/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await sweep(page);
      await page.getByLabel('Full name').fill('S');
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
      await page.getByLabel('Current password').fill('not-the-password');
      await page.getByLabel('New password', { exact: true }).fill('sweep-pass-2');
      await page.getByLabel('Confirm new password').fill('sweep-pass-2');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(
        page.getByRole('form', { name: 'Change password' }).getByText('Current password is incorrect'),
      ).toBeVisible();
      await sweep(page);
    });

    test('the unsubscribe page: asking, done, and a link that does not work', async ({
      page,
      signInClient,
      unsubscribeLinks,
      allowPageErrors,
    }) => {
      allowPageErrors(/status of 400/);
      await presetConsent(page);
      const client = await signInClient();
      await page.goto((await unsubscribeLinks(client.memberId)).pageUrl);
      await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from project emails?' })).toBeVisible();
      await sweep(page);
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
      await sweep(page);
      await page.goto('/unsubscribe?token=not-a-valid-token');
      await expect(page.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible();
      await sweep(page);
    });

    /** A client with a project that has milestones and a client message; `id` makes the names unique. */
    const sweepData = (id: string) => ({
      projects: [
        {
          title: `Sweep project ${id}`,
          status: 'in-progress' as const,
          milestones: [{ title: 'Design', status: 'completed' as const }, { title: 'Build' }],
          messages: [{ fromClient: true, subject: `Sweep question ${id}`, message: 'Is it accessible?' }],
        },
      ],
    });
    const uniqueId = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

    /** Opens the dashboard's tab `name` and waits until its list is loaded and shown. */
    async function openTab(page: Page, name: RegExp) {
      await page.getByRole('tab', { name }).click();
      // A table on wide screens, cards on phones.
      await expect(page.getByRole('tabpanel').locator('li, tbody tr').first()).toBeVisible();
      await expect(page.getByRole('tabpanel').getByRole('status')).toHaveCount(0);
    }

    test('dashboard: each tab', async ({ staffPage: page, newClient, request }) => {
      await presetConsent(page);
      // Something in every list: a client with a project and a message, and a lead.
      const id = uniqueId();
      await newClient(sweepData(id));
      const lead = await request.post('/api/contact', {
        data: { name: `Sweep Lead ${id}`, email: 'lead@example.com', message: 'Hello', howDidYouFindUs: 'referral' },
      });
      expect(lead.status()).toBe(201);
      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      for (const tab of [/^Clients/, /^Projects/, /^Messages/]) {
        await openTab(page, tab);
        await sweep(page);
      }
      await openTab(page, /^Contact Forms/);
      await expect(page.locator('li, tbody tr').filter({ hasText: `Sweep Lead ${id}` })).toBeVisible();
      await sweep(page);
    });

    test('dashboard: the milestones, delete and reply dialogs', async ({ staffPage: page, newClient }) => {
      await presetConsent(page);
      const id = uniqueId();
      const project = (await newClient(sweepData(id))).projects[0]!;
      await page.goto('/admin#projects');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await page.getByRole('button', { name: `Milestones (2) of ${project.title}` }).click();
      const milestones = page.getByRole('dialog', { name: 'Milestones' });
      await expect(milestones.getByRole('list', { name: 'Milestones in order' }).getByRole('listitem')).toHaveCount(2);
      await sweep(page);
      await page.keyboard.press('Escape');
      await expect(milestones).toBeHidden();
      await page.getByRole('button', { name: `Delete ${project.title}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete this project?' });
      await expect(confirm).toContainText(`${project.title} and its 2 milestones and 1 message will be deleted`);
      await sweep(page);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();

      await openTab(page, /^Messages/);
      await page.getByRole('button', { name: `Reply to Sweep question ${id}` }).click();
      const reply = page.getByRole('dialog', { name: 'Message the client' });
      await expect(reply.getByLabel('Subject')).toHaveValue(`Re: Sweep question ${id}`);
      await sweep(page);
    });

    test('dashboard: the client form, new and edited, and the project form', async ({ staffPage: page, newClient }) => {
      await presetConsent(page);
      const client = await newClient({ name: `Sweep Client ${Date.now().toString(36)}` });
      await page.goto('/admin');
      await page.getByRole('button', { name: 'Add Client' }).click();
      await page.getByRole('button', { name: 'Create Client' }).click();
      await expect(page.getByText('Name is required')).toBeVisible();
      await sweep(page);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: `Edit ${client.name}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Edit Client' })).toBeVisible();
      await expect(page.getByLabel('Full Name')).toHaveValue(client.name);
      await sweep(page);
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('tab', { name: /^Projects/ }).click();
      await page.getByRole('button', { name: 'Add Project' }).click();
      await page.getByRole('button', { name: 'Create Project' }).click();
      await expect(page.getByText('Title is required')).toBeVisible();
      await sweep(page);
    });

    test('the cookie banner and its preferences dialog', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Customize' }).click();
      await expect(page.getByRole('dialog', { name: 'Cookie preferences' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('the service, emergency and emergency-contact dialogs', async ({ page }) => {
      await presetConsent(page);
      await page.goto('/');
      await waitForIsland(page, 'service-cards');
      await page.getByRole('button', { name: 'Learn more about Web Development' }).click();
      await expect(page.getByRole('dialog', { name: 'Web Development' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');

      await waitForIsland(page, 'emergency-support');
      await page.locator('#services').scrollIntoViewIfNeeded();
      await page.getByRole('button', { name: 'Emergency', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Emergency Support' })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: 'Send an emergency request' }).click();
      const form = page.getByRole('dialog', { name: 'Emergency Contact' });
      await expect(form.getByLabel('Your name *')).toBeVisible();
      await form.getByRole('button', { name: 'Send Emergency Request' }).click();
      await expect(form.getByText('Name is required')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('the contact form with its error messages', async ({ page }) => {
      await presetConsent(page);
      await page.goto('/#contact');
      await waitForIsland(page, 'contact-form');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByText('Message is required')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
