/**
 * Shared Playwright fixtures:
 * - every test fails on an uncaught page error or a console error (CSP violations included),
 *   unless it declared that error with `allowPageErrors(pattern)`;
 * - `newClient(data?)` creates a client of its own in the test database, with projects,
 *   milestones and messages when asked; `signInClient(data?)` does the same and puts the
 *   client's session cookie on the browser context;
 * - `staffPage` is `page` with a staff session cookie on its context;
 * - `unsubscribeLinks(clientId)` makes a client's unsubscribe addresses as the mail worker does;
 * - `presetConsent(page)` stores a cookie choice before the page loads, so the banner stays away;
 * - `expectNoAxeViolations(page)` runs axe (WCAG 2.x A and AA) and lists each violation.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { E2E_ADMIN_EMAILS, e2eEnv } from '../../scripts/e2e-env.mjs';
import {
  createClientWithData,
  newSession,
  openTestDatabase,
  staffUser,
  unsubscribeLinksFor,
  type ClientSpec,
  type CreatedClient,
  type Database,
  type SessionToken,
} from './support/data.ts';

export type { ClientSpec, CreatedClient };

/** The staff member the `staffPage` fixture signs in. */
export const STAFF_EMAIL = E2E_ADMIN_EMAILS[0]!;

/** Puts a session cookie on `context`, as the server sets it at sign-in. */
export async function addSessionCookie(context: BrowserContext, baseURL: string, name: string, session: SessionToken) {
  await context.addCookies([
    {
      name,
      value: session.token,
      domain: new URL(baseURL).hostname,
      path: '/',
      httpOnly: true,
      secure: false,
      sameSite: 'Lax',
      expires: Math.floor(session.expiresAt.getTime() / 1000),
    },
  ]);
}

export const test = base.extend<
  {
    pageErrors: string[];
    allowPageErrors: (pattern: RegExp) => void;
    newClient: (data?: ClientSpec) => Promise<CreatedClient>;
    signInClient: (data?: ClientSpec, context?: BrowserContext) => Promise<CreatedClient>;
    staffPage: Page;
    unsubscribeLinks: (clientId: string) => Promise<{ pageUrl: string; postUrl: string }>;
  },
  { database: Database }
>({
  database: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other fixture
    async ({}, use) => {
      const { client, db } = await openTestDatabase();
      await use(db);
      client.close();
    },
    { scope: 'worker' },
  ],
  newClient: async ({ database }, use) => {
    await use((data = {}) => createClientWithData(database, data));
  },
  signInClient: async ({ database, context, baseURL }, use) => {
    await use(async (data = {}, target = context) => {
      const client = await createClientWithData(database, data);
      await addSessionCookie(target, baseURL!, 'client_session', await newSession(database, 'client', client.memberId));
      return client;
    });
  },
  staffPage: async ({ database, context, page, baseURL }, use) => {
    const user = await staffUser(database, STAFF_EMAIL);
    await addSessionCookie(context, baseURL!, 'admin_session', await newSession(database, 'staff', user.id));
    await use(page);
  },
  unsubscribeLinks: async ({ database }, use) => {
    await use((memberId) => unsubscribeLinksFor(database, memberId));
  },
  allowPageErrors: async ({ pageErrors }, use) => {
    await use((pattern) => {
      (pageErrors as string[] & { allowed?: RegExp[] }).allowed ??= [];
      (pageErrors as string[] & { allowed?: RegExp[] }).allowed!.push(pattern);
    });
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] & { allowed?: RegExp[] } = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
      });
      await use(errors);
      const unexpected = errors.filter((e) => !(errors.allowed ?? []).some((pattern) => pattern.test(e)));
      expect(unexpected, 'errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Every island of a page but the Emergency button's, which every public page has in its emergency
 * bar and which loads its code only at the visitor's first action (docs/product.md#emergency).
 */
export const OTHER_ISLANDS = 'astro-island:not([component-url*="emergency-support"])';

/** Saves a cookie choice (default: necessary only) before any page script runs. */
export async function presetConsent(
  page: Page,
  consent = { necessary: true, analytics: false, marketing: false, functional: false },
): Promise<void> {
  await page.addInitScript((value) => {
    window.localStorage.setItem('cookie-consent', value);
  }, JSON.stringify(consent));
}

/**
 * Asserts that axe finds no WCAG 2.0/2.1/2.2 A or AA violation on the page as it is now. `soft`:
 * a failure is recorded and the test goes on (to check further pages). Blocks that render lazily
 * (`content-visibility: auto`, docs/decisions/0017-deferred-rendering.md) are rendered first, as
 * a visitor sees them on reaching them: axe cannot read the colours of a skipped block and would
 * report its text as low contrast.
 */
export async function expectNoAxeViolations(page: Page, { soft = false } = {}): Promise<void> {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('*')) {
      if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
    }
  });
  // Let finite animations (a toast or dialog fading in) end, so colours are measured as seen.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    // Without frames, axe runs in the page itself; the frame-by-frame mode would only add a
    // blank page and a second copy of axe to every check.
    .setLegacyMode(page.frames().length === 1)
    .analyze();
  const violations = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  (soft ? expect.soft : expect)(violations, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Keeps the toasts now on screen, and the next ones, from closing by themselves: the notification
 * region pauses its 5-second timers while the window is blurred (Radix Toast's documented pause
 * on window blur). A toast then goes only when the page closes it, so a test can tell a toast the
 * page closed from one that ran out. Call once a toast is shown.
 */
export async function holdToasts(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
}

/**
 * Brings the island whose component file name contains `name` into view (islands hydrated on
 * visibility need it), presses a key for one hydrated at the first interaction, and waits until it
 * has hydrated.
 */
export async function waitForIsland(page: Page, name: string): Promise<void> {
  const island = page.locator(`astro-island[component-url*="${name}"]`).first();
  await island.evaluate((el) => el.firstElementChild?.scrollIntoView({ block: 'center' }));
  // An island hydrated at the first interaction (client:interaction) waits for one: a key press,
  // as a visitor's first Tab would be.
  if ((await island.getAttribute('client')) === 'interaction') await page.keyboard.press('Shift');
  await page.locator(`astro-island[component-url*="${name}"]:not([ssr])`).first().waitFor({ state: 'attached' });
}

const ROOT = join(import.meta.dirname, '..', '..');
const PORT = process.env.E2E_PORT ?? '4322';

/** The test server's outbox (scripts/e2e-server.mjs), where every email is written as a .eml file. */
const OUTBOX = join(ROOT, 'test-results', `e2e-data-${PORT}`, 'outbox');

/** The emails sent so far, decoded from quoted-printable soft breaks and `=3D`; [] before the first. */
export function sentMails(): string[] {
  try {
    // Oldest first: the files are named by a random id, so by their modification time.
    return readdirSync(OUTBOX)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => join(OUTBOX, f))
      .map((path) => ({ path, written: statSync(path).mtimeMs }))
      .sort((a, b) => a.written - b.written || a.path.localeCompare(b.path))
      .map(({ path }) =>
        readFileSync(path, 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      );
  } catch {
    return [];
  }
}

/**
 * Signs a staff member in as a newcomer would: `npm run admin:link` against the test server's
 * database prints a one-time link, which the page opens. Ends on /admin with the dashboard shown.
 */
export async function signInAsAdmin(page: Page, email = 'owner@agency.example'): Promise<void> {
  const output = execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/admin-link.ts', email],
    {
      cwd: ROOT,
      env: { ...process.env, ...e2eEnv(PORT) },
      encoding: 'utf8',
    },
  );
  const link = /https?:\/\/\S+#link=\S+/.exec(output)?.[0];
  if (!link) throw new Error(`admin:link printed no link:\n${output}`);
  await page.goto(link);
  await expect(page).toHaveURL(/\/admin(#.*)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}
