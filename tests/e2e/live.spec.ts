import type { Page } from '@playwright/test';
import { clientPage, LIVE, openLive, unique } from './support/live-pages.ts';
import { test, expect, presetConsent } from './fixtures.ts';

/**
 * Live updates (docs/product.md#live-updates): a client and a staff member side by side, each in
 * a browser of their own; what one does shows on the other's open screen within 2 s, with no
 * reload. Every test makes its own client (tests/e2e/fixtures.ts).
 */
// The dashboard's cards, as phones and windows narrower than 1,024 px show them; the tables of
// wider screens are tested in admin-lists.spec.ts.
test.use({ viewport: { width: 1000, height: 800 } });

test.beforeEach(async ({ page, allowPageErrors }) => {
  await presetConsent(page);
  // Checking for a session answers 401 when there is none; Chromium logs every such answer.
  allowPageErrors(/status of 401/);
});

/** The number in the dashboard's 'Unread Messages' counter. */
async function unreadCount(page: Page): Promise<number> {
  const counter = page.locator('dt', { hasText: 'Unread Messages' }).locator('xpath=following-sibling::dd');
  await expect(counter).toHaveText(/^\d+$/);
  return Number(await counter.textContent());
}

test("a client's message appears in the staff Messages tab and counter, and the staff reply on the client's page", async ({
  staffPage,
  browser,
  signInClient,
}) => {
  const title = unique('Live bakery');
  const context = await browser.newContext();
  try {
    const { page: portal, client } = await clientPage(context, signInClient, { projects: [{ title }] });
    await openLive(staffPage, '/admin#messages', 'admin');
    await expect(staffPage.getByRole('heading', { name: 'Recent Communications' })).toBeVisible();
    const before = await unreadCount(staffPage);

    await openLive(portal, `/portal/projects/${client.projects[0]!.id}`, 'client');
    await expect(portal.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const form = portal.getByRole('form', { name: 'Send a message' });
    const question = unique('When can we launch');
    await form.getByLabel('Subject').fill(question);
    await form.getByLabel('Message').fill('Is next week possible?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const conversation = portal.getByRole('region', { name: 'Conversation' });
    const mine = conversation.getByRole('listitem').filter({ hasText: 'Is next week possible?' });
    await expect(mine).toContainText('Sent');

    // Staff: the message is there, unread, and the counter went up, without a reload.
    const card = staffPage
      .getByRole('listitem')
      .filter({ has: staffPage.getByRole('heading', { name: question, exact: true }) });
    await expect(card).toBeVisible(LIVE);
    await expect(card).toContainText('Unread');
    await expect.poll(() => unreadCount(staffPage), LIVE).toBeGreaterThan(before);

    // Staff reply; the client's open page shows it, and its own message as seen.
    await card.getByRole('button', { name: `Reply to ${question}` }).click();
    const dialog = staffPage.getByRole('dialog', { name: 'Message the client' });
    await dialog.getByLabel('Message').fill('Yes, next Tuesday works.');
    await dialog.getByRole('button', { name: 'Send to client' }).click();
    await expect(dialog).toBeHidden();
    const reply = conversation.getByRole('listitem').filter({ hasText: 'Yes, next Tuesday works.' });
    await expect(reply).toBeVisible(LIVE);
    await expect(reply).toContainText('Team');
    await expect(mine).toContainText(/Seen/, LIVE);
    await expect(mine).not.toContainText('Sent');

    // The open page marked the reply read: staff see it as seen by the client, live.
    const answer = staffPage.getByRole('listitem').filter({ hasText: 'Yes, next Tuesday works.' });
    await expect(answer).toContainText('Seen by client', LIVE);
  } finally {
    await context.close();
  }
});

test("the portal dashboard's unread badge follows the team's messages live", async ({
  staffPage,
  browser,
  signInClient,
}) => {
  const title = unique('Badge project');
  const context = await browser.newContext();
  try {
    const { page: portal, client } = await clientPage(context, signInClient, { projects: [{ title }] });
    const projectId = client.projects[0]!.id;
    await openLive(portal, '/portal', 'client');
    const projectCard = portal.getByRole('link', { name: new RegExp(title) });
    await expect(projectCard).toBeVisible();
    await expect(projectCard).not.toContainText('new');

    // Two team messages, sent with the staff member's session: the badge counts them.
    const send = (subject: string) =>
      staffPage.request.post(`/api/admin/projects/${projectId}/communications`, {
        data: { subject, message: `${subject}: see the staging site.` },
      });
    expect((await send('First draft')).status()).toBe(201);
    await expect(projectCard).toContainText('1 new', LIVE);
    expect((await send('Second draft')).status()).toBe(201);
    await expect(projectCard).toContainText('2 new', LIVE);

    // The client reads them in another tab: the badge on this one goes away.
    const detail = await context.newPage();
    await presetConsent(detail);
    await detail.goto(`/portal/projects/${projectId}`);
    await expect(detail.getByRole('region', { name: 'Conversation' })).toContainText('Second draft');
    await expect(projectCard).not.toContainText('new', LIVE);
  } finally {
    await context.close();
  }
});

test.describe('read state', () => {
  test.use({ timezoneId: 'UTC' });

  test("shows when each side's messages were seen, and what is not seen yet", async ({
    staffPage,
    browser,
    signInClient,
  }) => {
    const title = unique('Seen project');
    const context = await browser.newContext();
    try {
      const readAt = new Date('2026-11-03T14:05:00Z');
      const { page: portal, client } = await clientPage(context, signInClient, {
        projects: [
          {
            title,
            messages: [
              { fromClient: true, subject: 'Read question', message: 'Seen by the team.', isRead: true, readAt },
              { fromClient: true, subject: 'Old read question', message: 'Read before read times.', isRead: true },
              { fromClient: true, subject: 'Open question', message: 'Not read yet.' },
              { fromClient: false, subject: 'Team update', message: 'Read by the client.', isRead: true, readAt },
            ],
          },
        ],
      });
      await portal.goto(`/portal/projects/${client.projects[0]!.id}`);
      const conversation = portal.getByRole('region', { name: 'Conversation' });
      const message = (text: string) => conversation.getByRole('listitem').filter({ hasText: text });
      await expect(message('Seen by the team.')).toContainText('Seen Nov 3, 2026 at 2:05 PM');
      await expect(message('Read before read times.')).toContainText(/Seen$/);
      await expect(message('Not read yet.')).toContainText(/Sent$/);
      await expect(message('Read by the client.')).not.toContainText(/Seen|Sent/);

      await staffPage.goto('/admin#messages');
      const staffCard = staffPage.getByRole('listitem').filter({ hasText: 'Read by the client.' });
      await expect(staffCard).toContainText('Seen by client Nov 3, 2026 at 2:05 PM');
      await expect(staffCard).not.toContainText('Unread');
      await expect(staffPage.getByRole('listitem').filter({ hasText: 'Not read yet.' })).toContainText('Unread');
    } finally {
      await context.close();
    }
  });
});

test('a page whose stream was cut catches up when it reconnects, and a signed-out page stops', async ({
  staffPage,
  browser,
  signInClient,
}) => {
  const title = unique('Reconnect project');
  const context = await browser.newContext();
  try {
    const { page: portal, client } = await clientPage(context, signInClient, { projects: [{ title }] });
    const projectId = client.projects[0]!.id;

    // The first connection is refused (as by a dropped network); the page keeps trying.
    const refused = portal.waitForRequest((r) => r.url().endsWith('/api/client/stream'));
    await portal.route('**/api/client/stream', (route) => route.abort());
    await portal.goto('/portal');
    const projectCard = portal.getByRole('link', { name: new RegExp(title) });
    await expect(projectCard).toBeVisible();
    await refused;

    // A message sent while the stream is down shows once it is back (a refetch, no replay).
    const sent = await staffPage.request.post(`/api/admin/projects/${projectId}/communications`, {
      data: { subject: 'While you were away', message: 'The staging site is up.' },
    });
    expect(sent.status()).toBe(201);
    const reopened = portal.waitForResponse((r) => r.url().endsWith('/api/client/stream') && r.status() === 200);
    await portal.unroute('**/api/client/stream');
    await reopened;
    await expect(projectCard).toContainText('1 new', LIVE);

    // Signing out in another tab ends this page's stream: it shows the sign-in screen.
    const other = await context.newPage();
    await presetConsent(other);
    await other.goto('/portal');
    await other.getByRole('button', { name: 'Sign Out' }).click();
    await expect(other.getByRole('heading', { name: 'Sign in to your portal' })).toBeVisible();
    await expect(portal.getByRole('heading', { name: 'Sign in to your portal' })).toBeVisible(LIVE);
  } finally {
    await context.close();
  }
});

test('a page whose open stream dropped names the last event it saw when it reconnects, and gets what it missed', async ({
  staffPage,
  browser,
  signInClient,
}) => {
  const title = unique('Resume project');
  const context = await browser.newContext();
  try {
    const { page: portal, client } = await clientPage(context, signInClient, { projects: [{ title }] });
    const projectId = client.projects[0]!.id;
    // The page's EventSources are kept where the test can drop one, as a lost connection would.
    await portal.addInitScript(() => {
      const Native = window.EventSource;
      const opened: EventSource[] = [];
      Object.assign(window, { openedStreams: opened });
      window.EventSource = class extends Native {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          opened.push(this);
        }
      };
    });
    await openLive(portal, '/portal', 'client');
    const projectCard = portal.getByRole('link', { name: new RegExp(title) });
    await expect(projectCard).toBeVisible();
    await expect(projectCard).not.toContainText('new');

    // The stream drops, and cannot come back while a message is sent.
    await portal.route('**/api/client/stream*', (route) => route.abort());
    await portal.evaluate(() => {
      const source = (window as unknown as { openedStreams: EventSource[] }).openedStreams.at(-1)!;
      source.close();
      source.onerror?.(new Event('error'));
    });
    const sent = await staffPage.request.post(`/api/admin/projects/${projectId}/communications`, {
      data: { subject: 'While the stream was down', message: 'The staging site is up.' },
    });
    expect(sent.status()).toBe(201);

    // Back: the new stream names the last event seen, and the missed message shows (no refetch
    // is asked for when the page knows where it left off).
    const resumed = portal.waitForResponse(
      (r) => /\/api\/client\/stream\?lastEventId=\d+$/.test(r.url()) && r.status() === 200,
      { timeout: 40_000 },
    );
    await portal.unroute('**/api/client/stream*');
    await resumed;
    await expect(projectCard).toContainText('1 new', LIVE);
  } finally {
    await context.close();
  }
});
