import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations, presetConsent, sentMails, STAFF_EMAIL } from './fixtures.ts';

/**
 * The admin dashboard in Chromium. Every test signs in with the `staffPage` fixture and makes
 * its own clients and projects (tests/e2e/fixtures.ts).
 */
// The dashboard's cards, as phones and windows narrower than 1,024 px show them; the tables of
// wider screens are tested in admin-lists.spec.ts.
test.use({ viewport: { width: 1000, height: 800 } });

test.beforeEach(async ({ page, allowPageErrors }) => {
  await presetConsent(page);
  // Checking for a session answers 401 when there is none; Chromium logs every such answer.
  allowPageErrors(/status of 401/);
});

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const emailFor = (name: string) => `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;

/** The card (list item) whose heading is `name`. */
const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

/**
 * Opens the dashboard at `fragment` in a fresh document. (Going from /admin#clients to
 * /admin#projects only changes the fragment, and the lists stay cached for 2 minutes.)
 */
async function openDashboard(page: Page, fragment: string) {
  await page.goto(`/admin#${fragment}`);
  await page.reload();
}

const toasts = (page: Page) => page.getByRole('region', { name: /Notification/ });

/** Opens the dashboard, signed in. */
async function openAdmin(page: Page) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

async function openTab(page: Page, name: RegExp) {
  await page.getByRole('tab', { name }).click();
}

/** A project made through the API with the admin's cookies. */
async function apiProject(request: APIRequestContext, clientId: string, title = unique('Project')) {
  const response = await request.post('/api/admin/projects', { data: { clientId, title, status: 'in-progress' } });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; title: string };
}

test('across roles: the admin creates a client and a project, they talk, and the deleted project goes from both sides', async ({
  staffPage: page,
  browser,
}) => {
  test.slow(); // two browsers, a dozen steps
  await openAdmin(page);
  const name = unique('Dana Rivers');
  const email = emailFor(name);

  // The admin creates the client on the full-page form.
  await page.getByRole('button', { name: 'Add Client' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Client' })).toBeFocused();
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Company (optional)').fill('Rivers Florist');
  await page.getByLabel('Phone Number (optional)').fill('(302) 555-0177');
  await page.getByLabel('Password').fill('portal-pass-1');
  await page.getByRole('button', { name: 'Create Client' }).click();
  await expect(toasts(page)).toContainText('Client created');
  const clientCard = card(page, name);
  await expect(clientCard).toContainText(email);
  await expect(clientCard).toContainText('Rivers Florist');
  await expect(clientCard.getByRole('link', { name: '(302) 555-0177' })).toHaveAttribute('href', 'tel:+13025550177');
  const activity = page.getByRole('region', { name: /Recent activity/ });
  await expect(activity).toContainText(`Created client ${name}`);
  // Who did it, by name: the staff member's address appears nowhere in the panel.
  await expect(activity.getByRole('listitem').filter({ hasText: `Created client ${name}` })).toContainText(' · ');
  await expect(activity).not.toContainText(STAFF_EMAIL);

  // ...and the project, with the budget typed in dollars.
  await openTab(page, /^Projects/);
  await page.getByRole('button', { name: 'Add Project' }).click();
  await page.getByLabel('Find a client').fill(name);
  await page.getByLabel('Client', { exact: true }).selectOption({ label: `${name} (Rivers Florist)` });
  const title = unique('Florist shop');
  await page.getByLabel('Project Title').fill(title);
  await page.getByLabel('Description').fill('An online shop for bouquets.');
  await page.getByLabel('Status').selectOption({ label: 'In Progress' });
  await page.getByLabel('Start Date').fill('2026-12-01');
  await page.getByLabel('Estimated Hours').fill('12.5');
  await page.getByLabel('Budget (USD)').fill('2500.5');
  await page.getByRole('button', { name: 'Create Project' }).click();
  const projectCard = card(page, title);
  await expect(projectCard).toContainText('In Progress');
  await expect(projectCard).toContainText(name);
  await expect(projectCard).toContainText('$2,500.50');
  await expect(projectCard).toContainText(/Start:\s*Dec 1, 2026/);

  // The client signs into the portal, sees the project and sends a message.
  const clientContext = await browser.newContext();
  const portal = await clientContext.newPage();
  await presetConsent(portal);
  await portal.goto('/portal/login');
  await portal.getByLabel('Email').fill(email);
  await portal.getByLabel('Password', { exact: true }).fill('portal-pass-1');
  await portal.getByRole('button', { name: 'Sign In' }).click();
  await portal.getByRole('link', { name: new RegExp(title) }).click();
  await expect(portal.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const form = portal.getByRole('form', { name: 'Send a message' });
  await form.getByLabel('Subject').fill('Launch date?');
  await form.getByLabel('Message').fill('When can we go live?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(portal.getByRole('region', { name: /Notification/ })).toContainText('Message sent!');

  // The admin sees it as unread and replies.
  await openDashboard(page, 'messages');
  const question = page
    .getByRole('listitem')
    .filter({ hasText: 'When can we go live?' })
    .filter({ has: page.getByRole('heading', { name: 'Launch date?' }) });
  await expect(question).toContainText('Unread');
  await expect(question).toContainText('From Client');
  await expect(question).toContainText(title);
  await expect(question).toHaveClass(/ring-2/);
  const unreadCounter = page.locator('dt', { hasText: 'Unread Messages' }).locator('xpath=following-sibling::dd');
  expect(Number(await unreadCounter.textContent())).toBeGreaterThanOrEqual(1);
  await question.getByRole('button', { name: 'Reply to Launch date?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message the client' });
  await expect(dialog.getByLabel('Subject')).toHaveValue('Re: Launch date?');
  await dialog.getByLabel('Message').fill('Next Friday, after your final check.');
  await dialog.getByRole('button', { name: 'Send to client' }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page)).toContainText('Message sent!');
  await expect(question).not.toContainText('Unread');
  const reply = page.getByRole('listitem').filter({ hasText: 'Next Friday, after your final check.' });
  await expect(reply).toContainText('From Team');

  // The client sees the reply from 'Team'.
  await portal.reload();
  const conversation = portal.getByRole('region', { name: 'Conversation' });
  const teamReply = conversation.getByRole('listitem').filter({ hasText: 'Next Friday, after your final check.' });
  await expect(teamReply).toContainText('Team');

  // The admin deletes the project after confirming; it is gone from both sides.
  await openTab(page, /^Projects/);
  await projectCard.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this project?' });
  await expect(confirm).toContainText(`${title} and its 2 messages will be deleted`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(projectCard).toBeVisible();
  await projectCard.getByRole('button', { name: `Delete ${title}` }).click();
  await confirm.getByRole('button', { name: 'Delete project' }).click();
  // The dialog closes once the delete is done. (While it is open the page behind it is hidden
  // from the accessibility tree, so the card would look gone already.)
  await expect(confirm).toBeHidden();
  await expect(projectCard).toHaveCount(0);
  await page.reload();
  await expect(card(page, title)).toHaveCount(0);

  await portal.reload();
  await expect(portal.getByRole('heading', { name: 'Project not found' })).toBeVisible();
  await portal.goto('/portal');
  await expect(portal.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
  await clientContext.close();
});

test('the client form checks its fields, reports a taken email, keeps the password when blank, and a delete names the projects', async ({
  staffPage: page,
  request,
  newClient,
  allowPageErrors,
}) => {
  // The taken email answers 409, which Chromium logs.
  allowPageErrors(/status of 409/);
  const existing = await newClient();
  await openAdmin(page);
  await page.getByRole('button', { name: 'Add Client' }).click();
  await page.getByRole('button', { name: 'Create Client' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password is required for a new client')).toBeVisible();
  await page.getByLabel('Password').fill('abc');
  await page.getByRole('button', { name: 'Create Client' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

  // Another client's email, in another case: the server's message shows in an alert.
  await page.getByLabel('Full Name').fill('Copycat');
  await page.getByLabel('Email Address').fill(existing.email.toUpperCase());
  await page.getByLabel('Password').fill('portal-pass-1');
  await page.getByRole('button', { name: 'Create Client' }).click();
  await expect(page.getByRole('alert')).toHaveText('An account with this email already exists');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Client' })).toBeVisible();

  const name = unique('Kim Park');
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email Address').fill(emailFor(name));
  await page.getByRole('button', { name: 'Create Client' }).click();
  const clientCard = card(page, name);
  await expect(clientCard).toBeVisible();

  // Edit: the password field says it may stay blank; saving keeps the old password.
  await clientCard.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Client' })).toBeVisible();
  await expect(page.getByLabel('Password (leave blank to keep current)')).toHaveValue('');
  await expect(page.getByLabel('Full Name')).toHaveValue(name);
  await page.getByLabel('Company (optional)').fill('Park Studio');
  await page.getByRole('button', { name: 'Update Client' }).click();
  await expect(toasts(page)).toContainText('Client updated');
  await expect(clientCard).toContainText('Park Studio');
  const login = await request.post('/api/client/login', {
    data: { email: emailFor(name), password: 'portal-pass-1' },
  });
  expect(login.status()).toBe(200);

  // Deleting asks first and says that its project goes too.
  const client = (
    (await (await page.request.get(`/api/admin/clients?q=${encodeURIComponent(name)}`)).json()) as {
      items: { id: string; name: string }[];
    }
  ).items.find((c) => c.name === name)!;
  await apiProject(page.request, client.id);
  await page.reload();
  await clientCard.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this client?' });
  await expect(confirm).toContainText(`${name} and its 1 project will be deleted`);
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Delete client' }).click();
  // The dialog closes once the delete is done; only then is the list in view again.
  await expect(confirm).toBeHidden();
  await expect(clientCard).toHaveCount(0);
  await expect(toasts(page)).toBeHidden();
});

test('the project form sends dollars as cents, shows them as dollars on edit, and checks its fields', async ({
  staffPage: page,
  newClient,
}) => {
  const client = await newClient({ company: 'Test Co' });
  await openDashboard(page, 'projects/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Project' })).toBeVisible();
  await expect(page.getByLabel('Estimated Hours')).toHaveAttribute('step', '0.5');
  await expect(page.getByLabel('Estimated Hours')).toHaveAttribute('min', '0');
  await expect(page.getByLabel('Budget (USD)')).toHaveAttribute('step', '100');
  await expect(page.getByLabel('Budget (USD)')).toHaveAttribute('min', '0');

  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByText('Client is required')).toBeVisible();
  await expect(page.getByText('Title is required')).toBeVisible();

  const title = unique('Catalogue');
  await page.getByLabel('Find a client').fill(client.name);
  await page.getByLabel('Client', { exact: true }).selectOption({ label: `${client.name} (Test Co)` });
  await page.getByLabel('Project Title').fill(title);
  await page.getByLabel('Start Date').fill('2026-12-10');
  await page.getByLabel('End Date').fill('2026-12-01');
  await page.getByLabel('Budget (USD)').fill('1234.56');
  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByText('End date cannot be before the start date')).toBeVisible();
  await page.getByLabel('End Date').fill('2027-01-31');
  await page.getByRole('button', { name: 'Create Project' }).click();
  const projectCard = card(page, title);
  await expect(projectCard).toContainText('$1,234.56');
  await expect(projectCard).toContainText('Planning');

  const stored = (
    (await (await page.request.get(`/api/admin/projects?q=${encodeURIComponent(title)}`)).json()) as {
      items: { title: string; budget: number }[];
    }
  ).items
    .filter((p) => p.title === title)
    .map((p) => p.budget);
  expect(stored).toEqual([123456]);

  await projectCard.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Project' })).toBeVisible();
  await expect(page.getByLabel('Budget (USD)')).toHaveValue('1234.56');
  await expect(page.getByLabel('End Date')).toHaveValue('2027-01-31');
  await page.getByLabel('Status').selectOption({ label: 'Review' });
  await page.getByLabel('Budget (USD)').fill('');
  await page.getByRole('button', { name: 'Update Project' }).click();
  await expect(projectCard).toContainText('Review');
  await expect(projectCard).toContainText('Not specified');

  // Back from a form returns to the list it came from.
  await projectCard.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Project' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 2, name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Projects/ })).toBeFocused();
});

test('a delete stays disabled while it runs, and a failed one shows an error toast', async ({
  staffPage: page,
  newClient,
  allowPageErrors,
}) => {
  allowPageErrors(/status of 500/);
  const project = (await newClient({ projects: [{ title: unique('Project') }] })).projects[0]!;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/admin/projects/${project.id}`, async (route) => {
    if (route.request().method() !== 'DELETE') return route.continue();
    await held;
    await route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Something went wrong' } } });
  });
  await openDashboard(page, 'projects');
  const projectCard = card(page, project.title);
  await projectCard.getByRole('button', { name: `Delete ${project.title}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this project?' });
  await confirm.getByRole('button', { name: 'Delete project' }).click();
  await expect(confirm.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeVisible();
  release();
  await expect(confirm).toBeHidden();
  await expect(toasts(page)).toContainText('Could not delete the project');
  await expect(toasts(page)).toContainText('Something went wrong');
  await expect(projectCard).toBeVisible();
});

test('milestones: add, reorder with the keyboard, edit and delete', async ({ staffPage: page, newClient }) => {
  const project = (await newClient({ projects: [{ title: unique('Project') }] })).projects[0]!;
  await openDashboard(page, 'projects');
  await card(page, project.title)
    .getByRole('button', { name: `Milestones (0) of ${project.title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Milestones' });
  await expect(dialog.getByText('No milestones defined yet')).toBeVisible();
  for (const title of ['Design', 'Build']) {
    await dialog.getByLabel('Milestone title').fill(title);
    await dialog.getByRole('button', { name: 'Add Milestone' }).click();
    await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  }
  const rows = dialog.getByRole('list', { name: 'Milestones in order' }).getByRole('listitem');
  await expect(rows).toHaveText([/Design/, /Build/]);

  const moveUp = dialog.getByRole('button', { name: 'Move Build up' });
  await moveUp.focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveText([/Build/, /Design/]);
  await expect(moveUp).toBeFocused();
  await expect(moveUp).toHaveAttribute('aria-disabled', 'true');

  await dialog.getByRole('button', { name: 'Edit Design' }).click();
  await dialog.getByLabel('Milestone status').first().selectOption({ label: 'Completed' });
  await dialog.getByRole('button', { name: 'Save milestone' }).click();
  await expect(rows.nth(1)).toContainText('Completed');
  await expectNoAxeViolations(page);

  await dialog.getByRole('button', { name: 'Delete Build' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete milestone' }).click();
  await expect(rows).toHaveText([/Design/]);

  // The order survives a reload, and the card counts what is left.
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(card(page, project.title).getByRole('button', { name: /Milestones \(1\)/ })).toBeVisible();
});

test('messages: a client message can be marked read and unread', async ({ staffPage: page, signInClient }) => {
  // The client sends the message through the portal's API with its own session.
  const client = await signInClient({ projects: [{ title: unique('Project') }] });
  const subject = unique('Invoice question');
  const sent = await page.request.post(`/api/client/projects/${client.projects[0]!.id}/communications`, {
    data: { subject, message: 'Is the deposit 50%?' },
  });
  expect(sent.status()).toBe(201);

  await openDashboard(page, 'messages');
  const message = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: subject }) });
  await expect(message).toContainText('Unread');
  await message.getByRole('button', { name: `Mark as read: ${subject}` }).click();
  await expect(message).not.toContainText('Unread');
  await message.getByRole('button', { name: `Mark as unread: ${subject}` }).click();
  await expect(message).toContainText('Unread');
});

test('leads: Call only for a real phone number, a prefilled reply, a status, and a CSV download', async ({
  staffPage: page,
  request,
}) => {
  const emailLead = unique('Lena Email');
  const phoneLead = unique('Paul Phone');
  const started = Date.now() - 10_000;
  expect(
    (
      await request.post('/api/contact', {
        data: {
          name: emailLead,
          email: 'lena@example.com',
          message: 'We need a bakery site.\nBudget is small.',
          howDidYouFindUs: 'referral',
          startedAt: started,
        },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await request.post('/api/contact', {
        data: {
          source: 'emergency',
          name: phoneLead,
          contact: '(302) 555-0101',
          message: 'Our site is down!',
          startedAt: started,
        },
      })
    ).status(),
  ).toBe(201);

  await openAdmin(page);
  await openTab(page, /^Contact Forms/);
  const byEmail = card(page, emailLead);
  await expect(byEmail).toContainText('New Lead');
  await expect(byEmail).toContainText('Referral from a friend or colleague');
  await expect(byEmail.getByRole('link', { name: 'lena@example.com' })).toHaveAttribute(
    'href',
    'mailto:lena@example.com',
  );
  const reply = new URL((await byEmail.getByRole('link', { name: /Reply via Email/ }).getAttribute('href'))!);
  expect(reply.searchParams.get('subject')).toBe('Re: Your message to First State Web Studio');
  expect(reply.searchParams.get('body')).toContain(`Hi ${emailLead},`);
  expect(reply.searchParams.get('body')).toContain('> We need a bakery site.\n> Budget is small.');
  await expect(byEmail.getByRole('link', { name: /Call/ })).toHaveCount(0);

  const byPhone = card(page, phoneLead);
  await expect(byPhone).toContainText('Urgent');
  await expect(byPhone.getByRole('link', { name: /Call/ })).toHaveAttribute('href', 'tel:+13025550101');
  await expect(byPhone.getByRole('link', { name: /Reply via Email/ })).toHaveCount(0);

  await byEmail.getByLabel(/Lead status/).selectOption('contacted');
  await expect(byEmail).toContainText('Contacted');
  await page.reload();
  await expect(card(page, emailLead).getByLabel(/Lead status/)).toHaveValue('contacted');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const csv = readFileSync((await (await downloading).path())!, 'utf8');
  expect(csv.split('\n')[0]).toMatch(/name/i);
  expect(csv).toContain(emailLead);
  expect(csv).toContain('"We need a bakery site.\nBudget is small."');
});

test('keyboard only: tabs with arrow keys, a form opened and cancelled, focus kept', async ({ staffPage: page }) => {
  await openAdmin(page);
  const clientsTab = page.getByRole('tab', { name: /^Clients/ });
  await clientsTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: /^Projects/ })).toBeFocused();
  await expect(page.getByRole('tab', { name: /^Projects/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/#projects$/);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add Project' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Project' })).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: /^Projects/ })).toBeFocused();
});

test('when the session ends while the page is open, the next action shows the sign-in screen', async ({
  staffPage: page,
  newClient,
  context,
}) => {
  const project = (await newClient({ projects: [{ title: unique('Project') }] })).projects[0]!;
  await openDashboard(page, 'projects');
  await expect(card(page, project.title)).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  await context.clearCookies();
  const login = page.getByRole('heading', { name: 'Admin Login' });
  // Any request the page makes from now on answers 401. A live update from another browser (a
  // chat, a project) can make the page refetch a list first, and that shows the sign-in screen
  // before the staff member acts; otherwise their next action does.
  const remove = card(page, project.title).getByRole('button', { name: `Delete ${project.title}` });
  const confirm = page.getByRole('alertdialog').getByRole('button', { name: 'Delete project' });
  await remove.click({ timeout: 5000 }).catch(() => undefined);
  await expect(confirm.or(login)).toBeVisible();
  if (await confirm.isVisible()) await confirm.click({ timeout: 5000 }).catch(() => undefined);
  await expect(login).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
});

test('leads: staff write notes on a lead, with who wrote them and when', async ({ staffPage: page, request }) => {
  const name = unique('Nora Notes');
  expect(
    (
      await request.post('/api/contact', {
        data: {
          name,
          email: 'nora@example.com',
          message: 'Please call.',
          howDidYouFindUs: 'other',
          startedAt: Date.now() - 10_000,
        },
      })
    ).status(),
  ).toBe(201);
  await openAdmin(page);
  await openTab(page, /^Contact Forms/);
  const lead = card(page, name);
  await lead.getByText(`Notes on ${name}`).click();
  await expect(lead.getByText('No notes yet.')).toBeVisible();
  const note = lead.getByLabel(`New note on ${name}`);
  await lead.getByRole('button', { name: 'Add Note' }).click();
  await expect(lead.getByText('Note is required')).toBeVisible();
  await note.fill('Called on Monday.\nWill send a quote.');
  await lead.getByRole('button', { name: 'Add Note' }).click();
  const item = lead.getByRole('listitem').filter({ hasText: 'Called on Monday.' });
  await expect(item).toContainText('Will send a quote.');
  await expect(item).toContainText('owner@agency.example ·');
  await expect(note).toHaveValue('');
  await page.reload();
  await openTab(page, /^Contact Forms/);
  await card(page, name).getByText(`Notes on ${name}`).click();
  await expect(card(page, name).getByText('Called on Monday.')).toBeVisible();
});

test('leads: convert a lead to a client, who is welcomed by the invitation, chooses a password and is signed in', async ({
  staffPage: page,
  request,
  browser,
}) => {
  const name = unique('Carla Convert');
  const email = `carla-${Date.now()}@example.com`;
  expect(
    (
      await request.post('/api/contact', {
        data: { name, email, message: 'Ready to start.', howDidYouFindUs: 'other', startedAt: Date.now() - 10_000 },
      })
    ).status(),
  ).toBe(201);
  await openAdmin(page);
  await openTab(page, /^Contact Forms/);
  await card(page, name)
    .getByRole('button', { name: `Convert to client ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Convert to client' });
  await dialog.getByLabel('First project title (optional)').fill('Carla website');
  await dialog.getByRole('button', { name: 'Create client' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Client created' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card(page, name)).toContainText('Client');
  await expect(card(page, name).getByRole('button', { name: /Convert to client/ })).toHaveCount(0);
  await expect(card(page, name).getByLabel(/Lead status/)).toHaveValue('won');

  const invitation = () =>
    sentMails()
      .find((m) => m.includes(`To: ${email}`) && m.includes('Your client portal'))
      ?.match(/(\/portal\/welcome#token=[\w-]+)/)?.[1];
  await expect.poll(invitation).toBeTruthy();
  const client = await browser.newContext();
  const portal = await client.newPage();
  await portal.goto(invitation()!);
  await expect(portal).toHaveURL(/\/portal\/welcome$/);
  await expect(portal.getByRole('heading', { level: 1 })).toHaveText('Welcome to your client portal, Carla');
  await portal.getByLabel('Password', { exact: true }).fill('carla-chose-this');
  await portal.getByLabel('Confirm password').fill('carla-chose-this');
  await portal.getByRole('button', { name: 'Set Password and Sign In' }).click();
  // Signed in at once and greeted for the first time, not welcomed back.
  await expect(portal.getByRole('heading', { level: 1 })).toHaveText("You're all set, Carla");
  await expect(portal.getByText('Welcome aboard, Carla!', { exact: true })).toBeVisible();
  await expect(portal.getByText('Welcome back!')).toHaveCount(0);
  await expect(portal.getByText(/signed out/)).toHaveCount(0);
  await portal.getByRole('link', { name: 'Go to my portal' }).click();
  await expect(portal.getByRole('heading', { name: /^Welcome,/ })).toBeVisible();
  await expect(portal.getByText('Carla website')).toBeVisible();
  await client.close();
});
