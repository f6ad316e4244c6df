/**
 * Who a visitor in trouble can reach, and whom the team can reach back (docs/product.md#emergency,
 * docs/product.md#live-chat), with a visitor and a staff member side by side in browsers of their
 * own:
 * - the Emergency Support dialog says, before anything is pressed, whether a person is on chat now,
 *   and promises nothing while it does not know;
 * - a live chat without an email asks for one ('Get the reply by email') at once when the visitor
 *   closes the panel, and after a team reply has stayed unread for a minute (the visitor's clock is
 *   Playwright's, moved forward);
 * - staff see 'Visitor is here now', 'Not reachable: no email yet' or 'Reachable by email', and
 *   closing a chat nobody can reach asks first.
 *
 * Whether someone is online is shared by the whole server, so these tests run one after another.
 */
import type { Page } from '@playwright/test';
import { CHAT_OFFLINE_TEXT, REPLY_UNREAD_ASK_MS, VISITOR_HERE_MS } from '../../src/shared/chat.ts';
import { expect, expectNoAxeViolations, presetConsent, sentMails } from './fixtures.ts';
import { unique } from './support/live-pages.ts';
import { setEveryoneAway, test } from './support/visitor.ts';

test.describe.configure({ mode: 'serial' });

const LIVE = { timeout: 5_000 };

/** Opens the chat from the landing page's contact section and sends `text`; resolves with the panel. */
async function startChat(page: Page, text: string) {
  await page.goto('/');
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await page.getByRole('link', { name: 'Chat with us' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat with us' });
  await expect(panel).toBeVisible();
  await panel.getByLabel('Your message').fill(text);
  await panel.getByLabel('Your message').press('Enter');
  await expect(panel.getByRole('list', { name: 'Messages' })).toContainText(text);
  return panel;
}

/** The visitor switches to another tab (the page is hidden) or comes back. */
async function setTabHidden(page: Page, hidden: boolean) {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { value: value ? 'hidden' : 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

test.beforeEach(async ({ page, database }) => {
  await presetConsent(page);
  await setEveryoneAway(database, false);
});

test.afterAll(async ({ database }) => {
  await setEveryoneAway(database, false);
});

test('the Emergency dialog says who is reachable before the visitor presses, from the chat status', async ({
  visitor: page,
  database,
}) => {
  // The status is held back: meanwhile the dialog promises nobody.
  let release: () => void = () => {};
  const held = new Promise<void>((done) => (release = done));
  await page.route('**/api/chat/status', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/about');
  await page.getByRole('button', { name: 'Emergency', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Emergency Support' });
  await expect(dialog.getByText('Checking who is online…')).toBeVisible();
  await expect(dialog).not.toContainText('online now');
  await expect(dialog).not.toContainText('Write to a person on our team now');
  release();
  await expect(dialog.getByRole('button', { name: /Start live chat/ })).toContainText(
    'A person on our team is online now',
  );
  await page.keyboard.press('Escape');
  await page.unroute('**/api/chat/status');

  // Nobody online: the hotline first, across the dialog; the chat is a message answered by email.
  await setEveryoneAway(database, true);
  await page.getByRole('button', { name: 'Emergency', exact: true }).click();
  const leave = dialog.getByRole('button', { name: /Leave a message/ });
  await expect(leave).toContainText('Nobody is on chat right now: we reply by email');
  await expect(dialog.getByRole('button', { name: /Start live chat/ })).toHaveCount(0);
  const hotline = dialog.getByRole('link', { name: /Call the hotline/ });
  const [call, chat] = [(await hotline.boundingBox())!, (await leave.boundingBox())!];
  expect(call.y + call.height).toBeLessThanOrEqual(chat.y);
  expect(call.width).toBeGreaterThanOrEqual(chat.width - 1);
  // And the panel it opens says the same.
  await leave.click();
  const panel = page.getByRole('dialog', { name: 'Chat with us' });
  await expect(panel).toContainText(CHAT_OFFLINE_TEXT);
  await expect(panel.getByLabel('Your email')).toBeVisible();
});

test('closing a live chat without an email asks for one at once, in a card that can be put away', async ({
  visitor: page,
}) => {
  const panel = await startChat(page, unique('Is the team there?'));
  const opener = page.getByRole('link', { name: 'Chat with us' });
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(opener).toBeFocused();
  const card = page.getByRole('region', { name: 'Get the reply by email' });
  await expect(card).toBeVisible();
  await expect(card.getByLabel('Email for the reply')).toBeVisible();
  await expectNoAxeViolations(page);
  await card.getByRole('button', { name: 'Email me' }).click();
  await expect(card.getByRole('status')).toHaveText('Please enter a valid email address');
  await card.getByRole('button', { name: 'Not now' }).click();
  await expect(card).toBeHidden();
});

test('a reply unread for a minute asks for an email; staff see who can be reached and confirm closing an unreachable chat', async ({
  visitor: page,
  staffPage,
}) => {
  await page.clock.install();
  await staffPage.clock.install();
  await staffPage.goto('/admin#chats');
  const question = unique('My shop shows a warning');
  const panel = await startChat(page, question);

  // The panel is open: staff see the visitor here.
  const row = staffPage.getByRole('listitem').filter({ hasText: question });
  await expect(row).toContainText('Visitor is here now', LIVE);
  await row.getByRole('link').click();
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Chat with Visitor' })).toBeVisible();

  // The visitor switches tabs; the team's reply stays unread.
  await setTabHidden(page, true);
  const answer = unique('Which warning exactly?');
  await staffPage.getByLabel(/^Reply/).fill(answer);
  await staffPage.getByLabel(/^Reply/).press('Enter');
  await expect(panel.getByRole('list', { name: 'Messages' })).toContainText(answer, LIVE);
  await expect(staffPage.getByText('The team’s last reply is not seen yet.')).toBeVisible(LIVE);
  const ask = panel.getByRole('group', { name: 'Get the reply by email' });
  await page.clock.fastForward(REPLY_UNREAD_ASK_MS - 2_000);
  await expect(ask).toBeHidden();
  await page.clock.fastForward(2_000);
  await expect(ask).toBeVisible();
  // The panel's rows still fit inside it, down to 'Email me this chat'.
  const [panelBox, lastRow] = [
    (await panel.boundingBox())!,
    (await panel.getByRole('button', { name: 'Email me this chat' }).boundingBox())!,
  ];
  expect(lastRow.y + lastRow.height).toBeLessThanOrEqual(panelBox.y + panelBox.height + 1);

  // 90 s later on the staff's clock the visitor is gone, with no email: closing asks first.
  await staffPage.clock.fastForward(VISITOR_HERE_MS + 1_000);
  const visitorFacts = staffPage.getByRole('region', { name: 'Visitor' });
  await expect(visitorFacts).toContainText('Not reachable: no email yet');
  await staffPage.getByRole('button', { name: 'Close', exact: true }).click();
  const confirm = staffPage.getByRole('alertdialog', { name: 'Close a chat nobody can answer?' });
  await expect(confirm).toContainText('The visitor cannot be reached: they left no email and are not on the site now.');
  await confirm.getByRole('button', { name: 'Keep it open' }).click();
  await expect(confirm).toBeHidden();

  // The visitor leaves an address: the unread reply goes there, and staff see it.
  const address = `${unique('shop').replace(' ', '-')}@example.com`.toLowerCase();
  await ask.getByLabel('Email for the reply').fill(address);
  await ask.getByRole('button', { name: 'Email me' }).click();
  await expect(ask).toContainText(`Thanks. The team's replies will reach ${address}.`);
  await expect(visitorFacts).toContainText('Reachable by email', LIVE);
  await expect
    .poll(() => sentMails().filter((m) => m.includes(`To: ${address}`) && m.includes(answer)), LIVE)
    .toHaveLength(1);
  await staffPage.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(confirm).toHaveCount(0);
  await expect(panel).toContainText('This chat was closed.', LIVE);
});
