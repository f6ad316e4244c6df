import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { test, expect, expectNoAxeViolations, presetConsent, sentMails, STAFF_EMAIL } from './fixtures.ts';
import { E2E_PORT } from './support/data.ts';
import { exitOf, spawnBuiltServer } from './support/servers.ts';

/**
 * Privacy for staff (docs/product.md#privacy): erasing a client asks first, naming what goes and
 * what stays, by keyboard; afterwards the client reads "Deleted client #…" and their project stays.
 * The cookie banner's choice is recorded on the server. A client downloads their data from settings
 * through the emailed link, once; staff export a client's data to themselves. The Privacy Policy
 * states the retention settings, and a server set otherwise than its build does not start.
 */
test.use({ viewport: { width: 1280, height: 900 } });

test('erasing a client asks first and keeps the project; the page passes axe', async ({ staffPage, newClient }) => {
  await presetConsent(staffPage);
  const client = await newClient({
    name: 'Eri Erasable',
    projects: [
      { title: 'Erasable bakery', messages: [{ subject: 'Hello', message: 'My number is 555', fromClient: true }] },
    ],
  });
  await staffPage.goto(`/admin#client/${client.id}`);
  await expect(staffPage.getByRole('heading', { level: 1, name: 'Eri Erasable' })).toBeVisible();
  const privacy = staffPage.getByRole('region', { name: 'Privacy' });
  await expect(privacy).toContainText('No consent recorded.');
  await expectNoAxeViolations(staffPage);
  await privacy.getByRole('button', { name: 'Erase Eri Erasable' }).focus();
  await staffPage.keyboard.press('Enter');
  const confirm = staffPage.getByRole('alertdialog', { name: 'Erase Eri Erasable?' });
  await expect(confirm).toContainText('the text of their messages');
  await expect(confirm).toContainText('Kept, for the legal obligation to keep business records');
  await confirm.getByRole('button', { name: 'Erase the client' }).focus();
  await staffPage.keyboard.press('Enter');
  await expect(staffPage.getByRole('heading', { level: 1, name: /^Deleted client #/ })).toBeVisible();
  await expect(staffPage.getByRole('main')).toContainText('Erasable bakery');
  await expect(staffPage.getByRole('main')).not.toContainText('My number is 555');
  // Nothing is left to export or erase.
  await expect(privacy).toContainText('Erased on');
  await expect(privacy.getByRole('button', { name: 'Export data' })).toHaveCount(0);
  await expect(privacy.getByRole('button', { name: /^Erase / })).toHaveCount(0);
});

test("the cookie banner's choice is recorded on the server", async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  const recorded = page.waitForResponse((r) => r.url().endsWith('/api/consent') && r.request().method() === 'POST');
  await banner.getByRole('button', { name: 'Necessary Only' }).click();
  const response = await recorded;
  expect(response.status()).toBe(201);
  expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({ purpose: 'analytics', granted: false });
});

test('a client downloads their data from settings by keyboard, and the link works once', async ({
  page,
  signInClient,
  allowPageErrors,
}) => {
  // The spent link's check answers 410, which the browser reports in its console.
  allowPageErrors(/status of 410/);
  await presetConsent(page);
  const client = await signInClient({
    name: 'Dora Download',
    projects: [
      { title: 'Download bakery', messages: [{ subject: 'Hi', message: 'Our opening hours', fromClient: true }] },
    ],
  });
  await page.goto('/portal/settings');
  const section = page.getByRole('region', { name: 'Your data' });
  await section.getByRole('button', { name: 'Download my data' }).focus();
  await page.keyboard.press('Enter');
  await expect(section).toContainText(`A download link will arrive by email at ${client.email}`);
  await expectNoAxeViolations(page);
  // The worker builds it and emails the link.
  let link = '';
  await expect
    .poll(() => {
      const mail = sentMails().find((m) => m.includes(`To: ${client.email}`) && m.includes('/data-export#token='));
      link = /https?:\/\/\S+\/data-export#token=[A-Za-z0-9_-]+/.exec(mail ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  await expect(section.getByRole('list', { name: 'Data exports' })).toContainText('Link sent by email');

  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { level: 1, name: 'Your data export' })).toBeVisible();
  await expect(page).toHaveURL(/\/data-export$/);
  await expect(page.getByText(/^A ZIP file of [\d.]+ [kK]?B\./)).toBeVisible();
  await expectNoAxeViolations(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the ZIP file' }).focus();
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^data-export-\d{4}-\d\d-\d\d\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const data = JSON.parse(strFromU8(files['data.json']!)) as {
    subject: { name: string };
    records: { messages: { message: string }[] };
  };
  expect(data.subject.name).toBe('Dora Download');
  expect(data.records.messages.map((m) => m.message)).toEqual(['Our opening hours']);
  await expect(page.getByRole('status')).toContainText('This link is now used.');

  // A second visit finds it spent.
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('alert')).toContainText('This download link has been used or has expired.');
});

test("staff export a client's data; the link goes to them", async ({ staffPage, newClient, allowPageErrors }) => {
  // The second ask is refused (429), which the browser reports in its console.
  allowPageErrors(/status of 429/);
  await presetConsent(staffPage);
  const client = await newClient({ name: 'Ezra Exported', projects: [{ title: 'Export shop' }] });
  await staffPage.goto(`/admin#client/${client.id}`);
  const privacy = staffPage.getByRole('region', { name: 'Privacy' });
  await privacy.getByRole('button', { name: 'Export data' }).click();
  await expect(privacy).toContainText(`A download link will arrive by email at ${STAFF_EMAIL}`);
  await expect
    .poll(() => sentMails().some((m) => m.includes('Subject: Data export of Ezra Exported is ready')))
    .toBe(true);
  await privacy.getByRole('button', { name: 'Export data' }).click();
  await expect(privacy.getByRole('alert')).toContainText('A data export was asked for in the last 24 hours');
});

test('the Privacy Policy states the retention periods the server applies, or the server does not start', async ({
  page,
}) => {
  await page.goto('/privacy-policy');
  const periods = page.locator('article [data-retention]');
  expect(
    Object.fromEntries(
      await periods.evaluateAll((spans) => spans.map((s) => [s.getAttribute('data-retention'), s.textContent])),
    ),
  ).toEqual({
    RETENTION_LEAD_MONTHS: '24',
    RETENTION_CHAT_MONTHS: '12',
    RETENTION_YEARS_PROJECTS: '7',
    RETENTION_LOG_DAYS: '90',
    RETENTION_BACKUP_DAYS: '35',
  });
  await expect(page.getByRole('article')).toContainText('Download my data');

  // The same build, started with another lead period, refuses to serve.
  const port = Number(E2E_PORT) + 70;
  let output = '';
  const child = spawnBuiltServer(
    {
      DATABASE_URL: `file:${join(tmpdir(), `policy-check-${process.pid}.db`)}`,
      RETENTION_LEAD_MONTHS: '12',
    },
    port,
    'pipe',
  );
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  expect((await exitOf(child)).code).toBe(1);
  expect(output).toContain('The built Privacy Policy states RETENTION_LEAD_MONTHS=24, but this server is set to 12.');
});
