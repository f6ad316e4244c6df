import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations, holdToasts, presetConsent, waitForIsland } from './fixtures.ts';

/** The bug bounty toolkit: it runs entirely in the browser. */
test.beforeEach(async ({ page }) => {
  await presetConsent(page);
  await page.goto('/bug-bounty-toolkit');
  await waitForIsland(page, 'bug-bounty-toolkit');
});

const toasts = (page: Page) => page.getByRole('region', { name: /Notification/ });
const cards = (page: Page) => page.getByRole('list', { name: 'Generated commands' }).getByRole('listitem');

async function generate(page: Page, domain: string) {
  await page.getByLabel('Target domain').fill(domain);
  await page.getByLabel(/I confirm that I am authorized/).check();
  await page.getByRole('button', { name: 'Generate' }).click();
}

test('asks for authorization, then a domain, with the toasts of the spec', async ({ page }) => {
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(toasts(page)).toContainText('Authorization Required');
  await expect(toasts(page)).toContainText('Please confirm you have authorization to test this domain.');
  await page.getByLabel(/I confirm that I am authorized/).check();
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(toasts(page)).toContainText('Domain Required');
  await expect(toasts(page)).toContainText('Please enter a target domain.');
  await expect(cards(page)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('an error put right goes away: Authorization Required, then Domain Required, then a Generate that works', async ({
  page,
}) => {
  await page.getByLabel('Target domain').fill('example.com');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(toasts(page)).toContainText('Authorization Required');
  await holdToasts(page);
  await page.getByLabel(/I confirm that I am authorized/).check();
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(cards(page)).toHaveCount(8);
  await expect(toasts(page).getByText('Authorization Required')).toHaveCount(0);

  await page.getByLabel('Target domain').fill('');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(toasts(page)).toContainText('Domain Required');
  await page.getByLabel('Target domain').fill('shop.example.com');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('heading', { name: 'Commands for shop.example.com' })).toBeVisible();
  await expect(toasts(page).getByText('Domain Required')).toHaveCount(0);
});

test('a field message goes once the domain is put right, and Domain Required goes when the field shows the problem', async ({
  page,
}) => {
  await page.getByLabel(/I confirm that I am authorized/).check();
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(toasts(page)).toContainText('Domain Required');
  await holdToasts(page);
  await page.getByLabel('Target domain').fill('not a domain');
  await page.getByRole('button', { name: 'Generate' }).click();
  const field = page.getByLabel('Target domain');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(toasts(page).getByText('Domain Required')).toHaveCount(0);
  await field.fill('example.com');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(cards(page)).toHaveCount(8);
  await expect(field).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText(/Enter a domain name such as example.com/)).toHaveCount(0);
});

test('refuses anything that is not a hostname, so no shell syntax can reach a command', async ({ page }) => {
  await generate(page, 'example.com; rm -rf /');
  const field = page.getByLabel('Target domain');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/Enter a domain name such as example.com/)).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('generates the eight commands without any network request, stripping the scheme and slash', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await generate(page, 'https://Shop.Example.com/');
  await expect(cards(page)).toHaveCount(8);
  expect(requests).toEqual([]);
  await expect(page.getByLabel('Target domain')).toHaveValue('shop.example.com');
  await expect(page.getByRole('heading', { name: 'Commands for shop.example.com' })).toBeVisible();

  // Collapsed at first; a card opens and closes; Expand All and Collapse All act on every card.
  const first = cards(page).first();
  const toggle = first.getByRole('button', { name: 'Subdomain discovery', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(first.locator('code')).toHaveText("subfinder -d 'shop.example.com' -all -silent -o subdomains.txt");
  await toggle.click();
  await expect(first.locator('code')).toBeHidden();
  await page.getByRole('button', { name: 'Expand All' }).click();
  await expect(page.locator('code:visible')).toHaveCount(8);
  const sqlmap = cards(page).filter({ hasText: 'SQL injection testing' });
  await expect(sqlmap.getByRole('note')).toContainText('Invasive');
  await expect(sqlmap.locator('code')).toHaveText(
    "sqlmap -u 'https://shop.example.com/page.php?id=1' --batch --level 1 --risk 1",
  );
  await expect(cards(page).filter({ hasText: 'Subdomain discovery' }).getByRole('note')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Collapse All' }).click();
  await expect(page.locator('code:visible')).toHaveCount(0);
  expect(requests).toEqual([]);
});

test('risk, skill and type chips filter the cards', async ({ page }) => {
  await generate(page, 'example.com');
  await page.getByRole('group', { name: 'Risk filter' }).getByRole('button', { name: 'invasive' }).click();
  await expect(cards(page)).toHaveText([/Vulnerability scanning/, /SQL injection testing/]);
  const beginner = page.getByRole('group', { name: 'Skill filter' }).getByRole('button', { name: 'beginner' });
  await beginner.click();
  await expect(beginner).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('No command matches these filters.')).toBeVisible();
  await beginner.click();
  await page.getByRole('group', { name: 'Risk filter' }).getByRole('button', { name: 'invasive' }).click();
  await page.getByRole('group', { name: 'Type filter' }).getByRole('button', { name: 'recon' }).click();
  await expect(cards(page)).toHaveCount(3);
});

test('copies a command, and says Copy Failed when the clipboard refuses', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await generate(page, 'example.com');
  await cards(page).first().getByRole('button', { name: 'Copy Subdomain discovery' }).click();
  await expect(toasts(page)).toContainText('Command copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    "subfinder -d 'example.com' -all -silent -o subdomains.txt",
  );

  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
  });
  await cards(page).nth(1).getByRole('button', { name: 'Copy HTTP probe' }).click();
  await expect(toasts(page)).toContainText('Copy Failed');
  await expectNoAxeViolations(page);
});

test('exports the shown commands to a text file named after the domain; Clear resets everything', async ({ page }) => {
  await generate(page, 'example.org');
  await page.getByRole('group', { name: 'Type filter' }).getByRole('button', { name: 'recon' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('example.org-bug-bounty-commands.txt');
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text.split('\n')[0]).toBe('# Bug bounty commands for example.org');
  expect(text).toContain("waybackurls 'example.org'");
  expect(text).not.toContain('sqlmap');

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByLabel('Target domain')).toHaveValue('');
  await expect(page.getByLabel(/I confirm that I am authorized/)).not.toBeChecked();
  await expect(cards(page)).toHaveCount(0);
});

test('fits a phone and passes axe there @phone', async ({ page }) => {
  await generate(page, 'example.com');
  await page.getByRole('button', { name: 'Expand All' }).click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
});
