import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations, presetConsent, sentMails } from './fixtures.ts';
import { addTeamMember, newSession, uniqueSuffix, type Database } from './support/data.ts';
import { layoutProblems, resizeTo } from './support/layout.ts';
import { LIVE, openLive } from './support/live-pages.ts';

/**
 * A client's team in the portal (docs/product.md#client-teams): an owner invites a colleague by
 * keyboard alone, confirming in a dialog, and the colleague joins through the emailed link; two
 * members side by side see each other's messages under their names and each other's answers to
 * approvals, live; a member removed while their page is open gets the sign-in screen at their next
 * action; refusals (an address already taken, the last owner) are said in plain words; a billing
 * member sees the project list without project pages, and the team and business details read
 * only. The Team page passes axe and fits 375, 1280 and 1920 px. Every test makes its own client.
 */
test.use({ viewport: { width: 1280, height: 900 } });

test.beforeEach(async ({ page, allowPageErrors }) => {
  await presetConsent(page);
  // Checking for a session answers 401 when there is none, and a refused change 409: Chromium
  // logs both; the pages say them in words.
  allowPageErrors(/status of (401|409)/);
});

/** Puts member `memberId`'s session cookie on `context`, as signing in does. */
async function signInMember(context: BrowserContext, baseURL: string, database: Database, memberId: string) {
  const session = await newSession(database, 'client', memberId);
  await context.addCookies([
    {
      name: 'client_session',
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

/** A page in a browser of its own, signed in as member `memberId`. */
async function memberPage(browser: Browser, baseURL: string, database: Database, memberId: string) {
  const context = await browser.newContext();
  await signInMember(context, baseURL, database, memberId);
  const page = await context.newPage();
  await presetConsent(page);
  return { context, page };
}

/** Opens /portal/team and waits for its list. */
async function openTeam(page: Page): Promise<Locator> {
  await page.goto('/portal/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  const list = page.getByRole('list', { name: /^Members/ });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  return list;
}

/** The row of the person named `name`. */
const row = (list: Locator, name: string) => list.getByRole('listitem').filter({ hasText: name });

/** The welcome link of the newest email to `email` with `subject` (a long subject is folded over lines). */
function welcomeLink(email: string, subject: string): string | undefined {
  return sentMails()
    .map((m) => m.replace(/\r?\n[ \t]+/g, ' '))
    .filter((m) => m.includes(`To: ${email}`) && m.includes(`Subject: ${subject}`))
    .map((m) => m.match(/(\/portal\/welcome#token=[\w-]+)/)?.[1])
    .filter(Boolean)
    .at(-1);
}

test('an owner invites a colleague by keyboard alone; the colleague joins through the emailed link', async ({
  page,
  browser,
  signInClient,
}) => {
  test.slow(); // two browsers
  const word = uniqueSuffix();
  const business = `Acme Bakery ${word}`;
  const owner = await signInClient({ name: `Olivia Owner`, company: business });
  const email = `sam-${word}@example.com`;
  const list = await openTeam(page);
  await expect(row(list, 'Olivia Owner')).toContainText('(you)');

  // From the link above the form, by keyboard only.
  await page.getByRole('link', { name: 'Back to Portal' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Full name')).toBeFocused();
  await page.keyboard.type('Sam Lee');
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  // The role group: Member is chosen; the arrow keys move through the roles.
  await expect(page.getByRole('radio', { name: /^Member/ })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /^Billing/ })).toBeChecked();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: /^Member/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send invitation' })).toBeFocused();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('alertdialog', { name: `Invite Sam Lee to ${business}?` });
  await expect(dialog).toContainText(`Sam Lee joins ${business}’s client portal as member`);
  await expect(dialog).toContainText(`An email with a link that works for 7 days goes to ${email}.`);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Send invitation' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Invitation sent');
  await expect(row(list, 'Sam Lee')).toContainText('Invited');
  await expect(row(list, 'Sam Lee')).toContainText(email);
  await expect(page.getByLabel('Full name')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Send invitation' })).toBeFocused();

  // The colleague, in a browser of their own, opens the emailed link.
  const subject = `${owner.name} invited you to ${business}'s client portal`;
  await expect.poll(() => welcomeLink(email, subject)).toBeTruthy();
  const other = await browser.newContext();
  try {
    const sam = await other.newPage();
    await presetConsent(sam);
    await sam.goto(welcomeLink(email, subject)!);
    await expect(sam).toHaveURL(/\/portal\/welcome$/);
    await expect(sam.getByRole('heading', { level: 1 })).toHaveText(subject);
    await expect(sam.getByText('Your role: Member (projects, messages, files and approvals).')).toBeVisible();
    await expect(sam.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
    await expectNoAxeViolations(sam);
    const name = sam.getByLabel('Full name');
    await expect(name).toHaveValue('Sam Lee');
    await name.fill('Samira Lee');
    await sam.getByLabel('Password', { exact: true }).fill('samira-chose-this');
    await sam.getByLabel('Confirm password').fill('samira-chose-this');
    await sam.getByRole('button', { name: 'Set Password and Sign In' }).click();
    await expect(sam.getByRole('heading', { level: 1 })).toHaveText("You're all set, Samira");
    await sam.getByRole('link', { name: 'Go to my portal' }).click();
    await expect(sam.getByRole('heading', { name: 'Welcome, Samira' })).toBeVisible();
    await sam.getByRole('link', { name: 'Team' }).click();
    await expect(sam.getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
    const seen = sam.getByRole('list', { name: /^Members/ });
    await expect(row(seen, 'Samira Lee')).toContainText('(you)');
    await expect(row(seen, 'Samira Lee')).not.toContainText('Invited');
    await expect(sam.getByText('Only owners manage the team.')).toBeVisible();

    // The owner's list shows the colleague as joined, under the name they chose.
    await page.reload();
    await expect(row(list, 'Samira Lee')).toBeVisible();
    await expect(row(list, 'Samira Lee')).not.toContainText('Invited');
  } finally {
    await other.close();
  }
});

test('two members side by side: a message shows live under its sender, an approval answered by one is answered for the other', async ({
  staffPage,
  browser,
  newClient,
  database,
  baseURL,
}) => {
  test.slow(); // three browsers
  const word = uniqueSuffix();
  const title = `Storefront ${word}`;
  const client = await newClient({
    name: 'Olivia Owner',
    company: `Acme ${word}`,
    projects: [{ title, milestones: [{ title: 'Homepage design', description: 'Hero and menu' }] }],
  });
  const projectId = client.projects[0]!.id;
  const dana = await addTeamMember(database, client.id, { name: 'Dana Reyes', role: 'member' });
  const first = await memberPage(browser, baseURL!, database, client.memberId);
  const second = await memberPage(browser, baseURL!, database, dana.id);
  try {
    const olivia = first.page;
    const danaPage = second.page;
    await openLive(olivia, `/portal/projects/${projectId}`, 'client');
    await openLive(danaPage, `/portal/projects/${projectId}`, 'client');
    await expect(danaPage.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // Olivia writes; Dana sees it at once under Olivia's name, Olivia under 'You'.
    const form = olivia.getByRole('form', { name: 'Send a message' });
    await form.getByLabel('Subject').fill(`Opening hours ${word}`);
    await form.getByLabel('Message').fill('We open at 7 now.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const onDana = danaPage.getByRole('region', { name: 'Conversation' }).getByRole('listitem');
    await expect(onDana.filter({ hasText: `Opening hours ${word}` })).toContainText('Olivia Owner', LIVE);
    const onOlivia = olivia.getByRole('region', { name: 'Conversation' }).getByRole('listitem');
    await expect(onOlivia.filter({ hasText: `Opening hours ${word}` })).toContainText('You');

    // And the other way round.
    const reply = danaPage.getByRole('form', { name: 'Send a message' });
    await reply.getByLabel('Subject').fill(`Menu ${word}`);
    await reply.getByLabel('Message').fill('The menu is attached to the next email.');
    await reply.getByRole('button', { name: 'Send Message' }).click();
    await expect(onOlivia.filter({ hasText: `Menu ${word}` })).toContainText('Dana Reyes', LIVE);
    await expect(onDana.filter({ hasText: `Menu ${word}` })).toContainText('You');
    await expect(onDana.filter({ hasText: `Menu ${word}` })).not.toContainText('Dana Reyes');

    // Staff ask for an approval; both see it; Dana answers; Olivia sees the answer, by Dana.
    const milestones = (await (await staffPage.request.get(`/api/admin/projects/${projectId}/milestones`)).json()) as {
      id: string;
    }[];
    const asked = await staffPage.request.post('/api/admin/approvals', {
      data: { projectId, milestoneId: milestones[0]!.id, title: 'Homepage plan' },
    });
    expect(asked.status()).toBe(201);
    const approvalOf = (p: Page) => p.getByRole('region', { name: 'Approvals' }).getByRole('listitem');
    await expect(approvalOf(olivia)).toContainText('Awaiting approval', LIVE);
    await expect(approvalOf(danaPage)).toContainText('Awaiting approval', LIVE);
    await approvalOf(danaPage).getByRole('button', { name: 'Approve' }).click();
    await expect(approvalOf(danaPage)).toContainText('Approved by Dana Reyes');
    await expect(approvalOf(olivia)).toContainText('Approved by Dana Reyes', LIVE);
    await expect(approvalOf(olivia).getByRole('button', { name: 'Approve' })).toHaveCount(0);
  } finally {
    await first.context.close();
    await second.context.close();
  }
});

test('a member removed while their page is open gets the sign-in screen at their next action', async ({
  page,
  browser,
  signInClient,
  database,
  baseURL,
}) => {
  const word = uniqueSuffix();
  const owner = await signInClient({ name: 'Olivia Owner', projects: [{ title: `Removal ${word}` }] });
  const eve = await addTeamMember(database, owner.id, { name: 'Eve Leaving', role: 'member' });
  const removed = await memberPage(browser, baseURL!, database, eve.id);
  try {
    // Her live stream is held, as a buffering proxy would hold it: what is checked is the action.
    await removed.page.route('**/api/client/stream**', () => {});
    await removed.page.goto(`/portal/projects/${owner.projects[0]!.id}`);
    await expect(removed.page.getByRole('heading', { level: 1, name: `Removal ${word}` })).toBeVisible();

    const list = await openTeam(page);
    await row(list, 'Eve Leaving').getByRole('button', { name: 'Remove Eve Leaving' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove Eve Leaving from the team?' });
    await expect(dialog).toContainText('Eve Leaving is signed out at once');
    await dialog.getByRole('button', { name: 'Remove from team' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Removed from the team');
    await expect(row(list, 'Eve Leaving')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Members (1)' })).toBeFocused();

    const form = removed.page.getByRole('form', { name: 'Send a message' });
    await form.getByLabel('Subject').fill('Still here?');
    await form.getByLabel('Message').fill('Sending after my removal.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(removed.page.getByRole('heading', { name: 'Sign in to your portal' })).toBeVisible();
    await expect(removed.page.getByRole('heading', { name: `Removal ${word}` })).toHaveCount(0);
  } finally {
    await removed.context.close();
  }
});

test('refusals are said in plain words (an address already taken, the last owner); with a second owner the role changes', async ({
  page,
  signInClient,
  newClient,
  database,
}) => {
  const someone = await newClient();
  const owner = await signInClient({ name: 'Olivia Owner', company: `Solo ${uniqueSuffix()}` });
  const list = await openTeam(page);

  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByLabel('Email').fill(someone.email.toUpperCase());
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Could not send the invitation');
  const email = page.getByLabel('Email');
  await expect(email).toHaveAccessibleDescription('An account with this email already exists');
  await expect(email).toBeFocused();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // The only owner cannot make themselves a member, nor leave.
  const me = row(list, 'Olivia Owner');
  await me.getByLabel('Role of Olivia Owner').selectOption('member');
  await me.getByRole('button', { name: 'Change role of Olivia Owner' }).click();
  const change = page.getByRole('alertdialog', { name: 'Change your role to Member?' });
  await expect(change).toContainText('You will no longer manage');
  await change.getByRole('button', { name: 'Change role' }).click();
  await expect(change.getByRole('alert')).toHaveText(
    'A client must keep at least one owner. Make someone else an owner first.',
  );
  await change.getByRole('button', { name: 'Cancel' }).click();
  await expect(me.getByLabel('Role of Olivia Owner')).toHaveValue('owner');
  await expect(me.getByLabel('Role of Olivia Owner')).toBeFocused();
  await expect(me.getByRole('button', { name: /^Change role/ })).toHaveCount(0);

  await me.getByRole('button', { name: 'Remove Olivia Owner' }).click();
  const leave = page.getByRole('alertdialog', { name: /^Leave .*'s team\?$/ });
  await leave.getByRole('button', { name: 'Leave the team' }).click();
  await expect(leave.getByRole('alert')).toHaveText(
    'A client must keep at least one owner. Make someone else an owner first.',
  );
  await page.keyboard.press('Escape');
  await expect(leave).toHaveCount(0);
  await expect(me).toBeVisible();

  // With a second owner it goes through: Dana becomes an owner, then Olivia a member, whose page
  // turns read-only at once.
  await addTeamMember(database, owner.id, { name: 'Dana Reyes', role: 'member' });
  await page.reload();
  const dana = row(list, 'Dana Reyes');
  await dana.getByLabel('Role of Dana Reyes').selectOption('owner');
  await dana.getByRole('button', { name: 'Change role of Dana Reyes' }).click();
  await page
    .getByRole('alertdialog', { name: "Change Dana Reyes's role to Owner?" })
    .getByRole('button', { name: 'Change role' })
    .click();
  const toasts = page.getByRole('region', { name: /Notification/ });
  await expect(toasts).toContainText("Dana Reyes's role is now Owner.");
  await expect(dana.getByLabel('Role of Dana Reyes')).toHaveValue('owner');
  await expect(dana.getByLabel('Role of Dana Reyes')).toBeFocused();
  await me.getByLabel('Role of Olivia Owner').selectOption('member');
  await me.getByRole('button', { name: 'Change role of Olivia Owner' }).click();
  await page
    .getByRole('alertdialog', { name: 'Change your role to Member?' })
    .getByRole('button', { name: 'Change role' })
    .click();
  await expect(toasts).toContainText("Olivia Owner's role is now Member.");
  await expect(page.getByText('Only owners manage the team. Your role is Member')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
  await expect(row(list, 'Olivia Owner')).toContainText('Member');
});

test('a billing member sees the projects without their pages, and the team and business details read only', async ({
  page,
  newClient,
  database,
  baseURL,
  context,
}) => {
  const word = uniqueSuffix();
  const client = await newClient({
    name: 'Olivia Owner',
    company: `Ledger Co ${word}`,
    phone: '302-555-0100',
    projects: [{ title: `Books site ${word}`, status: 'in-progress' }, { title: `Shop ${word}` }],
  });
  const bill = await addTeamMember(database, client.id, { name: 'Bill Keeper', role: 'billing' });
  await signInMember(context, baseURL!, database, bill.id);
  const projectRequests: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/client\/(projects\/|approvals)/.test(r.url())) projectRequests.push(r.url());
  });

  await page.goto('/portal');
  await expect(page.getByRole('heading', { name: 'Welcome, Bill' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `Books site ${word}` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `Shop ${word}` })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(word) })).toHaveCount(0);
  await expect(page.getByText('Your role on the team is billing')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Awaiting your approval/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Team' })).toBeVisible();

  // A project's address, typed in: said plainly, with nothing asked of the server.
  await page.goto(`/portal/projects/${client.projects[0]!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'This page is not part of your role' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Portal' })).toBeVisible();
  expect(projectRequests).toEqual([]);

  const list = await openTeam(page);
  await expect(page.getByText('Only owners manage the team. Your role is Billing')).toBeVisible();
  await expect(row(list, 'Bill Keeper')).toContainText('Billing');
  await expect(row(list, 'Olivia Owner')).toContainText('Owner');
  await expect(page.getByRole('button', { name: /Send invitation|Remove|Change role/ })).toHaveCount(0);
  await expect(page.getByRole('combobox')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Settings: their own name is theirs to change; the business's company and phone are shown.
  await page.goto('/portal/settings');
  const profile = page.getByRole('form', { name: 'Profile' });
  await expect(profile.getByRole('textbox', { name: /Company/ })).toHaveCount(0);
  await expect(profile.getByRole('definition').filter({ hasText: `Ledger Co ${word}` })).toBeVisible();
  await expect(profile.getByRole('definition').filter({ hasText: '302-555-0100' })).toBeVisible();
  await profile.getByLabel('Full name').fill('Billie Keeper');
  await profile.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Profile saved');
  await expect(page.getByRole('banner')).toContainText('Billie Keeper');
  await page.reload();
  await expect(page.getByLabel('Full name')).toHaveValue('Billie Keeper');
  await expect(profile.getByRole('definition').filter({ hasText: `Ledger Co ${word}` })).toBeVisible();
  expect(projectRequests).toEqual([]);
});

test('the Team page passes axe and fits 375, 1280 and 1920 px', async ({ page, signInClient, database }, testInfo) => {
  const word = uniqueSuffix();
  const owner = await signInClient({ name: 'Olivia Owner', company: `Brandywine Family Dental ${word}` });
  await addTeamMember(database, owner.id, { name: 'Dana Reyes', role: 'member' });
  await addTeamMember(database, owner.id, { name: 'Bill Keeper', role: 'billing' });
  const invited = await page.request.post('/api/client/team/invitations', {
    data: {
      name: 'Maximiliana Wolfeschlegelsteinhausen-Bergerdorff',
      email: `maximiliana.wolfeschlegelsteinhausen-bergerdorff.${word}@a-very-long-domain-example.com`,
      role: 'billing',
    },
  });
  expect(invited.status()).toBe(201);
  const list = await openTeam(page);
  await expect(row(list, 'Maximiliana')).toContainText('Invited');
  await expectNoAxeViolations(page);

  for (const width of [375, 1280, 1920]) {
    await resizeTo(page, width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `${width} px`).toBe(true);
    expect.soft(await layoutProblems(page), `${width} px`).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`team-${width}.png`), fullPage: true });

    // A role picked: 'Change role' appears beside it, and the question fits the screen.
    const dana = row(list, 'Dana Reyes');
    await dana.getByLabel('Role of Dana Reyes').selectOption('owner');
    await expect(dana.getByRole('button', { name: 'Change role of Dana Reyes' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `${width} px`).toBe(true);
    expect.soft(await layoutProblems(page), `${width} px, a role picked`).toEqual([]);
    await dana.screenshot({ path: testInfo.outputPath(`team-${width}-picked.png`) });
    await dana.getByRole('button', { name: 'Change role of Dana Reyes' }).click();
    const dialog = page.getByRole('alertdialog', { name: "Change Dana Reyes's role to Owner?" });
    await expect(dialog).toBeVisible();
    if (width === 1280) await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`team-${width}-confirm.png`) });
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dana.getByLabel('Role of Dana Reyes')).toHaveValue('member');
  }
});
