import type { BrowserContext } from '@playwright/test';
import { users } from '../../db/schema/index.ts';
import { newSession, type Database } from './support/data.ts';
import { clientPage, LIVE, openLive, unique } from './support/live-pages.ts';
import { test, expect, expectNoAxeViolations, presetConsent } from './fixtures.ts';

/**
 * The project page and the staff's names (docs/product.md#project-page, docs/product.md#time-tracking,
 * docs/product.md#staff-names), with a staff member and the client side by side, each in a browser
 * of their own: the staff member names themselves, opens the project from its title, logs time
 * that the client sees add up live, asks for an approval the client sees by name, and deletes an
 * entry after confirming.
 */
test.use({ viewport: { width: 1280, height: 900 } });

test.beforeEach(async ({ page }) => {
  await presetConsent(page);
});

/** A staff member of their own (an invited role), signed in in `context`. */
async function signInStaff(database: Database, context: BrowserContext, baseURL: string) {
  const username = `${unique('designer').replace(/\W+/g, '.')}@agency.example`;
  const [user] = await database.write((tx) => tx.insert(users).values({ username, role: 'staff' }).returning());
  const session = await newSession(database, 'staff', user!.id);
  await context.addCookies([
    {
      name: 'admin_session',
      value: session.token,
      domain: new URL(baseURL).hostname,
      path: '/',
      httpOnly: true,
      secure: false,
      sameSite: 'Lax',
      expires: Math.floor(session.expiresAt.getTime() / 1000),
    },
  ]);
  return username;
}

test('staff name themselves, open the project from its title and log time the client sees add up', async ({
  page: staff,
  context,
  browser,
  database,
  baseURL,
  signInClient,
}) => {
  const address = await signInStaff(database, context, baseURL!);
  const title = unique('Bakery site');
  const clientContext = await browser.newContext();
  try {
    const { page: portal, client } = await clientPage(clientContext, signInClient, {
      projects: [{ title, estimatedHours: 24, milestones: [{ title: 'Homepage design' }] }],
    });
    const projectId = client.projects[0]!.id;

    // The account page: a name of their own, shown in the header instead of the address.
    await openLive(staff, '/admin#security', 'admin');
    const name = staff.getByRole('form', { name: 'Your name' });
    await name.getByLabel('Your name').fill('Jordan Reyes');
    await name.getByRole('button', { name: 'Save Name' }).click();
    await expect(staff.getByRole('region', { name: /Notification/ })).toContainText(
      'Clients now see you as Jordan Reyes.',
    );
    await expect(staff.getByRole('banner')).toContainText('Jordan Reyes');
    await expect(staff.getByRole('banner')).not.toContainText(address);

    // The title in the Projects tab opens the one project page.
    await openLive(portal, `/portal/projects/${projectId}`, 'client');
    // The dashboard's own stream is open since the account page; only the fragment changes.
    await staff.goto(`/admin#projects?q=${encodeURIComponent(title)}`);
    await staff.getByRole('link', { name: title }).click();
    await expect(staff.getByRole('heading', { level: 1, name: title })).toBeVisible();
    for (const section of ['Overview', 'Milestones', 'Messages', 'Files', 'Approvals', 'Time', 'Project activity']) {
      await expect(staff.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
    }
    await expect(staff.getByRole('list', { name: 'Milestones' })).toContainText('Homepage design');

    // Time logged adds up to Hours Used, on the page and in the client's portal, live.
    const logTime = staff.getByRole('form', { name: 'Log time' });
    for (const [hours, note] of [
      ['4', 'Homepage layout'],
      ['2.5', ''],
    ]) {
      await logTime.getByLabel('Hours').fill(hours!);
      await logTime.getByLabel('Note (optional)').fill(note!);
      await logTime.getByRole('button', { name: 'Log time' }).click();
      await expect(logTime.getByLabel('Hours')).toHaveValue('');
    }
    await expect(staff.getByText('Hours: 6.5 used of 24 estimated')).toBeVisible();
    await expect(portal.getByText('6.5 used of 24 estimated')).toBeVisible(LIVE);
    await expect(staff.getByRole('list', { name: 'Time entries' })).toContainText('Jordan Reyes · Homepage layout');
    await expect(staff.getByRole('list', { name: 'Project activity' })).toContainText(
      'Jordan Reyes logged 2.5 hours for',
    );

    // An approval asked by this staff member: the client sees the name, never the address.
    const milestones = (await (await staff.request.get(`/api/admin/projects/${projectId}/milestones`)).json()) as {
      id: string;
    }[];
    const asked = await staff.request.post('/api/admin/approvals', {
      data: { projectId, milestoneId: milestones[0]!.id, title: 'Homepage design' },
    });
    expect(asked.status()).toBe(201);
    const approval = portal.getByRole('region', { name: 'Approvals' }).getByRole('listitem');
    await expect(approval).toContainText('Asked by Jordan Reyes on', LIVE);
    await expect(portal.locator('body')).not.toContainText(address);

    // Deleting an entry asks first; its hours come off, for the client too.
    await expectNoAxeViolations(staff);
    await staff.getByRole('button', { name: /^Delete 4 hours on/ }).click();
    const confirm = staff.getByRole('alertdialog', { name: 'Delete this time entry?' });
    await expect(confirm).toContainText('by Jordan Reyes will be deleted');
    await confirm.getByRole('button', { name: 'Delete time entry' }).click();
    await expect(staff.getByText('Hours: 2.5 used of 24 estimated')).toBeVisible();
    await expect(portal.getByText('2.5 used of 24 estimated')).toBeVisible(LIVE);
  } finally {
    await clientContext.close();
  }
});
