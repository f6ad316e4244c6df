import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  STAFF_EMAIL,
  test,
  expect,
  expectNoAxeViolations,
  presetConsent,
  sentMails,
  waitForIsland,
} from './fixtures.ts';
import { staffUser } from './support/data.ts';

/**
 * Booking a call (docs/product.md#bookings): from the landing page's contact section ('Book a
 * call' beside 'Send a message', its code fetched only when chosen), by keyboard alone, in the
 * visitor's zone; two visitors after the same time; and the manage page of the emailed link
 * (/booking#token): reschedule, a time taken meanwhile, cancel. The e2e server has no
 * MEETING_URL, so the host calls and a phone number is asked for. Each test books on its own
 * day of the list (DAY), so tests running side by side never reach for the same time; a time is
 * taken only once every host is busy then, so `fillSlot` books it until the server says 409.
 */
test.use({ timezoneId: 'Europe/Paris' });

const DAY = { keyboard: 0, race: 1, manage: 2, moveTo: 3, phone: 4, taken: 5, project: 6 } as const;

interface Slot {
  start: string;
  end: string;
}

test.beforeEach(async ({ page, database }) => {
  // A staff member to host the meetings (the default hours: weekdays 9 to 5 in New York).
  await staffUser(database, STAFF_EMAIL);
  await presetConsent(page);
  // The page's clock runs 10 minutes behind the server's, so a form looks filled by a person.
  await page.clock.install({ time: Date.now() - 10 * 60_000 });
});

/** Every request of `page` to another host than the site's. */
function foreignRequests(page: Page, baseURL: string): string[] {
  const foreign: string[] = [];
  const origin = new URL(baseURL).origin;
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) foreign.push(r.url());
  });
  return foreign;
}

/** Presses Tab until `target` has the focus (at most 40 times). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the target');
}

/** The free consultation's slots, days in Europe/Paris, as the API lists them. */
async function slotDays(request: APIRequestContext): Promise<Slot[][]> {
  const from = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const res = await request.get(`/api/bookings/slots?type=consultation&from=${from}&days=30`);
  expect(res.status()).toBe(200);
  const { slots } = (await res.json()) as { slots: Slot[] };
  const byDay = new Map<string, Slot[]>();
  for (const s of slots) {
    const key = new Date(s.start).toLocaleDateString('en-CA', { timeZone: 'Europe/Paris' });
    byDay.set(key, [...(byDay.get(key) ?? []), s]);
  }
  return [...byDay.values()];
}

/** Books `start` through the API as a guest; the status and body. */
async function bookByApi(request: APIRequestContext, start: string, email: string) {
  const res = await request.post('/api/bookings', {
    data: { type: 'consultation', start, name: 'Api Guest', email, phone: '+1 302 555 0100', startedAt: 0 },
  });
  return { status: res.status(), body: (await res.json()) as { slots?: Slot[] } };
}

/** Books `start` until every host is busy then: the server answers 409 slot_taken. */
async function fillSlot(request: APIRequestContext, start: string): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const { status } = await bookByApi(request, start, `filler-${Date.now()}-${i}@example.com`);
    if (status === 409) return;
    expect(status).toBe(201);
  }
  throw new Error('the slot never filled');
}

/** The manage link of the last booking email sent to the guest `email`. */
async function manageLink(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mail =
          sentMails()
            .filter((m) => m.includes(`To: ${email}`) && /\/booking#/.test(m))
            .at(-1) ?? '';
        link = /https?:\/\/[^\s"<>]+\/booking#[\w-]+/.exec(mail)?.[0] ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}

/** Opens the contact section's 'Book a call' tab with the mouse; the booking screen, loaded. */
async function openBookingTab(page: Page): Promise<Locator> {
  await page.goto('/#contact');
  await waitForIsland(page, 'contact-form');
  await page.getByRole('tab', { name: 'Book a call' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Book a call' });
  await expect(panel.getByRole('radiogroup', { name: 'Day' })).toBeVisible();
  return panel;
}

/** Picks the `day`-th day and its first time with the mouse; returns the time's label. */
async function pickSlot(panel: Locator, day: number): Promise<string> {
  await panel.getByRole('radiogroup', { name: 'Day' }).getByRole('radio').nth(day).click();
  const time = panel
    .getByRole('radiogroup', { name: /^Time on/ })
    .getByRole('radio')
    .first();
  await time.click();
  await expect(time).toHaveAttribute('aria-checked', 'true');
  return (await time.textContent())!;
}

test('a visitor books a free consultation from the landing page by keyboard alone, and the emailed link shows it', async ({
  page,
  baseURL,
}) => {
  const foreign = foreignRequests(page, baseURL!);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
  await page.goto('/');
  await page.getByRole('link', { name: 'Get a Free Consultation' }).first().focus();
  await page.keyboard.press('Enter');
  await waitForIsland(page, 'contact-form');
  // The booking screen's code is not fetched until its tab is chosen.
  expect(scripts.filter((s) => s.includes('booking-screen'))).toEqual([]);

  const messageTab = page.getByRole('tab', { name: 'Send a message' });
  await messageTab.focus();
  await expect(messageTab).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Book a call' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Book a call' });
  await expect(panel.getByText('Times in Europe/Paris · our office is in America/New_York')).toBeVisible();
  expect(scripts.some((s) => s.includes('booking-screen'))).toBe(true);

  const days = panel.getByRole('radiogroup', { name: 'Day' });
  await tabTo(page, days);
  for (let i = 0; i < DAY.keyboard; i++) await page.keyboard.press('ArrowRight');
  const times = panel.getByRole('radiogroup', { name: /^Time on/ });
  await tabTo(page, times);
  await page.keyboard.press('Space');
  const chosen = times.getByRole('radio', { checked: true });
  const time = (await chosen.textContent())!;
  await tabTo(page, panel.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');

  const form = panel.getByRole('form', { name: 'Book a call' });
  const email = `keys-${Date.now()}@example.com`;
  for (const [label, value] of [
    ['Name *', 'Kim Keys'],
    ['Email *', email],
    ['Phone *', '+1 302 555 0111'],
    ['What would you like to talk about? (optional)', 'A site for our bakery'],
  ] as const) {
    await tabTo(page, form.getByLabel(label));
    await page.keyboard.type(value);
  }
  await tabTo(page, form.getByRole('button', { name: 'Book the call' }));
  await page.keyboard.press('Enter');

  const booked = panel.getByRole('status').filter({ hasText: "You're booked" });
  await expect(booked).toBeVisible();
  await expect(booked).toContainText(time);
  await expect(booked).toContainText(`We sent a calendar invitation to ${email}`);

  await page.goto(await manageLink(email));
  await expect(page.getByRole('heading', { level: 1, name: 'Your meeting' })).toBeVisible();
  await expect(page.getByText('Free consultation (30 min)')).toBeVisible();
  await expect(page.getByText(time, { exact: false })).toBeVisible();
  await expect(page.getByText('We will call you on +1 302 555 0111')).toBeVisible();
  expect(foreign).toEqual([]);
});

test('/#book-a-call opens the page on the Book a call tab, and a link to it on the page chooses that tab', async ({
  page,
}) => {
  await page.goto('/#book-a-call');
  await waitForIsland(page, 'contact-form');
  await expect(page.getByRole('tab', { name: 'Book a call' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Book a call' });
  await expect(panel.getByRole('radiogroup', { name: 'Day' })).toBeVisible();
  await expect(panel).toBeInViewport();
  // Back on the message tab, a link to #book-a-call chooses the call tab again.
  await page.getByRole('tab', { name: 'Send a message' }).click();
  await page.evaluate(() => {
    window.location.hash = 'contact';
    window.location.hash = 'book-a-call';
  });
  await expect(page.getByRole('tab', { name: 'Book a call' })).toHaveAttribute('aria-selected', 'true');
});

test('with no free time in the dates shown, Book a call offers the message form instead, by keyboard', async ({
  page,
}) => {
  // As a new agency whose staff have not signed in yet (nobody hosts) would answer: no slots.
  await page.route('**/api/bookings/slots?*', (route) =>
    route.fulfill({
      json: { timeZone: 'America/New_York', type: 'consultation', minutes: 30, phoneRequired: true, slots: [] },
    }),
  );
  await page.goto('/#book-a-call');
  await waitForIsland(page, 'contact-form');
  const panel = page.getByRole('tabpanel', { name: 'Book a call' });
  await expect(panel).toContainText('No free times in these dates.');
  await expect(panel).toContainText('Send us a message instead and we will find a time with you.');
  for (const width of [375, 1280, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`no-free-time-${width}.png`) });
  }
  const instead = panel.getByRole('button', { name: 'Send a message' });
  await tabTo(page, instead);
  await page.keyboard.press('Enter');
  const messageTab = page.getByRole('tab', { name: 'Send a message' });
  await expect(messageTab).toHaveAttribute('aria-selected', 'true');
  await expect(messageTab).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Send a message' }).getByLabel('Name *')).toBeVisible();
});

test('the booking tab and the manage page pass axe', async ({ page, request, allowPageErrors }) => {
  allowPageErrors(/404/); // the link that is not valid
  test.slow(); // five sweeps, two of the whole landing page
  const panel = await openBookingTab(page);
  await expectNoAxeViolations(page, { soft: true });
  await pickSlot(panel, DAY.phone);
  await panel.getByRole('button', { name: 'Continue' }).click();
  await expect(panel.getByRole('form', { name: 'Book a call' })).toBeVisible();
  await expectNoAxeViolations(page, { soft: true });

  const days = await slotDays(request);
  const email = `axe-${Date.now()}@example.com`;
  expect((await bookByApi(request, days[DAY.phone]!.at(-1)!.start, email)).status).toBe(201);
  await page.goto(await manageLink(email));
  await expect(page.getByRole('heading', { level: 1, name: 'Your meeting' })).toBeVisible();
  await expectNoAxeViolations(page, { soft: true });
  await page.getByRole('button', { name: 'Reschedule' }).click();
  await expect(page.getByRole('radiogroup', { name: 'Day' })).toBeVisible();
  await expectNoAxeViolations(page, { soft: true });
  await page.goto('/booking#not-a-real-token-at-all');
  await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('two visitors pick the same time: one is booked, the other is told it was taken and books one of the times offered', async ({
  browser,
  page,
  request,
  allowPageErrors,
}) => {
  const other = await browser.newContext({ timezoneId: 'Europe/Paris' });
  const second = await other.newPage();
  await presetConsent(second);
  await second.clock.install({ time: Date.now() - 10 * 60_000 });
  const secondErrors: string[] = [];
  second.on('console', (m) => m.type() === 'error' && !/409/.test(m.text()) && secondErrors.push(m.text()));
  allowPageErrors(/409/);

  const [a, b] = [await openBookingTab(page), await openBookingTab(second)];
  const time = await pickSlot(a, DAY.race);
  expect(await pickSlot(b, DAY.race)).toBe(time);
  for (const [panel, name] of [
    [a, 'Ann First'],
    [b, 'Bo Second'],
  ] as const) {
    await panel.getByRole('button', { name: 'Continue' }).click();
    const form = panel.getByRole('form', { name: 'Book a call' });
    await form.getByLabel('Name *').fill(name);
    await form.getByLabel('Email *').fill(`${name.split(' ')[0]!.toLowerCase()}-${Date.now()}@example.com`);
    await form.getByLabel('Phone *').fill('+1 302 555 0122');
  }
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/bookings') && r.request().method() === 'POST');
  await a.getByRole('button', { name: 'Book the call' }).click();
  const { start } = (await (await sent).json()) as Slot;
  await expect(a.getByRole('status').filter({ hasText: "You're booked" })).toContainText(time);
  // Every other host's time then is taken too, so none is left for the second visitor.
  await fillSlot(request, start);

  await b.getByRole('button', { name: 'Book the call' }).click();
  await expect(b.getByRole('alert')).toHaveText('Sorry, that time was just taken. Please choose another.');
  const offered = b.getByRole('radiogroup', { name: 'Free times' }).getByRole('radio');
  await expect(offered.first()).toBeVisible();
  await expect(b.getByLabel('Name *')).toHaveValue('Bo Second');
  const instead = (await offered.first().textContent())!;
  await offered.first().click();
  await b.getByRole('button', { name: 'Book the call' }).click();
  await expect(b.getByRole('status').filter({ hasText: "You're booked" })).toContainText(instead.split(', ').at(-1)!);
  expect(secondErrors).toEqual([]);
  await other.close();
});

test('the manage page moves the meeting, keeps its time when the new one was taken meanwhile, and cancels it', async ({
  page,
  request,
  baseURL,
  allowPageErrors,
}) => {
  allowPageErrors(/409/);
  const foreign = foreignRequests(page, baseURL!);
  const days = await slotDays(request);
  const email = `manage-${Date.now()}@example.com`;
  expect((await bookByApi(request, days[DAY.manage]![0]!.start, email)).status).toBe(201);
  const link = await manageLink(email);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Your meeting' })).toBeVisible();
  await expect(page.getByText('Times in Europe/Paris · our office is in America/New_York')).toBeVisible();

  // A new time.
  await page.getByRole('button', { name: 'Reschedule' }).click();
  await page.getByRole('radiogroup', { name: 'Day' }).getByRole('radio').nth(DAY.moveTo).click();
  const time = page
    .getByRole('radiogroup', { name: /^Time on/ })
    .getByRole('radio')
    .first();
  const label = (await time.textContent())!;
  await time.click();
  await page.getByRole('button', { name: /^Move to/ }).click();
  await expect(page.getByRole('status')).toContainText('Your meeting was moved to');
  await expect(page.getByRole('status')).toContainText(label);
  await page.screenshot({ path: test.info().outputPath('manage.png'), fullPage: true });

  // A time taken while the page was open: the meeting keeps the one it has.
  await page.getByRole('button', { name: 'Reschedule' }).click();
  const takenDay = days[DAY.taken]!;
  await page.getByRole('radiogroup', { name: 'Day' }).getByRole('radio').nth(DAY.taken).click();
  await page
    .getByRole('radiogroup', { name: /^Time on/ })
    .getByRole('radio')
    .first()
    .click();
  await fillSlot(request, takenDay[0]!.start);
  await page.getByRole('button', { name: /^Move to/ }).click();
  await expect(page.getByRole('alert')).toHaveText('Sorry, that time was just taken. Please choose another.');
  await expect(page.getByRole('radiogroup', { name: 'Free times' }).getByRole('radio').first()).toBeVisible();
  await page.getByRole('button', { name: 'Keep the current time' }).click();
  await expect(page.locator('dd').filter({ hasText: label })).toBeVisible();

  // Cancelled, after a confirmation step with a reason; a reload (the token stays after #) says so.
  await page.getByRole('button', { name: 'Cancel meeting' }).click();
  await expect(page.getByRole('heading', { name: 'Cancel this meeting?' })).toBeVisible();
  await page.getByLabel('Reason (optional)').fill('Found another date');
  await page.getByRole('button', { name: 'Cancel meeting' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'This meeting was cancelled' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
  expect(page.url()).toBe(link);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'This meeting was cancelled' })).toBeVisible();
  expect(foreign).toEqual([]);
});

test("a client books a project meeting from the project's page in the portal", async ({ page, signInClient }) => {
  const client = await signInClient({ projects: [{ title: 'Bakery website redesign' }] });
  await page.goto(`/portal/projects/${client.projects[0]!.id}`);
  await page.getByRole('button', { name: 'Book a project meeting' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a project meeting' });
  await expect(dialog.getByText('Project meeting · 45 min')).toBeVisible();
  await dialog.getByRole('radiogroup', { name: 'Day' }).getByRole('radio').nth(DAY.project).click();
  const time = dialog
    .getByRole('radiogroup', { name: /^Time on/ })
    .getByRole('radio')
    .first();
  const label = (await time.textContent())!;
  await time.click();
  await dialog.getByLabel('Phone *').fill('+1 302 555 0133');
  await dialog.getByLabel('What would you like to talk about? (optional)').fill('The launch date');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/bookings') && r.method() === 'POST');
  await dialog.getByRole('button', { name: /^Book / }).click();
  expect((await sent).postDataJSON()).toMatchObject({ type: 'project', projectId: client.projects[0]!.id });
  await expect(dialog.getByRole('status')).toContainText("You're booked");
  await expect(dialog.getByRole('status')).toContainText(label);
  await expectNoAxeViolations(page);
});

for (const width of [375, 1280, 1920]) {
  test(`${width === 375 ? '@phone ' : ''}at ${width} px the tabs and the booking screen fit, nothing overflowing`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const panel = await openBookingTab(page);
    for (const tab of await page.getByRole('tab').all()) {
      // One line each: no label wraps.
      expect((await tab.boundingBox())!.height).toBeLessThan(48);
    }
    await pickSlot(panel, 0);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await page.locator('#contact').screenshot({ path: test.info().outputPath(`booking-${width}.png`) });
    await panel.getByRole('button', { name: 'Continue' }).click();
    expect(await fits()).toBe(true);
  });
}
