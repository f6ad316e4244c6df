/**
 * What the portal's invoice tests share (docs/product.md#invoices, #payments): an invoice staff
 * write and issue through the API, a member's own browser, the invoices page opened with its live
 * stream, a list row's link, the layout and axe check of a page at 375, 1280 and 1920 px, and a
 * client's monthly plan written straight into the end-to-end server's database, as a paid Stripe
 * Checkout of /pricing leaves one (the e2e server has no Stripe, so the portal's plan panel is
 * tested over a plan made here; a plain drizzle insert).
 */
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { format, parseISO } from 'date-fns';
import { subscriptions } from '../../../db/schema/index.ts';
import { PLAN_BILLING } from '../../../src/shared/invoices.ts';
import { expect, expectNoAxeViolations, presetConsent } from '../fixtures.ts';
import { newSession, type Database } from './data.ts';
import { layoutProblems, resizeTo } from './layout.ts';
import { openLive } from './live-pages.ts';

/** A day as the API takes it: 'YYYY-MM-DD'. */
export const day = (date: Date) => format(date, 'yyyy-MM-dd');
/** A day as the portal shows it: 'Dec 2, 2026'. */
export const shown = (iso: string) => format(parseISO(iso), 'MMM d, yyyy');

/** Staff write an invoice of two lines ($699.00) for `clientId` and issue it: its id and number. */
export async function issueInvoice(request: APIRequestContext, clientId: string, word: string) {
  const created = await request.post('/api/admin/invoices', {
    data: {
      clientId,
      items: [
        { description: `One-page website ${word}`, quantity: 1, unitPriceCents: 60_000 },
        { description: 'Domain and hosting set-up', quantity: 2, unitPriceCents: 4_950 },
      ],
      dueDate: day(new Date(Date.now() + 14 * 86_400_000)),
      notes: 'Thank you for your business.\nQuestions? Call us.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const issued = await request.post(`/api/admin/invoices/${id}/issue`);
  expect(issued.status(), await issued.text()).toBe(200);
  const { number } = (await issued.json()) as { number: string };
  return { id, number };
}

/** A page in a browser of its own, signed in as member `memberId`. */
export async function memberPage(browser: Browser, baseURL: string, database: Database, memberId: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const session = await newSession(database, 'client', memberId);
  await context.addCookies([
    { name: 'client_session', value: session.token, url: baseURL, httpOnly: true, sameSite: 'Lax' },
  ]);
  const page = await context.newPage();
  await presetConsent(page);
  return { context, page };
}

/** The link of the list's row of invoice `number` to its page (`View and pay: Invoice …`). */
export const viewAndPay = (scope: Page | Locator, number: string) =>
  scope.getByRole('link', { name: new RegExp(`^View and pay\\W+Invoice ${number}$`) });

/** Opens /portal/invoices and waits for its list. */
export async function openInvoices(page: Page) {
  await openLive(page, '/portal/invoices', 'client');
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  return page.getByRole('region', { name: 'Your invoices' });
}

/** Checks the page at 375, 1280 and 1920 px, and axe at 1280 px. */
export async function expectSound(page: Page) {
  for (const width of [375, 1280, 1920]) {
    await resizeTo(page, width);
    expect(await layoutProblems(page), `${page.url()} at ${width} px`).toEqual([]);
  }
  await resizeTo(page, 1280);
  await expectNoAxeViolations(page);
}

export interface PlanSpec {
  /** 'YYYY-MM-DD'. */
  startedOn: string;
  /** 'YYYY-MM-DD', the commitment's last day. */
  commitmentEndsOn: string;
  /** Whether the last monthly payment failed. */
  paymentFailed?: boolean;
}

/** Inserts an active $99/month Stripe plan for client `clientId`; returns its id. */
export async function insertPlan(db: Database, clientId: string, spec: PlanSpec): Promise<string> {
  const [row] = await db.write((tx) =>
    tx
      .insert(subscriptions)
      .values({
        clientId,
        provider: 'stripe',
        status: spec.paymentFailed ? 'past_due' : 'active',
        monthlyCents: PLAN_BILLING.monthlyCents,
        items: [{ description: 'Website plan', quantity: 1, unitPriceCents: PLAN_BILLING.monthlyCents }],
        startedOn: spec.startedOn,
        commitmentEndsOn: spec.commitmentEndsOn,
        stripeCustomerId: `cus_e2e${crypto.randomUUID().slice(0, 8)}`,
        paymentFailedAt: spec.paymentFailed ? new Date() : null,
      })
      .returning({ id: subscriptions.id }),
  );
  return row!.id;
}
