import type { Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations, presetConsent } from './fixtures.ts';
import { uniqueSuffix } from './support/data.ts';
import { layoutProblems, resizeTo } from './support/layout.ts';
import { LIVE, clientPage, openLive } from './support/live-pages.ts';

/**
 * Proposals and signed agreements (docs/product.md#proposals, #agreements), staff and client side
 * by side in two browsers: staff write a proposal from a pricing-page template and send it; the
 * client opens it (staff see `Viewed` at once), ticks an optional item (the server's totals
 * follow) and signs it by keyboard alone; staff see `Accepted` and the agreement, the project
 * appears on both sides, and /verify recognises the PDF and refuses it changed by one byte. The
 * client's proposal page passes axe and fits 375, 1280 and 1920 px. Every test makes its own client.
 */
test.use({ viewport: { width: 1280, height: 900 } });

test.beforeEach(async ({ page, allowPageErrors }) => {
  await presetConsent(page);
  // A session check answers 401 when there is none; Chromium logs it, the page says it in words.
  allowPageErrors(/status of 401/);
});

/** Staff write a proposal for `clientId` from the One-Page Design template, titled `title`, and send it. */
async function writeAndSend(page: Page, clientId: string, title: string, business: string) {
  await openLive(page, `/admin#proposals/new?clientId=${clientId}`, 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'New proposal' })).toBeVisible();
  await page.getByLabel('Start from a template').selectOption({ label: 'One-Page Design (pricing page)' });
  await page.getByRole('button', { name: 'Use this template' }).click();
  await expect(page.getByLabel('Description of line 1')).toHaveValue(/One-Page Design/);
  await page.getByLabel('Title').fill(title);
  // The preview shows what the client will see, as it is typed.
  await expect(page.getByRole('region', { name: 'Preview: what the client will see' }).first()).toContainText('$99.00');
  await page.getByRole('button', { name: 'Save and send' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Send this proposal?' });
  await expect(confirm).toContainText(business);
  await confirm.getByRole('button', { name: 'Send proposal' }).click();
  await expect(page.getByRole('region', { name: /Notification/ })).toContainText('Proposal sent');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

test('staff send a proposal; the client signs it by keyboard alone; both sides see it live, and /verify knows the PDF', async ({
  staffPage,
  browser,
  signInClient,
  baseURL,
}) => {
  test.slow(); // two browsers, a PDF
  const word = uniqueSuffix();
  const business = `Brandywine Bakery ${word}`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const { client, page: portal } = await clientPage(context, signInClient, {
    name: `Dana Reyes ${word}`,
    company: business,
  });
  const title = `Bakery website ${word}`;
  await writeAndSend(staffPage, client.id, title, business);
  const status = staffPage.getByText(/^(Sent|Viewed|Accepted)$/).first();
  await expect(status).toHaveText('Sent');

  // The client finds it on the portal's home and opens it: staff see it viewed, live.
  await openLive(portal, '/portal', 'client');
  const waiting = portal.getByRole('region', { name: /Proposals/ });
  await expect(waiting).toContainText(title);
  await waiting.getByRole('link', { name: new RegExp(`Review and sign`) }).click();
  await expect(portal.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(status).toHaveText('Viewed', LIVE);

  // The optional monthly plan, ticked with the keyboard: the server's totals follow.
  const monthly = portal.getByRole('checkbox', { name: /monthly plan/ }).first();
  await monthly.focus();
  await portal.keyboard.press('Space');
  await expect(monthly).toBeChecked();
  await expect(portal.getByText(/\$99\.00/).first()).toBeVisible();

  // Accept and sign, by keyboard only.
  const accept = portal.getByRole('button', { name: 'Accept and sign' });
  await accept.focus();
  await portal.keyboard.press('Enter');
  const dialog = portal.getByRole('dialog');
  await expect(dialog).toContainText('Consent to sign electronically');
  const consent = dialog.getByRole('checkbox', { name: /sign electronically/ });
  await consent.focus();
  await portal.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await dialog.getByLabel('Your full name').focus();
  await portal.keyboard.type(`Dana Q. Reyes ${word}`);
  await portal.keyboard.press('Enter');
  await expect(portal.getByRole('region', { name: /Notification/ })).toContainText('Proposal signed');
  await expect(portal.getByText(`Signed by Dana Q. Reyes ${word}`)).toBeVisible();

  // Staff see the decision and the agreement without a reload; the project exists on both sides.
  await expect(status).toHaveText('Accepted', LIVE);
  const agreement = staffPage.getByRole('region', { name: 'Signed agreement' });
  await expect(agreement).toContainText(`Dana Q. Reyes ${word}`);
  await agreement.getByRole('link', { name: 'Open the project' }).click();
  await expect(staffPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(staffPage.getByText(/Agreement AGR-/).first()).toBeVisible();
  await portal.getByRole('link', { name: 'Open the project' }).click();
  await expect(portal.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // The PDF the client downloads is recognised by /verify; one byte changed, it is not.
  const pdfLink = await staffPage.evaluate(() =>
    document.querySelector('a[href*="/api/agreements/"]')?.getAttribute('href'),
  );
  const pdf = pdfLink
    ? await context.request.get(new URL(pdfLink, baseURL).href)
    : await (async () => {
        await portal.goBack();
        const href = await portal.getByRole('link', { name: /Download the signed agreement/ }).getAttribute('href');
        return context.request.get(new URL(href!, baseURL).href);
      })();
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const bytes = await pdf.body();
  const check = await context.newPage();
  await presetConsent(check);
  await check.goto('/verify');
  await check
    .getByLabel('Signed agreement (PDF)')
    .setInputFiles({ name: 'agreement.pdf', mimeType: 'application/pdf', buffer: bytes });
  await check.getByRole('button', { name: 'Check the PDF' }).click();
  await expect(check.getByText(/It is exactly as we issued it/)).toContainText(title);
  const changed = Buffer.from(bytes);
  changed[Math.floor(changed.length / 2)] = changed[Math.floor(changed.length / 2)]! ^ 1;
  await check
    .getByLabel('Signed agreement (PDF)')
    .setInputFiles({ name: 'changed.pdf', mimeType: 'application/pdf', buffer: changed });
  await check.getByRole('button', { name: 'Check the PDF' }).click();
  await expect(check.getByText('We did not issue this PDF, or it was changed after we issued it.')).toBeVisible();
  await expectNoAxeViolations(check);
  await context.close();
});

test('the proposal page and its signing dialog pass axe, fit 375, 1280 and 1920 px, refuse a signature without consent or name, and sign once on a double click', async ({
  staffPage,
  page,
  signInClient,
}) => {
  const word = uniqueSuffix();
  const business = `Fits Co ${word}`;
  const client = await signInClient({ name: `Fay Fits ${word}`, company: business });
  const title = `A proposal with a long title that has to wrap on a phone ${word}`;
  await writeAndSend(staffPage, client.id, title, business);
  await page.goto('/portal');
  await page.getByRole('link', { name: /Review and sign/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  for (const width of [375, 1280, 1920]) {
    await resizeTo(page, width);
    expect(await layoutProblems(page), `at ${width} px`).toEqual([]);
  }
  await resizeTo(page, 1280);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Accept and sign' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page);
  // Without consent or a name, the form says so and signs nothing.
  await page.getByRole('dialog').getByRole('button', { name: 'Sign the proposal' }).click();
  await expect(page.getByText('Please agree to sign electronically')).toBeVisible();
  await expect(page.getByText('Your full name is required')).toBeVisible();
  // A double click on the button signs once.
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/accept')) posts.push(request.url());
  });
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: /sign electronically/ }).check();
  await dialog.getByLabel('Your full name').fill(`Fay Fits ${word}`);
  await dialog.getByRole('button', { name: 'Sign the proposal' }).dblclick();
  await expect(page.getByText(`Signed by Fay Fits ${word}`)).toBeVisible();
  expect(posts).toHaveLength(1);
});
