import type { BrowserContext, Locator, Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations, presetConsent, sentMails } from './fixtures.ts';
import { addTeamMember, newSession, uniqueSuffix, type Database } from './support/data.ts';
import { layoutProblems, resizeTo } from './support/layout.ts';
import { LIVE, openLive } from './support/live-pages.ts';

/**
 * A client's people on the staff dashboard (docs/product.md#client-teams): staff invite a person
 * from the client's page by keyboard alone, change a role, remove and erase, each after a
 * confirmation, and are told in plain words when the last owner would go; a member's message
 * shows under their own name, 'Dana Reyes (Acme Bakery)', on the project's page, live beside the
 * member's portal. The page passes axe and fits 375, 1280 and 1920 px. Every test makes its own
 * client (tests/e2e/fixtures.ts).
 */
test.use({ viewport: { width: 1280, height: 900 } });

test.beforeEach(async ({ page, allowPageErrors }) => {
  await presetConsent(page);
  // A refused change answers 409, which Chromium logs; the page says it in words.
  allowPageErrors(/status of 409/);
});

/** The People panel of the client page open in `page`, once its list has loaded. */
async function openPeople(page: Page, clientId: string, heading: string): Promise<Locator> {
  await page.goto(`/admin#client/${clientId}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  const people = page.getByRole('region', { name: 'People' });
  await expect(people.getByRole('list', { name: /^People of / })).toBeVisible();
  return people;
}

/** The row of the person named `name` in the People list. */
const row = (people: Locator, name: string) =>
  people
    .getByRole('list', { name: /^People of / })
    .getByRole('listitem')
    .filter({ hasText: name });

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

test('staff invite a person by keyboard alone, confirm, and see them listed as Invited', async ({
  staffPage: page,
  newClient,
}) => {
  const word = uniqueSuffix();
  const business = `Acme Bakery ${word}`;
  const client = await newClient({ name: `Olive Oak ${word}`, company: business });
  const people = await openPeople(page, client.id, `Olive Oak ${word}`);
  await expect(row(people, `Olive Oak ${word}`)).toContainText('Owner');
  await expect(row(people, `Olive Oak ${word}`)).toContainText(client.email);

  const form = people.getByRole('form', { name: 'Invite a person' });
  const email = `dana.${word}@example.com`;
  await form.getByLabel('Name').focus();
  await page.keyboard.type('Dana Reyes');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  // The role group is one tab stop, on the checked role; the arrow keys choose.
  await expect(form.getByRole('radio', { name: /^Member/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(form.getByRole('radio', { name: /^Billing/ })).toBeChecked();
  await page.keyboard.press('Tab');
  const invite = form.getByRole('button', { name: 'Invite' });
  await expect(invite).toBeFocused();
  await page.keyboard.press('Enter');

  // It asks first, naming the person, the business, the role and the link's life.
  const confirm = page.getByRole('alertdialog', { name: `Invite Dana Reyes to ${business}?` });
  await expect(confirm).toContainText(`Dana Reyes (${email}) joins ${business} as billing`);
  await expect(confirm).toContainText('works for 7 days');
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Send the invitation' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();

  const dana = row(people, 'Dana Reyes');
  await expect(dana).toContainText('Invited');
  await expect(dana).toContainText('Billing');
  await expect(dana.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await expect(invite).toBeFocused();
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect.poll(() => sentMails().some((m) => m.includes(`To: ${email}`) && m.includes('#token='))).toBe(true);
  await expectNoAxeViolations(page);

  // The same address again: refused, said under the Email field, which gets the focus.
  await form.getByLabel('Name').focus();
  await page.keyboard.type('Dana Again');
  await page.keyboard.press('Tab');
  await page.keyboard.type(email.toUpperCase());
  await page.keyboard.press('Enter');
  const again = page.getByRole('alertdialog', { name: `Invite Dana Again to ${business}?` });
  await again.getByRole('button', { name: 'Send the invitation' }).focus();
  await page.keyboard.press('Enter');
  await expect(again).toBeHidden();
  await expect(form.getByLabel('Email')).toBeFocused();
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText('An account with this email already exists');
  await expect(row(people, 'Dana Again')).toHaveCount(0);
});

test('staff change a role and remove a person, each after a confirmation; the last owner stays', async ({
  staffPage: page,
  newClient,
  database,
}) => {
  const word = uniqueSuffix();
  const owner = `Otto Owner ${word}`;
  const client = await newClient({ name: owner, company: `Bakery ${word}` });
  const sam = `Sam Second ${word}`;
  await addTeamMember(database, client.id, { name: sam, role: 'member' });
  const people = await openPeople(page, client.id, owner);

  // Change role: the dialog names the change before it is made.
  await row(people, sam)
    .getByRole('button', { name: `Change role of ${sam}` })
    .click();
  const roleDialog = page.getByRole('dialog', { name: `Change the role of ${sam}` });
  await expect(roleDialog.getByRole('radio', { name: /^Member/ })).toBeChecked();
  await roleDialog.getByRole('radio', { name: /^Owner/ }).check();
  await expect(roleDialog).toContainText(`${sam} will be owner: everything, and manages the team.`);
  await roleDialog.getByRole('button', { name: 'Change to Owner' }).click();
  await expect(roleDialog).toBeHidden();
  await expect(row(people, sam)).toContainText('Owner');

  // Remove: asks first; Cancel changes nothing.
  await row(people, sam)
    .getByRole('button', { name: `Remove ${sam}` })
    .click();
  const removal = page.getByRole('alertdialog', { name: `Remove ${sam} from Bakery ${word}?` });
  await expect(removal).toContainText('signed out everywhere');
  await removal.getByRole('button', { name: 'Cancel' }).click();
  await expect(removal).toBeHidden();
  await expect(row(people, sam)).toHaveCount(1);
  await row(people, sam)
    .getByRole('button', { name: `Remove ${sam}` })
    .click();
  await removal.getByRole('button', { name: 'Remove from the team' }).click();
  await expect(removal).toBeHidden();
  await expect(row(people, sam)).toHaveCount(0);
  await expect(people.getByRole('list', { name: /^People of / })).toBeFocused();

  // The last owner: removing, demoting or erasing them alone is refused, in words, where it was asked.
  await row(people, owner)
    .getByRole('button', { name: `Remove ${owner}` })
    .click();
  const lastRemoval = page.getByRole('alertdialog', { name: `Remove ${owner} from Bakery ${word}?` });
  await lastRemoval.getByRole('button', { name: 'Remove from the team' }).click();
  await expect(lastRemoval.getByRole('alert')).toHaveText(
    'A client must keep at least one owner. Make someone else an owner first.',
  );
  await page.keyboard.press('Escape');
  await expect(lastRemoval).toBeHidden();
  await expect(row(people, owner).getByRole('button', { name: `Remove ${owner}` })).toBeFocused();
  await expect(row(people, owner)).toHaveCount(1);

  await row(people, owner)
    .getByRole('button', { name: `Change role of ${owner}` })
    .click();
  const demotion = page.getByRole('dialog', { name: `Change the role of ${owner}` });
  await demotion.getByRole('radio', { name: /^Member/ }).check();
  await demotion.getByRole('button', { name: 'Change to Member' }).click();
  await expect(demotion.getByRole('alert')).toHaveText(
    'A client must keep at least one owner. Make someone else an owner first.',
  );
  await page.keyboard.press('Escape');
  await expect(row(people, owner)).toContainText('Owner');

  await row(people, owner)
    .getByRole('button', { name: `Erase this person (${owner})` })
    .click();
  const lastErasure = page.getByRole('alertdialog', { name: `Erase ${owner}?` });
  await lastErasure.getByRole('button', { name: 'Erase the person' }).click();
  await expect(lastErasure.getByRole('alert')).toHaveText('This is the client’s only owner: erase the client instead.');
  await page.keyboard.press('Escape');
  await expect(row(people, owner)).toHaveCount(1);
});

test("erasing one person keeps the business: their message reads as a deleted member's", async ({
  staffPage: page,
  newClient,
  database,
  baseURL,
  browser,
}) => {
  const word = uniqueSuffix();
  const client = await newClient({
    name: `Owner ${word}`,
    company: `Erase Co ${word}`,
    projects: [{ title: `Site ${word}` }],
  });
  const eve = `Eve Erased ${word}`;
  const { id: eveId } = await addTeamMember(database, client.id, { name: eve, role: 'member' });
  const context = await browser.newContext();
  try {
    await signInMember(context, baseURL!, database, eveId);
    const sent = await context.request.post(`/api/client/projects/${client.projects[0]!.id}/communications`, {
      data: { subject: `Note ${word}`, message: 'My phone is 555 0100' },
    });
    expect(sent.status()).toBe(201);
  } finally {
    await context.close();
  }
  const people = await openPeople(page, client.id, `Owner ${word}`);
  await row(people, eve)
    .getByRole('button', { name: `Erase this person (${eve})` })
    .click();
  const erasure = page.getByRole('alertdialog', { name: `Erase ${eve}?` });
  await expect(erasure).toContainText('This cannot be undone.');
  await erasure.getByRole('button', { name: 'Erase the person' }).click();
  await expect(erasure).toBeHidden();
  await expect(row(people, eve)).toHaveCount(0);
  await expect(row(people, `Owner ${word}`)).toHaveCount(1);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation).not.toContainText('My phone is 555 0100');
  await expect(conversation).toContainText('Deleted member');
});

test("a second member's message shows on the project's page as 'Name (Business)'", async ({
  staffPage: page,
  newClient,
  database,
  baseURL,
  browser,
}) => {
  const word = uniqueSuffix();
  const business = `Acme Bakery ${word}`;
  const client = await newClient({ name: `Owner ${word}`, company: business, projects: [{ title: `Shop ${word}` }] });
  const { id: danaId } = await addTeamMember(database, client.id, { name: 'Dana Reyes', role: 'member' });
  const context = await browser.newContext();
  try {
    await signInMember(context, baseURL!, database, danaId);
    const sent = await context.request.post(`/api/client/projects/${client.projects[0]!.id}/communications`, {
      data: { subject: `Menu photos ${word}`, message: 'The new photos are in.' },
    });
    expect(sent.status()).toBe(201);
  } finally {
    await context.close();
  }

  await page.goto(`/admin#project/${client.projects[0]!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Shop ${word}` })).toBeVisible();
  const message = page
    .getByRole('region', { name: 'Messages' })
    .getByRole('listitem')
    .filter({ hasText: 'The new photos are in.' });
  await expect(message).toContainText(`Dana Reyes (${business})`);
  await expect(message).not.toContainText(`Owner ${word}`);
  await expect(page.getByRole('region', { name: 'Project activity' })).toContainText(
    `Dana Reyes (${business}) wrote: Menu photos ${word}`,
  );
  await message.getByRole('button', { name: `Reply to Menu photos ${word}` }).click();
  const reply = page.getByRole('dialog', { name: 'Message the client' });
  await expect(reply).toContainText(`Replying to Dana Reyes (${business}) on the project Shop ${word}`);
  await page.keyboard.press('Escape');

  // The Messages tab and the client's page name her too.
  await page.goto(`/admin#messages?q=${word}`);
  await expect(page.getByRole('row', { name: `Unread: Menu photos ${word}` })).toContainText(
    `Dana Reyes (${business})`,
  );
  await page.goto(`/admin#client/${client.id}`);
  await expect(
    page.getByRole('region', { name: 'Conversation' }).getByRole('listitem').filter({ hasText: 'The new photos' }),
  ).toContainText(`From Dana Reyes (${business})`);
});

test("side by side: a member's message appears live on the staff's project page under the member's name", async ({
  staffPage,
  newClient,
  database,
  baseURL,
  browser,
  allowPageErrors,
}) => {
  // Checking for a session answers 401 when there is none; Chromium logs every such answer.
  allowPageErrors(/status of 401/);
  const word = uniqueSuffix();
  const business = `Live Bakery ${word}`;
  const client = await newClient({ name: `Owner ${word}`, company: business, projects: [{ title: `Live ${word}` }] });
  const projectId = client.projects[0]!.id;
  const { id: danaId } = await addTeamMember(database, client.id, { name: 'Dana Reyes', role: 'member' });
  const context = await browser.newContext();
  try {
    await signInMember(context, baseURL!, database, danaId);
    const portal = await context.newPage();
    await presetConsent(portal);
    await openLive(staffPage, `/admin#project/${projectId}`, 'admin');
    await expect(staffPage.getByRole('heading', { level: 1, name: `Live ${word}` })).toBeVisible();
    await openLive(portal, `/portal/projects/${projectId}`, 'client');
    await expect(portal.getByRole('heading', { level: 1, name: `Live ${word}` })).toBeVisible();

    const form = portal.getByRole('form', { name: 'Send a message' });
    await form.getByLabel('Subject').fill(`Opening hours ${word}`);
    await form.getByLabel('Message').fill('We open at 7 now.');
    await form.getByRole('button', { name: 'Send Message' }).click();

    const message = staffPage
      .getByRole('region', { name: 'Messages' })
      .getByRole('listitem')
      .filter({ hasText: 'We open at 7 now.' });
    await expect(message).toBeVisible(LIVE);
    await expect(message).toContainText(`Dana Reyes (${business})`);
    await expect(message).toContainText('Unread');
  } finally {
    await context.close();
  }
});

test('the client page with its people fits 375, 1280 and 1920 px', async ({
  staffPage: page,
  newClient,
  database,
}, testInfo) => {
  const word = uniqueSuffix();
  const client = await newClient({
    name: `Wide Owner ${word}`,
    company: `Bakery ${word}`,
    projects: [{ title: `Fit ${word}` }],
  });
  // Invited by staff through the API, so the list has a person who has not joined yet.
  const invited = await page.request.post(`/api/admin/clients/${client.id}/members`, {
    data: {
      name: 'Maximiliana Wolfeschlegelsteinhausen-Bergerdorff',
      email: `maximiliana.wolfeschlegelsteinhausen-bergerdorff.${word}@a-very-long-domain-example.com`,
      role: 'billing',
    },
  });
  expect(invited.status()).toBe(201);
  await addTeamMember(database, client.id, { name: 'Dana Reyes', role: 'member' });
  const people = await openPeople(page, client.id, `Wide Owner ${word}`);
  await expect(row(people, 'Maximiliana')).toContainText('Invited');
  await expect(page.getByText(/Loading/)).toHaveCount(0);
  for (const width of [375, 1280, 1920]) {
    await resizeTo(page, width);
    expect.soft(await layoutProblems(page), `${width} px`).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`client-page-${width}.png`), fullPage: true });
    await people.screenshot({ path: testInfo.outputPath(`people-${width}.png`) });
    await row(people, 'Dana Reyes').getByRole('button', { name: 'Change role of Dana Reyes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the role of Dana Reyes' });
    await dialog.getByRole('radio', { name: /^Billing/ }).check();
    // The open dialog covers the page by design: it must fit the screen, with nothing wider inside.
    const fit = await dialog.evaluate((el) => ({
      page: document.documentElement.scrollWidth,
      inside: el.scrollWidth - el.clientWidth,
      right: el.getBoundingClientRect().right,
    }));
    expect.soft(fit.page, `${width} px, page width with the role dialog`).toBeLessThanOrEqual(width);
    expect.soft(fit.inside, `${width} px, the role dialog's overflow`).toBe(0);
    expect.soft(fit.right, `${width} px, the role dialog's right edge`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`role-dialog-${width}.png`) });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  await resizeTo(page, 375);
  await expectNoAxeViolations(page);

  // The confirmations on a phone: the invitation, and the last owner's refusal inside its dialog.
  const form = people.getByRole('form', { name: 'Invite a person' });
  await form.getByLabel('Name').fill('Christopher Montgomery-Vanderbilt');
  await form.getByLabel('Email').fill(`christopher.montgomery-vanderbilt.${word}@example.com`);
  await form.getByRole('button', { name: 'Invite' }).click();
  const invitation = page.getByRole('alertdialog', { name: /^Invite Christopher/ });
  await expect(invitation).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('invite-confirm-375.png') });
  await page.keyboard.press('Escape');
  await expect(invitation).toBeHidden();
  await row(people, `Wide Owner ${word}`)
    .getByRole('button', { name: `Change role of Wide Owner ${word}` })
    .click();
  const owner = page.getByRole('dialog', { name: `Change the role of Wide Owner ${word}` });
  await owner.getByRole('radio', { name: /^Member/ }).check();
  await owner.getByRole('button', { name: 'Change to Member' }).click();
  await expect(owner.getByRole('alert')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('last-owner-375.png') });
});
