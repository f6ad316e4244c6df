import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations, presetConsent } from './fixtures.ts';
import { uniqueSuffix } from './support/data.ts';
import { layoutProblems, resizeTo } from './support/layout.ts';
import { LIVE, openLive } from './support/live-pages.ts';

/**
 * Invoices on the dashboard (docs/product.md#invoices, docs/product.md#payments): staff write an
 * invoice of two lines for a new client from the client's address ('#invoices/new?clientId='),
 * save and issue it (it gets its INV- number and is Open), record a payment larger than the
 * balance (the server's message shows under the amount) and then a part of it, by keyboard alone
 * (Partially paid, and the balance), and void it (its credit note's CN- number links to it). The
 * editor, the invoice page, the payment dialog and the Invoices tab pass axe and fit 375, 1280
 * and 1920 px; a screenshot of each at each width goes to /tmp/shots-admin/. A draft is saved
 * once on a double click, opens again at its address, follows a change made elsewhere live on the
 * Invoices tab, and is deleted after asking. Every test makes its own client.
 */
test.use({ viewport: { width: 1280, height: 900 } });

const SHOTS = '/tmp/shots-admin';

test.beforeEach(async ({ page, allowPageErrors }) => {
  await presetConsent(page);
  // A session check answers 401 when there is none; Chromium logs it, the page says it in words.
  allowPageErrors(/status of 401/);
  // The server's refusal of a payment larger than the balance (a 422 the page shows in words).
  allowPageErrors(/status of 422/);
});

/**
 * Checks the layout of the page as it is at 375, 1280 and 1920 px, with a screenshot of each, once
 * `ready` shows. Once a toast was shown, the notification region stays at the foot of the screen
 * (an empty box over the page's last lines on a phone), so the page is loaded afresh first.
 */
async function checkWidths(page: Page, name: string, ready: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  if ((await page.getByRole('region', { name: /Notification/ }).count()) > 0) await page.reload();
  await expect(ready).toBeVisible();
  for (const width of [375, 1280, 1920]) {
    await resizeTo(page, width);
    expect(await layoutProblems(page), `${name} at ${width} px`).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await resizeTo(page, 1280);
}

test('staff issue an invoice, record a partial payment by keyboard and void it with a credit note', async ({
  staffPage: page,
  newClient,
}) => {
  test.slow(); // three screens at three widths
  const word = uniqueSuffix();
  const business = `Harbor Hardware ${word}`;
  const client = await newClient({ name: `Hal Harbor ${word}`, company: business });

  // The editor, with the client of its address chosen.
  await openLive(page, `/admin#invoices/new?clientId=${client.id}`, 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'New invoice' })).toBeVisible();
  await expect(page.getByLabel('Client', { exact: true })).toHaveValue(client.id);
  await page.getByLabel('Description of line 1').fill('Website care, March');
  await page.getByLabel('Quantity of line 1').fill('2');
  await page.getByLabel('Unit price (USD) of line 1').fill('150');
  await page.getByRole('button', { name: 'Add a line' }).click();
  await expect(page.getByLabel('Description of line 2')).toBeFocused();
  await page.keyboard.type('Domain renewal');
  await page.getByLabel('Unit price (USD) of line 2').fill('19.99');
  const total = page.getByRole('region', { name: 'Total' });
  await expect(total).toContainText('$319.99');
  // The rate in force is known before saving: none by default (Delaware), so no tax line.
  await expect(total).not.toContainText('per settings');
  await expect(total).not.toContainText('Tax');
  await expectNoAxeViolations(page);
  await checkWidths(page, 'editor', total);

  // Save and issue: it asks first, naming the client and the total.
  await page.getByRole('button', { name: 'Save and issue' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Issue this invoice?' });
  await expect(confirm).toContainText(business);
  await expect(confirm).toContainText('$319.99');
  await confirm.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Invoice issued');
  const heading = page.getByRole('heading', { level: 1, name: /^INV-\d{4}-\d{4}$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.trim();
  await expect(page.getByText('Open', { exact: true }).first()).toBeVisible();
  const lines = page.getByRole('region', { name: 'Lines' });
  await expect(lines).toContainText('Website care, March');
  await expect(lines).toContainText('Domain renewal');
  await expect(page.getByRole('link', { name: business })).toBeVisible();
  await expectNoAxeViolations(page);

  // Record payment, by keyboard alone: too much first (the server's message), then a part.
  await page.getByRole('button', { name: 'Record payment' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Record a payment' });
  const amount = dialog.getByLabel('Amount (USD)');
  await expect(amount).toBeFocused();
  await page.keyboard.type('500');
  await expect(dialog.getByRole('checkbox', { name: "Record the rest as the client's credit" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Enter');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('100');
  await expect(dialog.getByRole('checkbox')).toBeHidden();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Method')).toBeFocused();
  await dialog.getByLabel('Reference (optional)').focus();
  await page.keyboard.type('Check 1042');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Payment recorded');
  await expect(page.getByText('Partially paid', { exact: true }).first()).toBeVisible();
  await expect(lines).toContainText(/Balance\s*\$219\.99/);
  await expect(page.getByRole('region', { name: 'Payments' })).toContainText('Check 1042');
  await checkWidths(page, 'invoice', page.getByRole('region', { name: 'Payments' }).getByText('Check 1042'));

  // The Invoices tab finds it by number, with its client, total, balance and status.
  await page.goto(`/admin#invoices?q=${encodeURIComponent(number)}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Finance' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`^${number}, ${business}`) });
  await expect(row).toContainText('$319.99');
  await expect(row).toContainText('$219.99');
  await expect(row).toContainText('Partially paid');
  // The exports: what the search finds, as CSV.
  for (const [name, format] of [
    ['Export invoices (CSV)', 'csv'],
    ['Export payments (CSV)', 'payments-csv'],
  ] as const) {
    const href = await page.getByRole('link', { name }).getAttribute('href');
    expect(href).toContain(`format=${format}`);
    const csv = await page.request.get(href!);
    expect(csv.headers()['content-type']).toContain('text/csv');
    expect(await csv.text()).toContain(format === 'csv' ? number : 'Check 1042');
  }
  await expectNoAxeViolations(page);
  await checkWidths(page, 'list', row);

  // Void it: a credit note of its own number, linked from the invoice.
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: number })).toBeVisible();
  await page.getByRole('button', { name: /^Void…/ }).click();
  const voiding = page.getByRole('dialog', { name: `Void ${number}?` });
  await expect(voiding).toContainText('credit note of its own number');
  await voiding.getByLabel('Reason (optional)').fill('Billed twice');
  await voiding.screenshot({ path: `${SHOTS}/void-dialog-1280.png` });
  await voiding.getByRole('button', { name: 'Void invoice' }).click();
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText(/Credit note CN-\d{4}-\d{4}/);
  const creditNote = page.getByRole('link', { name: /^CN-\d{4}-\d{4}$/ });
  await expect(creditNote).toBeVisible();
  await expect(page.getByText('Void', { exact: true }).first()).toBeVisible();
  await creditNote.click();
  await expect(page.getByRole('heading', { level: 1, name: /^CN-\d{4}-\d{4}$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: number })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/credit-note-1280.png`, fullPage: true });

  // The client's page: its billing lists both.
  await page.goto(`/admin#client/${client.id}`);
  const billing = page.getByRole('region', { name: 'Billing' });
  await expect(billing).toContainText(number);
  await expect(billing.getByRole('link', { name: /New invoice/ })).toHaveAttribute('href', /clientId=/);
  for (const width of [375, 1280]) {
    await resizeTo(page, width);
    await billing.screenshot({ path: `${SHOTS}/client-billing-${width}.png` });
  }
});

test('a draft is saved once on a double click, opened again from its address with its tax rate, follows a change live and is deleted after asking', async ({
  staffPage: page,
  newClient,
}) => {
  const word = uniqueSuffix();
  const business = `Draft Dept ${word}`;
  const client = await newClient({ name: `Dee Draft ${word}`, company: business });
  await openLive(page, `/admin#invoices/new?clientId=${client.id}`, 'admin');
  // Nothing to save yet: the form says what is missing, under the field.
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Description is required')).toBeVisible();
  await page.getByLabel('Description of line 1').fill('Logo refresh');
  await page.getByLabel('Unit price (USD) of line 1').fill('450');
  await page.getByLabel('Notes (optional)').fill('Thank you!');
  // A double click saves once.
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/admin/invoices')) posts.push(request.url());
  });
  await page.getByRole('button', { name: 'Save draft' }).dblclick();
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Invoice saved');
  expect(posts).toHaveLength(1);
  await expect(page).toHaveURL(/#invoices\/[^/?]+$/);

  // Opened again, the draft has its lines, notes and the rate of its tax (none here).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit invoice' })).toBeVisible();
  await expect(page.getByLabel('Description of line 1')).toHaveValue('Logo refresh');
  await expect(page.getByLabel('Notes (optional)')).toHaveValue('Thank you!');
  const total = page.getByRole('region', { name: 'Total' });
  await expect(total).toContainText('$450.00');
  await expect(total).not.toContainText('per settings');

  // The Invoices tab lists it, and follows a change made elsewhere without a reload (live).
  const id = page.url().split('#invoices/')[1]!;
  await page.goto(`/admin#invoices?q=${encodeURIComponent(business)}`);
  const row = page.getByRole('row', { name: new RegExp(`^Draft, ${business}`) });
  await expect(row).toContainText('$450.00');
  const changed = await page.request.put(`/api/admin/invoices/${id}`, {
    data: { clientId: client.id, items: [{ description: 'Logo refresh', quantity: 1, unitPriceCents: 50_000 }] },
  });
  expect(changed.status()).toBe(200);
  await expect(row).toContainText('$500.00', LIVE);

  // Its page says Draft; Delete draft asks first, then goes back to the list.
  await page.goto(`/admin#invoice/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Draft invoice' })).toBeVisible();
  await page.getByRole('button', { name: `Delete draft invoice for ${business}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this draft?' });
  await expect(confirm).toContainText(business);
  await confirm.getByRole('button', { name: 'Delete draft' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Invoices' })).toBeVisible();
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Draft deleted');
});
