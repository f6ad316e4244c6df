import { subDays } from 'date-fns';
import { test, expect, expectNoAxeViolations, presetConsent } from './fixtures.ts';
import { addTeamMember, uniqueSuffix } from './support/data.ts';
import {
  day,
  expectSound,
  insertPlan,
  issueInvoice,
  memberPage,
  openInvoices,
  shown,
  viewAndPay,
} from './support/invoices.ts';
import { LIVE, clientPage } from './support/live-pages.ts';

/**
 * Invoices in the client portal (docs/product.md#invoices, #payments), staff and client side by
 * side in two browsers: staff write an invoice for a client and issue it through the API; the
 * client's owner finds it on /portal/invoices with its number and balance, opens it, reads the
 * payment instructions (the e2e server has no Stripe, so there is no `Pay now`) and downloads its
 * PDF; staff then record a payment and the open page shows it `Paid` without a reload. A `billing`
 * member sees the invoices; a `member` has no Invoices link and reads why the page is not theirs.
 * A plan's panel says a failed card, and a cancellation request states the commitment, the 30 days'
 * notice and the day it ends before it is sent, then shows it pending. Signing a proposal with a
 * deposit ends on how to pay the deposit and a link to its invoice. The pages pass axe and fit
 * 375, 1280 and 1920 px. Every test makes its own client.
 */
test.use({ viewport: { width: 1280, height: 900 } });

test.beforeEach(async ({ page, allowPageErrors }) => {
  await presetConsent(page);
  // A session check answers 401 when there is none, and updating a card 404 without Stripe:
  // Chromium logs both; the pages say them in words.
  allowPageErrors(/status of (401|404)/);
});

test('staff issue an invoice; the owner finds it, reads how to pay, downloads the PDF and sees it paid live', async ({
  staffPage,
  browser,
  signInClient,
  baseURL,
}) => {
  test.slow(); // two browsers, a PDF
  const word = uniqueSuffix();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const { client, page: portal } = await clientPage(context, signInClient, {
    name: `Dana Reyes ${word}`,
    company: `Brandywine Bakery ${word}`,
  });
  const { id, number } = await issueInvoice(staffPage.request, client.id, word);

  // The list: the number, the balance and the way in; the header links here.
  const list = await openInvoices(portal);
  await expect(portal.getByRole('banner').getByRole('link', { name: 'Invoices' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(portal.getByRole('region', { name: 'Balance due' })).toContainText('$699.00');
  const row = list.getByRole('listitem').filter({ hasText: number });
  await expect(row).toContainText('Open');
  await expect(row).toContainText('Balance$699.00');
  const stream = portal.waitForResponse((r) => r.url().endsWith('/api/client/stream') && r.status() === 200);
  await viewAndPay(row, number).click();
  await stream;

  // The invoice: its lines and totals, how to pay without Stripe, and its PDF.
  const title = portal.getByRole('heading', { level: 1, name: `Invoice ${number}` });
  await expect(title).toBeVisible();
  await expect(portal).toHaveTitle(`Invoice ${number} | Client Portal`);
  const document = portal.getByRole('article', { name: `Invoice ${number}` });
  await expect(document).toContainText(`One-page website ${word}`);
  await expect(document).toContainText('$99.00');
  await expect(document).toContainText('Balance due$699.00');
  await expect(document).not.toContainText('Tax');
  await expect(document).toContainText('Questions? Call us.');
  const pay = portal.getByRole('region', { name: 'Pay this invoice' });
  await expect(pay.getByRole('region', { name: 'How to pay' })).toContainText(/bank transfer|check/i);
  await expect(portal.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  await expect(portal.getByRole('region', { name: 'Payments' })).toContainText('No payments yet.');
  const href = await portal.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  const pdf = await context.request.get(new URL(href!, baseURL).href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Staff record the payment in the other browser: the open page shows it paid, without a reload.
  await portal.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const paid = await staffPage.request.post(`/api/admin/invoices/${id}/payments`, {
    data: { amountCents: 69_900, method: 'bank_transfer', receivedOn: day(subDays(new Date(), 1)), reference: 'TR-1' },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  await expect(title.locator('..')).toContainText('Paid', LIVE);
  await expect(pay).toHaveCount(0);
  await expect(portal.getByRole('region', { name: 'Payments' })).toContainText('Bank transfer');
  await expect(document).toContainText('Balance due$0.00');
  expect(await portal.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await context.close();
});

test('a billing member sees the invoices; a member has no Invoices link and reads why the page is not theirs', async ({
  staffPage,
  browser,
  newClient,
  database,
  baseURL,
}) => {
  const word = uniqueSuffix();
  const client = await newClient({ name: `Owner ${word}`, company: `Roles Co ${word}` });
  const { number } = await issueInvoice(staffPage.request, client.id, word);
  const bill = await addTeamMember(database, client.id, { name: `Bill Keeper ${word}`, role: 'billing' });
  const mia = await addTeamMember(database, client.id, { name: `Mia Member ${word}`, role: 'member' });

  const billing = await memberPage(browser, baseURL!, database, bill.id);
  const list = await openInvoices(billing.page);
  await expect(list.getByRole('listitem').filter({ hasText: number })).toContainText('$699.00');
  await billing.context.close();

  const member = await memberPage(browser, baseURL!, database, mia.id);
  await member.page.goto('/portal');
  await expect(member.page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await expect(member.page.getByRole('banner').getByRole('link', { name: 'Team' })).toBeVisible();
  await expect(member.page.getByRole('banner').getByRole('link', { name: 'Invoices' })).toHaveCount(0);
  await member.page.goto('/portal/invoices');
  await expect(
    member.page.getByRole('heading', { level: 1, name: 'This page is not part of your role' }),
  ).toBeVisible();
  await expect(member.page.getByText('Your role on the team is member')).toBeVisible();
  await expect(member.page.getByText(number)).toHaveCount(0);
  const answer = await member.context.request.get('/api/client/invoices');
  expect(answer.status()).toBe(403);
  await member.context.close();
});

test('the plan says a failed card; a cancellation request states when it ends before it is sent, then shows it pending', async ({
  page,
  signInClient,
  database,
}) => {
  const word = uniqueSuffix();
  const client = await signInClient({ name: `Plan Owner ${word}`, company: `Plan Co ${word}` });
  const startedOn = day(subDays(new Date(), 40));
  const commitmentEndsOn = day(subDays(new Date(Date.now() + 365 * 86_400_000), 41));
  await insertPlan(database, client.id, { startedOn, commitmentEndsOn, paymentFailed: true });
  await openInvoices(page);
  const plan = page.getByRole('region', { name: 'Your plan' });
  await expect(plan).toContainText('$99/month');
  await expect(plan).toContainText(`Started${shown(startedOn)}`);
  await expect(plan).toContainText(`Commitment ends${shown(commitmentEndsOn)}`);
  await expect(plan).toContainText('Payment failed — update your card');
  // Without Stripe there is no billing portal: the button says so and the page stays.
  await plan.getByRole('button', { name: 'Update your card' }).click();
  await expect(plan.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/portal\/invoices$/);

  await plan.getByRole('button', { name: 'Request cancellation…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request cancellation' });
  await expect(dialog).toContainText(`12-month commitment that ends on ${shown(commitmentEndsOn)}`);
  await expect(dialog).toContainText('30 days’ notice');
  await expect(dialog).toContainText(`your plan ends on ${shown(commitmentEndsOn)}`);
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Reason (optional)').fill('We are closing the shop.');
  await dialog.getByRole('button', { name: 'Send the request' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(plan).toContainText('pending confirmation by our team');
  await expect(plan).toContainText(`Your plan ends on ${shown(commitmentEndsOn)}`);
  await expect(plan.getByRole('button', { name: 'Request cancellation…' })).toHaveCount(0);
});

test('the invoices page and an invoice pass axe and fit 375, 1280 and 1920 px', async ({
  page,
  staffPage,
  signInClient,
  database,
}) => {
  const word = uniqueSuffix();
  const client = await signInClient({
    name: `Maximiliana Wolfe ${word.slice(-6)}`,
    company: `A Bakery With A Rather Long Name ${word}`,
  });
  await insertPlan(database, client.id, {
    startedOn: day(subDays(new Date(), 40)),
    commitmentEndsOn: day(new Date(Date.now() + 320 * 86_400_000)),
  });
  const { number } = await issueInvoice(staffPage.request, client.id, word);
  await openInvoices(page);
  await expect(page.getByRole('heading', { level: 3, name: `Invoice ${number}` })).toBeVisible();
  await expectSound(page);
  await viewAndPay(page, number).click();
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible();
  await expectSound(page);
});

test('signing a proposal with a deposit ends on how to pay it and a link to the deposit invoice', async ({
  staffPage,
  page,
  signInClient,
}) => {
  const word = uniqueSuffix();
  const client = await signInClient({ name: `Dee Posit ${word}`, company: `Deposit Co ${word}` });
  const created = await staffPage.request.post('/api/admin/proposals', {
    data: {
      clientId: client.id,
      title: `Website with a deposit ${word}`,
      items: [{ description: 'Five-page website', quantity: 1, unitPriceCents: 80_000 }],
      depositPercent: 50,
      validUntil: day(new Date(Date.now() + 20 * 86_400_000)),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const sent = await staffPage.request.post(`/api/admin/proposals/${id}/send`);
  expect(sent.status(), await sent.text()).toBe(200);

  await page.goto(`/portal/proposals/${id}`);
  await page.getByRole('button', { name: 'Accept and sign' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox', { name: /sign electronically/ }).check();
  await dialog.getByLabel('Your full name').fill(`Dee Posit ${word}`);
  await dialog.getByRole('button', { name: 'Sign the proposal' }).click();
  const signed = page.getByRole('region', { name: 'Signed' });
  await expect(signed).toContainText(`Signed by Dee Posit ${word}`);
  await expect(signed.getByRole('heading', { name: 'Deposit due: $400.00' })).toBeVisible();
  await expect(signed.getByRole('region', { name: 'How to pay the deposit' })).toContainText(/bank transfer|check/i);
  await expect(signed.getByRole('button', { name: 'Pay the deposit now' })).toHaveCount(0);
  await signed.getByRole('link', { name: 'View the deposit invoice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Invoice INV-/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pay this invoice' })).toContainText('$400.00');
});
