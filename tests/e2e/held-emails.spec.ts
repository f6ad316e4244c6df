/**
 * Email replies in the browser (docs/product.md#email-replies): raw replies posted to the test
 * server's `POST /api/inbound/email` (tests/e2e/support/inbound-env.mjs) to reply addresses made
 * as the product's emails make them. A reply from another address than the one we wrote to is
 * held: staff see it under "Held emails", post it by keyboard (it shows on the project as the
 * client's, "via email", where a message written in the dashboard says nothing of the kind) or
 * discard it after confirming. A reply from the right address is posted
 * at once, and the client's portal shows "via email" beside it. Each view is checked at 375, 1280
 * and 1920 px, with screenshots in /tmp/held-*.png.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, presetConsent, STAFF_EMAIL, test } from './fixtures.ts';
import { projectReplyAddress, staffUser, uniqueSuffix, type Database } from './support/data.ts';
import { E2E_INBOUND } from './support/inbound-env.mjs';
import { layoutProblems, resizeTo } from './support/layout.ts';
import { openLive } from './support/live-pages.ts';

const WIDTHS = [375, 1280, 1920] as const;

interface RawReply {
  /** 'Name <address>' or an address. */
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** A reply as a mail client writes it: RFC 5322 headers, a blank line, a plain-text body. */
function rawReply({ from, to, subject, text }: RawReply): string {
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@mail.example>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    text,
    '',
  ].join('\r\n');
}

/** Posts `reply` to the inbound door as an email provider's forwarding does; returns the status it answered. */
async function deliver(request: APIRequestContext, reply: RawReply): Promise<string> {
  const answer = await request.post('/api/inbound/email', {
    headers: { 'Content-Type': 'message/rfc822', Authorization: `Bearer ${E2E_INBOUND.INBOUND_SECRET}` },
    data: rawReply(reply),
  });
  expect(answer.status(), await answer.text()).toBe(202);
  return ((await answer.json()) as { status: string }).status;
}

/** A reply address for the owner of `client` on their first project. */
function ownerAddress(database: Database, client: { memberId: string; email: string; projects: { id: string }[] }) {
  return projectReplyAddress(database, E2E_INBOUND.INBOUND_DOMAIN, client.projects[0]!.id, {
    kind: 'member',
    id: client.memberId,
    email: client.email,
  });
}

/** Checks the page's layout at each width and saves a screenshot of `part` at each to /tmp/held-{name}-{width}.png. */
async function checkAtWidths(page: Page, part: Locator, name: string) {
  for (const width of WIDTHS) {
    await resizeTo(page, width);
    await part.scrollIntoViewIfNeeded();
    expect(await layoutProblems(page), `${name} at ${width} px`).toEqual([]);
    await part.screenshot({ path: `/tmp/held-${name}-${width}.png`, animations: 'disabled' });
  }
  await resizeTo(page, 1280);
}

test.beforeEach(async ({ page }) => {
  await presetConsent(page);
});

test('staff post a held reply by keyboard and discard another after confirming', async ({
  staffPage: page,
  database,
  newClient,
  request,
}) => {
  const word = uniqueSuffix();
  const client = await newClient({
    name: 'Jane Baker',
    projects: [
      {
        title: `Bakery website ${word}`,
        messages: [{ fromClient: false, subject: `Homepage ${word}`, message: 'The homepage is ready.' }],
      },
    ],
  });
  const project = client.projects[0]!;
  const to = await ownerAddress(database, client);
  const posted = {
    subject: `Opening hours ${word}`,
    text: 'Please add our new opening hours: 7 to 3, closed Mondays.',
  };
  const discarded = { subject: `Prize draw ${word}`, text: 'You have won! Click here to claim your prize.' };
  // From the owner's assistant, and from a stranger: neither is the address we wrote to.
  const assistant = `assistant-${word}@bakery-mail.example`;
  expect(
    await deliver(request, {
      from: `Sam Okafor <${assistant}>`,
      to,
      subject: `Re: ${posted.subject}`,
      text: posted.text,
    }),
  ).toBe('held');
  expect(
    await deliver(request, {
      from: `a.very.long.sender.address.that.must.wrap.${word}@a-rather-long-domain-name.example`,
      to,
      subject: `Re: ${discarded.subject}`,
      text: `${discarded.text}\n\n${'This line goes on and on. '.repeat(30)}`,
    }),
  ).toBe('held');

  await openLive(page, '/admin', 'admin');
  const panel = page.getByRole('region', { name: /^Held emails/ });
  const row = panel.getByRole('listitem').filter({ hasText: posted.subject });
  await expect(row).toContainText(`From Sam Okafor <${assistant}>`);
  await expect(row).toContainText(`For ${client.name} · ${project.title}`);
  await expect(row).toContainText('Sent from another address than the one we wrote to');
  await expect(row).toContainText(posted.text);
  const other = panel.getByRole('listitem').filter({ hasText: discarded.subject });
  // The long text is shortened to a preview, ended with '…'.
  await expect(other).toContainText('…');
  await checkAtWidths(page, panel, 'dashboard');
  await expectNoAxeViolations(page);

  // 'Post it' by keyboard: the row goes, focus stays in the page.
  await row.getByRole('button', { name: /^Post it/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Email posted on ${project.title}` })).toBeVisible();
  await expect(row).toBeHidden();
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');

  // 'Discard' asks first; Escape keeps the email.
  await other.getByRole('button', { name: /^Discard/ }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Discard this email?' });
  await expect(dialog).toContainText(discarded.subject);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(other).toBeVisible();
  await other.getByRole('button', { name: /^Discard/ }).click();
  await dialog.getByRole('button', { name: 'Discard the email' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Email discarded' });
  await expect(toast).toBeVisible();
  await expect(other).toBeHidden();
  const held = await page.request.get('/api/admin/held-emails');
  const subjects = ((await held.json()) as { items: { subject: string }[] }).items.map((e) => e.subject);
  expect(subjects.filter((s) => s.includes(word))).toEqual([]);

  // The posted reply is the client's message on the project, "via email"; the discarded one is nowhere.
  // Loaded afresh: the toasts' region, which a toast left in the corner, is not part of the check.
  await page.goto(`/admin#project/${project.id}`);
  await page.reload();
  const messages = page.getByRole('list', { name: 'Messages' });
  const message = messages.getByRole('listitem').filter({ hasText: posted.subject });
  await expect(message).toContainText(posted.text);
  await expect(message).toContainText(client.name);
  await expect(message).toContainText('via email');
  await expect(messages).not.toContainText(discarded.subject);
  // A message written in the dashboard says nothing of the kind.
  await expect(messages.getByRole('listitem').filter({ hasText: `Homepage ${word}` })).not.toContainText('via email');
  await checkAtWidths(page, message, 'project-message');

  // The Messages tab says it too: in the table's From column, and on a phone's card.
  await page.goto(`/admin#messages?q=${word}`);
  await expect(page.getByRole('row', { name: `Unread: ${posted.subject}` })).toContainText('via email');
  await expect(page.getByRole('row', { name: `Homepage ${word}` })).not.toContainText('via email');
  const tab = page.getByRole('region', { name: 'Recent Communications' });
  await checkAtWidths(page, tab, 'messages-tab');
  await resizeTo(page, 375);
  await expect(tab.getByRole('listitem').filter({ hasText: posted.subject })).toContainText('via email');
  await expect(tab.getByRole('listitem').filter({ hasText: `Homepage ${word}` })).not.toContainText('via email');
  await resizeTo(page, 1280);
});

test('the portal shows "via email" beside replies the client and the team sent by email', async ({
  page,
  database,
  signInClient,
  request,
}) => {
  const word = uniqueSuffix();
  // A short name: the portal's top bar shows it on one line.
  const client = await signInClient({ name: 'Jane Baker', projects: [{ title: `Bakery website ${word}` }] });
  const project = client.projects[0]!;
  const staff = await staffUser(database, STAFF_EMAIL);
  await openLive(page, `/portal/projects/${project.id}`, 'client');
  await expect(page.getByText('No messages yet')).toBeVisible();

  const fromClient = {
    subject: `Looks great ${word}`,
    text: 'Thanks, that looks great! Can the logo be a bit larger?',
  };
  expect(
    await deliver(request, {
      from: `Jane Baker <${client.email}>`,
      to: await ownerAddress(database, client),
      subject: `Re: ${fromClient.subject}`,
      text: fromClient.text,
    }),
  ).toBe('posted');
  const fromTeam = { subject: `Logo size ${word}`, text: 'Sure, we will make it larger today.' };
  expect(
    await deliver(request, {
      from: STAFF_EMAIL,
      to: await projectReplyAddress(database, E2E_INBOUND.INBOUND_DOMAIN, project.id, {
        kind: 'staff',
        id: staff.id,
        email: STAFF_EMAIL,
      }),
      subject: `Re: ${fromTeam.subject}`,
      text: fromTeam.text,
    }),
  ).toBe('posted');

  // Both arrive live, each with its author and "via email". (Two messages fit the conversation's
  // height at 375 px, so the layout check sees no scrolling box.)
  const conversation = page.getByRole('region', { name: 'Conversation' });
  const own = conversation.getByRole('listitem').filter({ hasText: fromClient.subject });
  await expect(own).toContainText(fromClient.text);
  await expect(own).toContainText('You');
  await expect(own).toContainText('via email');
  const team = conversation.getByRole('listitem').filter({ hasText: fromTeam.subject });
  await expect(team).toContainText('Team');
  await expect(team).toContainText('via email');
  await checkAtWidths(page, conversation, 'portal');
  await expectNoAxeViolations(page);
});
