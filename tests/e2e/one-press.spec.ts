import type { Page } from '@playwright/test';
import { clientPage, LIVE, openLive, unique } from './support/live-pages.ts';
import { test, expect, presetConsent } from './fixtures.ts';

/**
 * One press at a time (docs/product.md#errors): a real double click on Approve or on a delete's
 * confirm button sends one request and shows no error; the client and staff side by side, each in
 * a browser of their own.
 */
test.use({ viewport: { width: 1280, height: 900 } });

test.beforeEach(async ({ page }) => {
  await presetConsent(page);
});

const toasts = (page: Page) => page.getByRole('region', { name: /Notification/ });

/** Counts the requests of `method` whose path ends with `suffix`. */
function countRequests(page: Page, method: string, suffix: string) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname.endsWith(suffix)) seen.push(request.url());
  });
  return seen;
}

test('a double click on Approve answers once, shows no error, and staff see the answer live', async ({
  staffPage,
  browser,
  signInClient,
}) => {
  const title = unique('Double press project');
  const context = await browser.newContext();
  try {
    const { page: portal, client } = await clientPage(context, signInClient, {
      projects: [{ title, milestones: [{ title: 'Homepage design' }] }],
    });
    const projectId = client.projects[0]!.id;
    const milestones = (await (await staffPage.request.get(`/api/admin/projects/${projectId}/milestones`)).json()) as {
      id: string;
    }[];
    const asked = await staffPage.request.post('/api/admin/approvals', {
      data: { projectId, milestoneId: milestones[0]!.id, title: 'Homepage design' },
    });
    expect(asked.status()).toBe(201);
    await openLive(staffPage, `/admin#project/${projectId}`, 'admin');
    await openLive(portal, `/portal/projects/${projectId}`, 'client');

    const decisions = countRequests(portal, 'POST', '/decision');
    const card = portal
      .getByRole('region', { name: 'Approvals' })
      .getByRole('listitem')
      .filter({ hasText: 'Homepage design' });
    await card.getByRole('button', { name: 'Approve' }).dblclick();

    await expect(card).toContainText(/Approved by .* on/);
    await expect(toasts(portal)).toContainText('The team has been told.');
    await expect(toasts(portal)).not.toContainText('was not sent');
    expect(decisions).toHaveLength(1);
    const staffCard = staffPage
      .getByRole('list', { name: 'Approvals' })
      .getByRole('listitem')
      .filter({ hasText: 'Homepage design' });
    await expect(staffCard).toContainText('Approved', LIVE);
  } finally {
    await context.close();
  }
});

test('a double click on a delete’s confirm button deletes once and shows no error', async ({
  staffPage: page,
  newClient,
}) => {
  const project = (await newClient({ projects: [{ title: unique('Deleted twice') }] })).projects[0]!;
  await page.goto('/admin#projects');
  const deletes = countRequests(page, 'DELETE', `/api/admin/projects/${project.id}`);
  const remove = page.getByRole('button', { name: `Delete ${project.title}` });
  await remove.click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this project?' });
  await confirm.getByRole('button', { name: 'Delete project' }).dblclick();
  await expect(confirm).toBeHidden();
  await expect(remove).toBeHidden();
  expect(deletes).toHaveLength(1);
  await expect(page.getByText('Could not delete')).toHaveCount(0);
});
