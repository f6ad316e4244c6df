import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { TZDate } from '@date-fns/tz';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { bookings, staffAvailability, users } from '../../db/schema/index.ts';
import { E2E_ADMIN_EMAILS } from '../../scripts/e2e-env.mjs';
import { DEFAULT_AVAILABILITY, type SlotJson, type SlotsJson } from '../../src/shared/bookings.ts';
import { dayOf, timeOf, timeRange, todayIn, weekOf } from '../../src/islands/admin/bookings-week.ts';
import { addSessionCookie, test, expect, expectNoAxeViolations, presetConsent } from './fixtures.ts';
import { newSession, staffUser, uniqueSuffix, type Database } from './support/data.ts';
import { layoutProblems, resizeTo } from './support/layout.ts';
import { LIVE, openLive } from './support/live-pages.ts';

/**
 * The Bookings tab of the dashboard (docs/product.md#bookings): a staff member sets their
 * availability by keyboard (a field error first, then saved and still there after a reload); a
 * consultation booked through the public API shows at once in two staff members' open week
 * views; one moves it with a message (a time that is no slot is refused in the dialog), the other
 * cancels it after confirming, and each sees the other's change live; the host's calendar feed
 * answers text/calendar with the meeting's SUMMARY, a new link retires the old one and 'Turn off'
 * makes it 404; an owner removes a staff member by keyboard and a meeting nobody could take over
 * shows 'No host' live in a colleague's week. The week view and the form pass axe and fit 375, 1280 and 1920 px (screenshots in
 * /tmp/shots-bookings/). The tests share the two staff members, so they run one after another.
 */
test.describe.configure({ mode: 'default' });
test.use({ viewport: { width: 1280, height: 900 } });

const SHOTS = '/tmp/shots-bookings';

test.beforeEach(async ({ page, allowPageErrors }) => {
  await presetConsent(page);
  allowPageErrors(/status of 401/);
  // Refusals the page says in words: a form's field errors, a time that is no slot.
  allowPageErrors(/status of 4(09|22)/);
});

/** A page of its own browser, signed in as staff member `email`. */
async function staffBrowserPage(browser: Browser, database: Database, baseURL: string, email: string) {
  const user = await staffUser(database, email);
  const session = await newSession(database, 'staff', user.id);
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await addSessionCookie(context, baseURL, 'admin_session', session);
  const page = await context.newPage();
  await presetConsent(page);
  return { context, page };
}

/** The free consultation slots from today, and the agency's zone. */
async function consultationSlots(request: APIRequestContext, days = 21): Promise<SlotsJson> {
  const answer = await request.get(`/api/bookings/slots?type=consultation&days=${days}&from=${todayIn('UTC')}`);
  expect(answer.status()).toBe(200);
  const slots = (await answer.json()) as SlotsJson;
  expect(slots.slots.length, 'free consultation slots').toBeGreaterThan(0);
  return slots;
}

/**
 * Books a free consultation for `name` at one of `candidates` (default: every free slot), a random
 * one, tried in turn while the time was just taken.
 */
async function bookConsultation(request: APIRequestContext, name: string, candidates?: SlotJson[]) {
  const { slots, timeZone } = await consultationSlots(request);
  const order = [...(candidates ?? slots)].sort(() => Math.random() - 0.5);
  for (const slot of order.slice(0, 6)) {
    const answer = await request.post('/api/bookings', {
      data: {
        type: 'consultation',
        start: slot.start,
        name,
        email: `guest-${uniqueSuffix()}@example.com`,
        phone: '+1 302 555 0100',
        topic: 'A new shop site',
      },
    });
    if (answer.status() === 409) continue;
    expect(answer.status(), await answer.text()).toBe(201);
    return { booking: (await answer.json()) as Booked, timeZone, slots };
  }
  throw new Error('No free slot could be booked');
}

/** What POST /api/bookings answers. */
interface Booked {
  id: string;
  start: string;
  end: string;
}

/** The Monday of the week of `date` (any zone: it is a calendar date). */
const mondayOf = (date: string) => weekOf(date, 'UTC');

/** The card of `name`'s booking on `page`. */
const cardOf = (page: Page, name: string) => page.getByRole('article', { name: new RegExp(name) });

/** Checks the layout at 375, 1280 and 1920 px and takes a screenshot of each, once `ready` shows. */
async function checkWidths(page: Page, name: string, ready: Locator, part: Locator = ready) {
  mkdirSync(SHOTS, { recursive: true });
  await expect(ready).toBeVisible();
  for (const width of [375, 1280, 1920]) {
    await resizeTo(page, width);
    expect(await layoutProblems(page), `${name} at ${width} px`).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    await part.screenshot({ path: `${SHOTS}/${name}-${width}-part.png` });
  }
  await resizeTo(page, 1280);
}

test('staff set their own availability by keyboard, and it is kept after a reload', async ({ staffPage: page }) => {
  test.slow();
  await openLive(page, '/admin#bookings', 'admin');
  const form = page.getByRole('region', { name: 'My availability' });
  await expect(form.getByRole('group', { name: 'Weekly hours' })).toBeVisible();
  await expect(form.getByLabel('From, Monday')).toHaveValue('09:00');

  // Saturday gets hours, first ending before they start: the schema's message shows.
  await form.getByRole('button', { name: 'Add hours on Saturday' }).focus();
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('From, Saturday')).toBeFocused();
  await form.getByLabel('From, Saturday').fill('12:00');
  // Tab steps through a time field's hours, minutes and AM/PM first; the next field comes after them.
  const to = form.getByLabel('To, Saturday');
  for (let i = 0; i < 4 && !(await to.evaluate((e) => e === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(to).toBeFocused();
  await form.getByLabel('To, Saturday').fill('10:00');
  await form.getByRole('button', { name: 'Save availability' }).focus();
  await page.keyboard.press('Enter');
  await expect(form.getByText('Each interval must end after it starts')).toBeVisible();
  await form.getByLabel('From, Saturday').fill('10:00');
  await form.getByLabel('To, Saturday').fill('12:30');

  // Buffer, notice, horizon, and a day off.
  for (const [label, value] of [
    ['Buffer (minutes)', '10'],
    ['Minimum notice (hours)', '4'],
    ['Bookable ahead (days)', '45'],
  ] as const) {
    await form.getByLabel(label).focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(value);
  }
  await form.getByRole('button', { name: 'Add a day off' }).focus();
  await page.keyboard.press('Enter');
  await expect(form.getByLabel('Day off 1')).toBeFocused();
  await form.getByLabel('Day off 1').fill('2030-12-24');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Save availability' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Availability saved').first()).toBeVisible();

  await page.reload();
  await expect(form.getByLabel('From, Saturday')).toHaveValue('10:00');
  await expect(form.getByLabel('To, Saturday')).toHaveValue('12:30');
  await expect(form.getByLabel('Buffer (minutes)')).toHaveValue('10');
  await expect(form.getByLabel('Minimum notice (hours)')).toHaveValue('4');
  await expect(form.getByLabel('Bookable ahead (days)')).toHaveValue('45');
  await expect(form.getByLabel('Day off 1')).toHaveValue('2030-12-24');

  // Removing hours by keyboard puts focus on the day's add button.
  await form.getByRole('button', { name: 'Remove hours, Saturday' }).focus();
  await page.keyboard.press('Enter');
  await expect(form.getByRole('button', { name: 'Add hours on Saturday' })).toBeFocused();
  await checkWidths(page, 'availability', form);

  // Back to the defaults, for the other tests' slots.
  const reset = await page.request.put('/api/admin/availability', { data: DEFAULT_AVAILABILITY });
  expect(reset.status()).toBe(200);
});

test('a booking shows live in two week views; one staff member moves it, the other cancels it', async ({
  browser,
  database,
  baseURL,
  request,
}) => {
  test.slow();
  const name = `Gina Guest ${uniqueSuffix()}`;
  // Both staff members are signed in first: staff who have signed in host the calls.
  const a = await staffBrowserPage(browser, database, baseURL!, E2E_ADMIN_EMAILS[0]!);
  const b = await staffBrowserPage(browser, database, baseURL!, E2E_ADMIN_EMAILS[1]!);
  try {
    const { slots, timeZone } = await consultationSlots(request);
    // The first week with free slots on two days or more (the move goes to another day), one of
    // them with slots over 4 hours or more (the booking and a full time 2 hours apart on it, so
    // any slot of another day is clear of both): both pages show it before the booking is made.
    const weekOfSlot = (s: SlotJson) => mondayOf(dayOf(s.start, timeZone));
    const slotsOn = (day: string) => slots.filter((s) => dayOf(s.start, timeZone) === day);
    const spanOf = (day: string) => Date.parse(slotsOn(day).at(-1)!.start) - Date.parse(slotsOn(day)[0]!.start);
    const daysOf = (monday: string) => [
      ...new Set(slots.filter((s) => weekOfSlot(s) === monday).map((s) => dayOf(s.start, timeZone))),
    ];
    const week = slots
      .map(weekOfSlot)
      .find((monday) => daysOf(monday).length >= 2 && daysOf(monday).some((day) => spanOf(day) >= 4 * 3_600_000))!;
    expect(week, 'a week with free slots on two days, one of them over 4 hours').toBeDefined();
    const inWeek = slots.filter((s) => weekOfSlot(s) === week);
    const bookingDay = daysOf(week).find((day) => spanOf(day) >= 4 * 3_600_000)!;
    await openLive(a.page, `/admin#bookings?week=${week}`, 'admin');
    await openLive(b.page, `/admin#bookings?week=${week}`, 'admin');
    await expect(a.page.getByRole('heading', { name: /^Week of / })).toBeVisible();

    // Booked on the site: both open week views show it without a reload.
    const { booking } = await bookConsultation(request, name, slotsOn(bookingDay));
    const cardA = cardOf(a.page, name);
    const cardB = cardOf(b.page, name);
    await expect(cardA).toContainText(timeRange(booking.start, booking.end, timeZone), LIVE);
    await expect(cardB).toBeVisible(LIVE);
    await expect(cardA).toContainText('Free consultation');
    await expect(cardA).toContainText(/With (Owner|Staff)/);
    await expect(cardA).toContainText('A new shop site');
    await expect(cardA.getByRole('link', { name: /Open lead/ })).toHaveAttribute('href', /^#lead\//);
    await checkWidths(a.page, 'week', cardA, a.page.getByRole('region', { name: /^Week of / }));

    // B moves it: a time that is no slot is refused in the dialog, which stays open.
    await cardB.getByRole('button', { name: /^Move/ }).click();
    const move = b.page.getByRole('dialog', { name: 'Move the call' });
    await move.getByLabel('New time').fill('03:00');
    await move.getByRole('button', { name: 'Move booking' }).click();
    await expect(move.getByRole('alert')).toContainText('That time is not available');
    await expect(move).toBeVisible();
    await b.page.screenshot({ path: `${SHOTS}/move-dialog-refused.png` });
    // A time both staff members were just booked at: refused (taken), the dialog stays open.
    const full = pickOtherSlot(slotsOn(bookingDay), [booking]);
    await bookConsultation(request, `Fay Full ${uniqueSuffix()}`, [full]);
    await bookConsultation(request, `Flo Full ${uniqueSuffix()}`, [full]);
    await move.getByLabel('New date').fill(dayOf(full.start, timeZone));
    await move.getByLabel('New time').fill(timeOf(full.start, timeZone));
    await move.getByRole('button', { name: 'Move booking' }).click();
    await expect(move.getByRole('alert')).toContainText('that time was just taken');
    await expect(move).toBeVisible();
    // The refusal offers the next free times; choosing one fills in the date and time.
    const offered = move.getByRole('radiogroup', { name: 'Free times' }).getByRole('radio');
    await expect(offered.first()).toBeVisible();
    await offered.first().click();
    await expect(offered.first()).toBeChecked();
    await expect(move.getByLabel('New time')).not.toHaveValue(timeOf(full.start, timeZone));
    await b.page.screenshot({ path: `${SHOTS}/move-dialog-offered.png` });
    // Another day: the card moves to that day's column and gets the focus, even when the live
    // stream moves it there before the answer arrives (the dialog stays open meanwhile).
    const otherDay = inWeek.filter((s) => dayOf(s.start, timeZone) !== dayOf(booking.start, timeZone));
    const target = pickOtherSlot(otherDay, [booking, full]);
    const moveUrl = `**/api/admin/bookings/${booking.id}/move`;
    await b.page.route(moveUrl, async (route) => {
      const answer = await route.fetch();
      // By id: the open dialog hides the page from the accessibility tree.
      await expect(b.page.locator(`#booking-${booking.id}`)).toContainText(timeRangeOf(target, timeZone), LIVE);
      await expect(move).toBeVisible();
      await route.fulfill({ response: answer });
    });
    await move.getByLabel('New date').fill(dayOf(target.start, timeZone));
    await move.getByLabel('New time').fill(timeOf(target.start, timeZone));
    await move.getByLabel('Message to the guest (optional)').fill('Sorry, something came up. See you then!');
    await move.getByRole('button', { name: 'Move booking' }).click();
    await expect(move).toBeHidden();
    await b.page.unroute(moveUrl);
    await expect(b.page.getByText(/^Moved to /).first()).toBeVisible();
    await expect(cardB).toContainText(timeRangeOf(target, timeZone));
    await expect(cardB).toBeFocused();
    await expect(cardA).toContainText(timeRangeOf(target, timeZone), LIVE);

    // A cancels it, after confirming; B sees it struck through as Cancelled.
    await cardA.getByRole('button', { name: /^Cancel/ }).click();
    const confirm = a.page.getByRole('dialog', { name: 'Cancel this call?' });
    await confirm.getByLabel('Message to the guest (optional)').fill('We have to cancel, sorry.');
    await confirm.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(confirm).toBeHidden();
    await expect(cardA).toContainText('Cancelled');
    await expect(cardA).toBeFocused();
    await expect(cardB).toContainText('Cancelled', LIVE);
    await expect(cardB.getByRole('button', { name: /^Move/ })).toHaveCount(0);
    await expectNoAxeViolations(b.page);
    await b.page.getByRole('region', { name: /^Week of / }).screenshot({ path: `${SHOTS}/week-cancelled.png` });
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

/** The time range of a moved 30-minute consultation at `slot`. */
const timeRangeOf = (slot: SlotJson, timeZone: string) => timeRange(slot.start, slot.end, timeZone);

/** A free slot of `slots` at least 2 hours from each of `taken` (clear of their buffers). */
function pickOtherSlot(slots: SlotJson[], taken: { start: string }[]): SlotJson {
  const far = (s: SlotJson) => taken.every((t) => Math.abs(Date.parse(s.start) - Date.parse(t.start)) >= 2 * 3_600_000);
  const target = slots.find(far);
  if (!target) throw new Error('No other free slot in the week');
  return target;
}

test('the calendar feed answers the host’s meetings; a new link retires the old one, and Turn off ends it', async ({
  staffPage,
  browser,
  database,
  baseURL,
  request,
}) => {
  const name = `Fern Feed ${uniqueSuffix().slice(0, 6)}`;
  const { booking, timeZone } = await bookConsultation(request, name);
  // Whose meeting it is: the staff list names its host.
  const date = dayOf(booking.start, timeZone);
  const listed = await staffPage.request.get(`/api/admin/bookings?from=${date}&to=${date}`);
  const { items } = (await listed.json()) as { items: { id: string; hostName: string }[] };
  const hostName = items.find((item) => item.id === booking.id)!.hostName;
  const hostEmail = E2E_ADMIN_EMAILS.find((email) => hostName.toLowerCase() === email.split('@')[0])!;
  const host = await staffBrowserPage(browser, database, baseURL!, hostEmail);
  try {
    const { page } = host;
    await openLive(page, `/admin#bookings?week=${dayOf(booking.start, timeZone)}`, 'admin');
    await expect(cardOf(page, name)).toContainText(`With ${hostName}`);
    const feed = page.getByRole('region', { name: 'Calendar feed' });
    await expect(feed).toContainText('Other calendars → From URL');
    const create = feed.getByRole('button', { name: 'Create feed link' });
    if (!(await create.isVisible())) {
      await feed.getByRole('button', { name: 'Turn off' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Turn off' }).click();
    }
    await feed.getByRole('button', { name: 'Create feed link' }).click();
    const link = feed.getByLabel('Your feed link');
    await expect(link).toBeFocused();
    const url = await link.inputValue();
    const ics = await request.get(url);
    expect(ics.status()).toBe(200);
    expect(ics.headers()['content-type']).toMatch(/^text\/calendar/);
    const text = (await ics.text()).replace(/\r\n[ \t]/g, '');
    expect(text).toContain(`SUMMARY:Free consultation with ${name}`);

    // After a reload the link is not shown again; a new one retires it.
    await page.reload();
    await expect(feed).toContainText('Your feed is on (created');
    await feed.getByRole('button', { name: 'Create a new link' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Create a new link' }).click();
    await expect(link).toBeFocused();
    const next = await link.inputValue();
    expect(next).not.toBe(url);
    expect((await request.get(url)).status()).toBe(404);
    expect((await request.get(next)).status()).toBe(200);

    await feed.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Turn off' }).click();
    await expect(feed).toContainText('Your feed is off.');
    expect((await request.get(next)).status()).toBe(404);
    await expectNoAxeViolations(page);
  } finally {
    await host.context.close();
  }
});

test("removing a staff member hands over their meetings; one nobody can take shows 'No host' live in another's week", async ({
  browser,
  database,
  baseURL,
  request,
}) => {
  test.slow();
  const suffix = uniqueSuffix().slice(0, 6);
  const leaving = `Lee Leaving ${suffix}`;
  const guest = `Nora Night ${suffix}`;
  const { timeZone } = await consultationSlots(request);
  // An invited member who offers no hours (so no other test's booking lands on them), with a
  // meeting at 03:00 the day after tomorrow, when nobody on the staff works.
  const [member] = await database.write((tx) =>
    tx
      .insert(users)
      .values({ username: `leaving-${suffix}@agency.example`, role: 'staff', displayName: leaving })
      .returning(),
  );
  await database.write((tx) =>
    tx
      .insert(staffAvailability)
      .values({ userId: member!.id, weekly: [], bufferMinutes: 0, minNoticeHours: 0, horizonDays: 60, daysOff: [] }),
  );
  const [y, m, d] = dayOf(new Date(Date.now() + 2 * 86_400_000).toISOString(), timeZone)
    .split('-')
    .map(Number);
  const start = new Date(+new TZDate(y!, m! - 1, d!, 3, 0, timeZone));
  await database.write((tx) =>
    tx.insert(bookings).values({
      type: 'consultation',
      hostId: member!.id,
      hostName: leaving,
      startAt: start,
      endAt: new Date(start.getTime() + 30 * 60_000),
      name: guest,
      email: `night-${suffix}@example.com`,
      manageTokenHash: createHash('sha256').update(`night-${suffix}`).digest('hex'),
    }),
  );

  const owner = await staffBrowserPage(browser, database, baseURL!, E2E_ADMIN_EMAILS[0]!);
  const colleague = await staffBrowserPage(browser, database, baseURL!, E2E_ADMIN_EMAILS[1]!);
  try {
    await openLive(colleague.page, `/admin#bookings?week=${dayOf(start.toISOString(), timeZone)}`, 'admin');
    const card = cardOf(colleague.page, guest);
    await expect(card).toContainText(`With ${leaving}`);

    // The owner removes the member by keyboard, after confirming.
    await owner.page.goto('/admin#team');
    await owner.page.getByRole('button', { name: `Remove ${leaving}` }).focus();
    await owner.page.keyboard.press('Enter');
    const confirm = owner.page.getByRole('alertdialog', { name: `Remove ${leaving}?` });
    await expect(confirm).toContainText('Their meetings ahead go to whoever on the staff is free at the same time.');
    await confirm.getByRole('button', { name: 'Remove from the staff' }).focus();
    await owner.page.keyboard.press('Enter');
    const toasts = owner.page.getByRole('region', { name: /Notification/ });
    await expect(toasts).toContainText(`Removed ${leaving}`);
    await expect(toasts).toContainText('1 meeting found nobody free at the same time: move or cancel it in Bookings.');
    await expect(owner.page.getByRole('list', { name: 'Staff' })).not.toContainText(leaving);

    // The colleague's open week marks the meeting without a reload.
    await expect(card.getByText('No host')).toBeVisible(LIVE);
    await expect(card).toContainText(
      `${leaving} has left the staff and nobody was free to take it over: move it to give it a host, or cancel it.`,
    );
    await expect(card.getByRole('button', { name: /^Move/ })).toBeVisible();
    await checkWidths(colleague.page, 'week-no-host', card);
  } finally {
    await owner.context.close();
    await colleague.context.close();
  }
});

test('@phone the week view is a stacked list at 375 px, passes axe and works by keyboard', async ({
  staffPage: page,
  request,
}) => {
  const name = `Pia Phone ${uniqueSuffix().slice(0, 6)}`;
  const { booking, timeZone } = await bookConsultation(request, name);
  await openLive(page, `/admin#bookings?week=${dayOf(booking.start, timeZone)}`, 'admin');
  // The file's 1280 px viewport overrides the phone project's: this test is at 375 px.
  await resizeTo(page, 375);
  const card = cardOf(page, name);
  await expect(card).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
  await expectNoAxeViolations(page);
  // The week moves by keyboard and the address keeps it.
  await page.getByRole('button', { name: 'Next week' }).focus();
  await page.keyboard.press('Enter');
  await expect(card).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Week of / })).toBeVisible();
  await expect(card).toBeHidden();
  await page.getByRole('button', { name: 'Previous week' }).focus();
  await page.keyboard.press('Enter');
  await expect(card).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  // Move opens by keyboard; Escape closes it without a change and gives the focus back to Move.
  const moveButton = card.getByRole('button', { name: /^Move/ });
  await moveButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Move the call' });
  await expect(dialog.getByLabel('New date')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(moveButton).toBeFocused();
  // A refused time's offered times fit the phone's dialog.
  await page.keyboard.press('Enter');
  await dialog.getByLabel('New time').fill('03:00');
  await dialog.getByRole('button', { name: 'Move booking' }).click();
  await expect(dialog.getByRole('radiogroup', { name: 'Free times' }).getByRole('radio').first()).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/phone-move-offered-375.png` });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/phone-week-375.png`, fullPage: true });
});
