import type { Page } from '@playwright/test';
import { clientPage, LIVE, openLive, unique } from './support/live-pages.ts';
import { test, expect, expectNoAxeViolations, presetConsent } from './fixtures.ts';

/**
 * Files and approvals (docs/product.md#files, docs/product.md#approvals), with the client and a
 * staff member side by side, each in a browser of their own: uploads by picker, drop and paste
 * with their progress, refusals before a byte is sent, Cancel; an approval asked by staff,
 * answered by the client with the keyboard, seen by staff live; a second answer refused.
 */
test.use({ viewport: { width: 1280, height: 900 } });

test.beforeEach(async ({ page, allowPageErrors }) => {
  await presetConsent(page);
  allowPageErrors(/status of 401/);
});

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Drops files on the first drop zone inside `scope`, as a file manager would. */
async function dropFiles(page: Page, selector: string, files: { name: string; type: string; text: string }[]) {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const f of list) data.items.add(new File([f.text], f.name, { type: f.type }));
    return data;
  }, files);
  const zone = page.locator(selector).getByTestId('file-drop').first();
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

/** Pastes a file into `selector` (a screenshot copied to the clipboard, say). */
async function pasteFile(page: Page, selector: string, file: { name: string; type: string; text: string }) {
  await page.locator(selector).evaluate((element, f) => {
    const data = new DataTransfer();
    data.items.add(new File([f.text], f.name, { type: f.type }));
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, file);
}

test('staff ask for approval of a file; the client requests changes by keyboard; staff see it live, and a second answer is refused', async ({
  staffPage,
  browser,
  signInClient,
}) => {
  const title = unique('Approval project');
  const context = await browser.newContext();
  try {
    const { page: portal, client } = await clientPage(context, signInClient, { projects: [{ title }] });
    const projectId = client.projects[0]!.id;
    await openLive(staffPage, `/admin#project/${projectId}`, 'admin');
    await expect(staffPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await openLive(portal, `/portal/projects/${projectId}`, 'client');
    await expect(portal.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // Staff upload with the picker; the client's open page lists the file without a reload.
    const files = staffPage.getByRole('region', { name: 'Files' });
    await files
      .locator('input[type=file]')
      .setInputFiles({ name: 'homepage-v2.png', mimeType: 'image/png', buffer: PNG_1PX });
    const staffRow = files
      .getByRole('list', { name: 'Files' })
      .getByRole('listitem')
      .filter({ hasText: 'homepage-v2.png' });
    await expect(staffRow).toBeVisible();
    const clientFiles = portal.getByRole('region', { name: 'Files' });
    await expect(clientFiles.getByRole('link', { name: /homepage-v2\.png/ })).toBeVisible(LIVE);

    await staffRow.getByRole('button', { name: 'Ask for approval of homepage-v2.png' }).click();
    const dialog = staffPage.getByRole('dialog', { name: 'Ask for approval' });
    await dialog.getByLabel('Title').fill('Homepage design v2');
    await dialog.getByRole('button', { name: 'Ask the client' }).click();
    await expect(dialog).toBeHidden();

    // The client: the approval shows live; answered with the keyboard only.
    const approvals = portal.getByRole('region', { name: 'Approvals' });
    const card = approvals.getByRole('listitem').filter({ hasText: 'Homepage design v2' });
    await expect(card).toBeVisible(LIVE);
    await expect(card).toContainText('Awaiting approval');
    await card.getByRole('button', { name: 'Request changes' }).focus();
    await portal.keyboard.press('Enter');
    await expect(card.getByRole('alert')).toHaveText('Please say what should change');
    await card.getByLabel(/Comment/).focus();
    await portal.keyboard.type('A bigger logo, please.');
    await portal.keyboard.press('Tab');
    await portal.keyboard.press('Tab');
    await expect(card.getByRole('button', { name: 'Request changes' })).toBeFocused();
    await portal.keyboard.press('Enter');
    await expect(card).toContainText('Changes requested');
    await expect(card).toContainText('A bigger logo, please.');

    // Staff: the decision, the comment, and the activity newest first, without a reload.
    const staffApprovals = staffPage.getByRole('region', { name: 'Approvals' });
    const decided = staffApprovals.getByRole('listitem').filter({ hasText: 'Homepage design v2' });
    await expect(decided).toContainText('Changes requested', LIVE);
    await expect(decided).toContainText('A bigger logo, please.');
    await expect(decided).toContainText(/SHA-256 [0-9a-f]{64}/);
    const activity = staffPage.getByRole('list', { name: 'Project activity' }).getByRole('listitem');
    await expect(activity).toHaveText([
      /requested changes on Homepage design v2/,
      /asked for approval: Homepage design v2/,
      /added homepage-v2\.png/,
    ]);

    // A second answer (another tab still showing the form) is refused with the server's words.
    const answer = await portal.request.post(`/api/client/approvals/${await approvalId(portal)}/decision`, {
      data: { decision: 'approved' },
    });
    expect(answer.status()).toBe(409);
    expect((await answer.json()).error.message).toBe('This approval was already answered.');
  } finally {
    await context.close();
  }
});

async function approvalId(page: Page): Promise<string> {
  const list = (await (await page.request.get('/api/client/approvals')).json()) as { id: string }[];
  return list[0]!.id;
}

test("a client's files go with a message by drop and by paste, and staff download them from the message", async ({
  staffPage,
  browser,
  signInClient,
}) => {
  const title = unique('Attach project');
  const subject = unique('Texts');
  const context = await browser.newContext();
  try {
    const { page: portal, client } = await clientPage(context, signInClient, { projects: [{ title }] });
    await openLive(portal, `/portal/projects/${client.projects[0]!.id}`, 'client');
    const form = portal.getByRole('form', { name: 'Send a message' });
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Message').fill('The about page and the menu.');
    await dropFiles(portal, 'form[aria-label="Send a message"]', [
      { name: 'about.txt', type: 'text/plain', text: 'We bake since 1952.\n' },
    ]);
    await form.getByLabel('Message').focus();
    await pasteFile(portal, 'form[aria-label="Send a message"] textarea', {
      name: 'menu.txt',
      type: 'text/plain',
      text: 'Bread $4\n',
    });
    const uploads = form.getByRole('list', { name: 'Uploads' }).getByRole('listitem');
    await expect(uploads).toHaveCount(2);
    await expect(uploads.filter({ hasText: 'Uploaded' })).toHaveCount(2);
    await form.getByRole('button', { name: 'Send Message' }).click();
    const mine = portal
      .getByRole('region', { name: 'Conversation' })
      .getByRole('listitem')
      .filter({ hasText: subject });
    // Both files, in the order their uploads finished.
    const attached = mine.getByRole('list', { name: 'Attachments' }).getByRole('link');
    await expect(attached).toHaveCount(2);
    await expect(attached.filter({ hasText: 'about.txt' })).toHaveCount(1);
    await expect(attached.filter({ hasText: 'menu.txt' })).toHaveCount(1);
    await expect(uploads).toHaveCount(0);

    // Staff (a wide screen shows the messages as a table): the row says 2 files; its details
    // list them, and a name downloads the file.
    await openLive(staffPage, '/admin#messages', 'admin');
    const row = staffPage.getByRole('row').filter({ hasText: subject });
    await expect(row).toContainText('2 files');
    await row.getByRole('button', { name: /^Details:/ }).click();
    const link = staffPage.getByRole('link', { name: /menu\.txt/ });
    await expect(link).toBeVisible();
    const download = staffPage.waitForEvent('download');
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('menu.txt');
  } finally {
    await context.close();
  }
});

test('a file over the limit is refused before it is sent; a slow upload can be cancelled and leaves nothing', async ({
  page,
  signInClient,
}) => {
  const client = await signInClient({ projects: [{ title: unique('Limits project') }] });
  await openLive(page, `/portal/projects/${client.projects[0]!.id}`, 'client');
  const files = page.getByRole('region', { name: 'Files' });
  await expect(files.getByText(/Storage: .* of 1 GB used/)).toBeVisible();
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/files')) posts++;
  });
  await files.locator('input[type=file]').setInputFiles({
    name: 'huge.zip',
    mimeType: 'application/zip',
    buffer: Buffer.alloc(25 * 1024 * 1024 + 1),
  });
  const refused = files.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: 'huge.zip' });
  await expect(refused.getByRole('alert')).toHaveText('The file is larger than 25 MB.');
  expect(posts).toBe(0);

  // A slow connection: the upload shows its progress and stops on Cancel.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: -1,
    uploadThroughput: 64 * 1024,
  });
  await files.locator('input[type=file]').setInputFiles({
    name: 'slow.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('a'.repeat(2 * 1024 * 1024)),
  });
  const slow = files.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: 'slow.txt' });
  await expect(slow.getByRole('progressbar', { name: 'Uploading slow.txt' })).toBeVisible();
  await slow.getByRole('button', { name: 'Cancel the upload of slow.txt' }).click();
  await expect(slow).toContainText('Cancelled');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Files' }).getByText('No files yet.')).toBeVisible();
});

test('the project pages with files and approvals pass axe on both sides', async ({
  staffPage,
  browser,
  signInClient,
}) => {
  const title = unique('Axe project');
  const context = await browser.newContext();
  try {
    const { page: portal, client } = await clientPage(context, signInClient, {
      projects: [{ title, milestones: [{ title: 'Homepage', description: 'Hero and menu' }] }],
    });
    const projectId = client.projects[0]!.id;
    const upload = await staffPage.request.post(`/api/admin/projects/${projectId}/files`, {
      multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: PNG_1PX } },
    });
    expect(upload.status()).toBe(201);
    const milestones = (await (await staffPage.request.get(`/api/admin/projects/${projectId}/milestones`)).json()) as {
      id: string;
    }[];
    await staffPage.request.post('/api/admin/approvals', {
      data: { projectId, milestoneId: milestones[0]!.id, title: 'Homepage plan' },
    });
    await staffPage.goto(`/admin#project/${projectId}`);
    await expect(staffPage.getByRole('list', { name: 'Approvals' })).toContainText('Homepage plan');
    await expectNoAxeViolations(staffPage);
    await portal.goto(`/portal/projects/${projectId}`);
    await expect(portal.getByRole('region', { name: 'Approvals' })).toContainText('Homepage plan');
    await expectNoAxeViolations(portal);
    await portal.goto('/portal');
    await expect(portal.getByRole('heading', { name: 'Awaiting your approval (1)' })).toBeVisible();
    await expectNoAxeViolations(portal);
  } finally {
    await context.close();
  }
});
