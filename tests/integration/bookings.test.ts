/**
 * Booking calls (docs/product.md#bookings): slots, bookings that are leads, two people at one
 * slot, the refusals (buffer, notice, horizon, day off, off the grid), moves and cancellations
 * with their calendar invitations and reminders, staff availability and the calendar feed.
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingReminders, bookings, notificationEmails } from '../../db/schema/index.ts';
import type { AvailabilityJson, SlotJson } from '../../src/shared/bookings.ts';
import { claimEmail, markEmailFailed } from '../../src/server/services/email/queue.ts';
import { leadExportContent } from '../../src/server/services/privacy/export-common.ts';
import { bearer, createTestApi, errorOf, type TestApi } from './helpers.ts';

const STAFF = 'maria@firststatewebstudio.com';
const ZONE = 'America/New_York';
const MEETING_URL = 'https://meet.example.com/first-state';

let api: TestApi;
let staffToken: string;

beforeAll(async () => {
  api = await createTestApi({
    env: { ADMIN_EMAILS: STAFF, AUTH_RATE_LIMIT: '1000', LEAD_RATE_LIMIT: '1000', MEETING_URL, SITE_TIME_ZONE: ZONE },
  });
  staffToken = await api.signInStaff(STAFF);
});
afterAll(async () => {
  await api.close();
});

/** The date `days` from today in the agency's zone. */
const dateAhead = (days: number) => format(addDays(new TZDate(Date.now(), ZONE), days), 'yyyy-MM-dd');
/** The instant of wall-clock `hhmm` on `date` in the agency's zone, as ISO. */
const at = (date: string, hhmm: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = hhmm.split(':').map(Number) as [number, number];
  return new Date(+new TZDate(y, m - 1, d, h, min, ZONE)).toISOString();
};

async function setAvailability(change: Partial<AvailabilityJson> = {}) {
  const body: AvailabilityJson = {
    weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '09:00', to: '17:00' })),
    bufferMinutes: 15,
    minNoticeHours: 0,
    horizonDays: 60,
    daysOff: [],
    ...change,
  };
  const saved = await api.http.admin.availability.$put({ json: body }, bearer(staffToken));
  expect(saved.status).toBe(200);
}

async function slots(from: string, days = 3): Promise<SlotJson[]> {
  const answer = await api.http.bookings.slots.$get({ query: { type: 'consultation', from, days: String(days) } });
  expect(answer.status).toBe(200);
  return (await answer.json()).slots;
}

let guests = 0;
function book(start: string, extra: Record<string, string> = {}, client = api.fresh()) {
  const n = ++guests;
  return client.bookings.$post({
    json: { type: 'consultation', start, name: `Guest ${n}`, email: `guest${n}@example.com`, ...extra },
  });
}

/** A booking that must succeed: 201 and its {id, start, end}. */
async function bookOk(start: string, extra: Record<string, string> = {}, client = api.fresh()) {
  const answer = await book(start, extra, client);
  expect(answer.status).toBe(201);
  return (await answer.json()) as { id: string; start: string; end: string };
}

/** Whether `eml` is addressed to `address` (its To header, not a Reply-To). */
const toAddress = (eml: string, address: string): boolean =>
  new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}`, 'm').test(eml);

/** The manage token of the newest confirmation email to `email`. */
function tokenFrom(email: string): string {
  const eml =
    api
      .outbox()
      .filter((m) => toAddress(m, email))
      .at(-1) ?? '';
  const token = /\/booking#([A-Za-z0-9_-]{43})/.exec(eml.replace(/=\r?\n/g, ''))?.[1];
  if (!token) throw new Error(`no manage link to ${email}`);
  return token;
}

const DAY = dateAhead(3);

beforeEach(async () => {
  await api.db.write((tx) => tx.delete(bookings));
  await setAvailability();
});

describe('slots', () => {
  it('answers the agency zone and free slots in UTC on the 15-minute grid, within the hours', async () => {
    const answer = await api.http.bookings.slots.$get({ query: { type: 'consultation', from: DAY, days: '1' } });
    const body = await answer.json();
    expect(body).toMatchObject({ timeZone: ZONE, type: 'consultation', minutes: 30, phoneRequired: false });
    expect(body.slots[0]).toEqual({ start: at(DAY, '09:00'), end: at(DAY, '09:30') });
    expect(body.slots.at(-1)).toEqual({ start: at(DAY, '16:30'), end: at(DAY, '17:00') });
    expect(body.slots).toHaveLength(31);
    for (const slot of body.slots) expect(slot.start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:(00|15|30|45):00\.000Z$/);
  });

  it('refuses a bad query with 422', async () => {
    for (const query of [
      { type: 'consultation', from: 'tomorrow', days: '1' },
      { type: 'consultation', from: DAY, days: '0' },
      { type: 'consultation', from: DAY, days: '63' },
      { type: 'lunch', from: DAY, days: '1' },
    ]) {
      const answer = await api.http.bookings.slots.$get({ query: query as never });
      expect(answer.status).toBe(422);
    }
  });
});

describe('booking', () => {
  it('books a consultation: a lead with the time, both sides emailed with an invitation, reminders queued', async () => {
    const start = at(DAY, '10:00');
    const answer = await book(start, { topic: 'A new bakery website', phone: '+1 302 555 0100' });
    expect(answer.status).toBe(201);
    const booked = (await answer.json()) as { id: string };
    expect(booked).toMatchObject({ start, end: at(DAY, '10:30') });

    const leadsAnswer = await api.http.admin['contact-submissions'].$get(
      { query: { source: 'booking' } },
      bearer(staffToken),
    );
    const leads = await leadsAnswer.json();
    expect(leadsAnswer.status, JSON.stringify(leads)).toBe(200);
    const lead = leads.items.find((l) => l.message === 'A new bakery website');
    expect(lead?.subject).toMatch(/^Free consultation on .* at 10:00 AM E[SD]T$/);

    expect(await slots(DAY, 1)).not.toContainEqual({ start, end: at(DAY, '10:30') });
    const [row] = await api.db.read.select().from(bookings).where(eq(bookings.id, booked.id));
    const reminders = await api.db.read
      .select({ at: notificationEmails.nextAttemptAt, subject: notificationEmails.subject })
      .from(bookingReminders)
      .innerJoin(notificationEmails, eq(notificationEmails.id, bookingReminders.emailId))
      .where(eq(bookingReminders.bookingId, booked.id));
    expect(reminders.map((r) => r.at.getTime()).sort()).toEqual([
      Date.parse(start) - 24 * 3_600_000,
      Date.parse(start) - 3_600_000,
    ]);
    await api.deliver();
    const guestEmail = api.outbox().find((m) => toAddress(m, row!.email))!;
    expect(guestEmail).toContain('text/calendar; charset=utf-8; method=REQUEST');
    expect(guestEmail).toContain(`UID:booking-${booked.id}@`);
    expect(guestEmail).toContain('SEQUENCE:0');
    expect(guestEmail).toContain(MEETING_URL);
    const hostEmail = api.outbox().find((m) => toAddress(m, STAFF) && m.includes('New booking'));
    expect(hostEmail).toContain('METHOD:REQUEST');
  });

  it('refuses a start in a buffer, before the notice, past the horizon, on a day off or off the grid with 422', async () => {
    expect((await book(at(DAY, '10:00'))).status).toBe(201);
    await setAvailability({ daysOff: [dateAhead(4)], horizonDays: 10, minNoticeHours: 24 });
    const cases = [
      at(DAY, '10:30'), // inside the 15-minute buffer after 10:00–10:30
      new Date(Date.now() + 3 * 3_600_000).toISOString(), // before 24 hours' notice
      at(dateAhead(12), '10:00'), // past the 10-day horizon
      at(dateAhead(4), '10:00'), // a day off
      at(DAY, '11:07'), // off the grid
      at(DAY, '08:00'), // outside the hours
    ];
    for (const start of cases) {
      const answer = await book(start);
      expect(answer.status, start).toBe(422);
      const body = (await answer.json()) as unknown as { error: { code: string }; slots: SlotJson[] };
      expect(body.error.code).toBe('not_a_slot');
      expect(Array.isArray(body.slots)).toBe(true);
    }
  });

  it('gives one of two people booking the same slot at once the slot, and the other 409 with the next free slots', async () => {
    const start = at(DAY, '11:00');
    const answers = await Promise.all([book(start), book(start)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    const body = (await refused.json()) as unknown as { error: { code: string; message: string }; slots: SlotJson[] };
    expect(body.error.code).toBe('slot_taken');
    expect(body.slots.length).toBeGreaterThan(0);
    expect(body.slots.every((s) => Date.parse(s.start) >= Date.parse(start) + 45 * 60_000)).toBe(true);
  });

  it(
    'books exactly 10 of 50 requests at once for 10 slots, half of them through a second server',
    { timeout: 30_000 },
    async () => {
      await setAvailability({
        weekly: [1, 2, 3, 4, 5, 6, 7].flatMap((day) =>
          ['09', '10', '11', '12', '13'].map((h) => ({ day, from: `${h}:00`, to: `${h}:30` })),
        ),
        daysOff: [],
      });
      const starts = [DAY, dateAhead(4)].flatMap((d) => ['09', '10', '11', '12', '13'].map((h) => at(d, `${h}:00`)));
      const second = await api.secondApp();
      // A write that waited too long for the other server's lock is answered 503 with Retry-After;
      // the booking screen tries again, as this does.
      const attempt = async (i: number) => {
        const client = i % 2 ? api.fresh() : second.as(`192.0.2.${i}`);
        for (let tries = 0; ; tries++) {
          const answer = await book(starts[i % 10]!, {}, client);
          if ((answer.status as number) !== 503 || tries === 3) return answer;
        }
      };
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => attempt(i)));
      const statuses = answers.map((a) => a.status);
      expect(
        statuses.filter((s) => s === 201),
        statuses.join(','),
      ).toHaveLength(10);
      expect(statuses.filter((s) => s === 409)).toHaveLength(40);
      const rows = await api.db.read.select().from(bookings);
      expect(new Set(rows.map((r) => r.startAt.toISOString()))).toEqual(new Set(starts));
    },
  );

  it('answers a double submit with one Idempotency-Key with the first booking, once', async () => {
    const client = api.fresh();
    const json = {
      type: 'consultation' as const,
      start: at(DAY, '14:30'),
      name: 'Double Click',
      email: 'double@example.com',
    };
    const key = { headers: { 'Idempotency-Key': 'booking-double-submit-1' } };
    const answers = await Promise.all([client.bookings.$post({ json }, key), client.bookings.$post({ json }, key)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as { id: string }[];
    expect(bodies[1]!.id).toBe(bodies[0]!.id);
    const rows = await api.db.read.select().from(bookings).where(eq(bookings.email, 'double@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('asks for a phone number when there is no meeting link', async () => {
    const other = await createTestApi({ env: { ADMIN_EMAILS: STAFF, SITE_TIME_ZONE: ZONE } });
    try {
      const slotsAnswer = await other.http.bookings.slots.$get({
        query: { type: 'consultation', from: DAY, days: '1' },
      });
      expect((await slotsAnswer.json()).phoneRequired).toBe(true);
      const answer = await other.fresh().bookings.$post({
        json: { type: 'consultation', start: at(DAY, '10:00'), name: 'No Phone', email: 'nophone@example.com' },
      });
      expect(answer.status).toBe(422);
      expect((await errorOf(answer)).fields?.phone).toMatch(/phone number/);
    } finally {
      await other.close();
    }
  });

  it('keeps a booking made while the host changes their hours consistent with one or the other', async () => {
    const start = at(DAY, '15:00');
    const [saved, booked] = await Promise.all([
      api.http.admin.availability.$put(
        {
          json: {
            weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '09:00', to: '12:00' })),
            bufferMinutes: 15,
            minNoticeHours: 0,
            horizonDays: 60,
            daysOff: [],
          },
        },
        bearer(staffToken),
      ),
      book(start),
    ]);
    expect(saved.status).toBe(200);
    expect([201, 422]).toContain(booked.status);
    const rows = await api.db.read.select().from(bookings);
    expect(rows.length).toBe(booked.status === 201 ? 1 : 0);
    expect(await slots(DAY, 1)).not.toContainEqual(expect.objectContaining({ start }));
  });
});

describe('manage, reschedule, cancel', () => {
  it(
    'moves a meeting with a raised SEQUENCE and the same UID; a taken time keeps the old one',
    { timeout: 15_000 },
    async () => {
      const first = await bookOk(at(DAY, '10:00'), {}, api.fresh());
      const other = await book(at(DAY, '14:00'));
      expect(other.status).toBe(201);
      const [row] = await api.db.read.select().from(bookings).where(eq(bookings.id, first.id));
      await api.deliver();
      const token = tokenFrom(row!.email);

      const manage = await api.http.bookings.manage.$post({ json: { token } });
      expect(await manage.json()).toMatchObject({
        id: first.id,
        status: 'confirmed',
        canChange: true,
        hostName: expect.any(String),
      });

      const taken = await api.http.bookings.reschedule.$post({ json: { token, start: at(DAY, '14:00') } });
      expect(taken.status).toBe(409);
      const kept = (await (await api.http.bookings.manage.$post({ json: { token } })).json()) as { start: string };
      expect(kept.start).toBe(at(DAY, '10:00'));

      const moved = await api.http.bookings.reschedule.$post({ json: { token, start: at(DAY, '11:00') } });
      expect(moved.status).toBe(200);
      expect(((await moved.json()) as { start: string }).start).toBe(at(DAY, '11:00'));
      await api.deliver();
      const update = api
        .outbox()
        .filter((m) => toAddress(m, row!.email))
        .at(-1)!;
      expect(update).toContain(`UID:booking-${first.id}@`);
      expect(update).toContain('SEQUENCE:1');
      const reminders = await api.db.read
        .select()
        .from(bookingReminders)
        .where(eq(bookingReminders.bookingId, first.id));
      expect(reminders).toHaveLength(2);
      expect(tokenFrom(row!.email)).toBe(token);
    },
  );

  it('cancels once: METHOD:CANCEL to both sides, no reminders left; a second cancel changes nothing', async () => {
    const booked = await bookOk(at(DAY, '12:00'));
    const [row] = await api.db.read.select().from(bookings).where(eq(bookings.id, booked.id));
    await api.deliver();
    const token = tokenFrom(row!.email);
    const cancelled = await api.http.bookings.cancel.$post({ json: { token, reason: 'Found another agency' } });
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as { status: string }).status).toBe('cancelled');
    const left = await api.db.read
      .select()
      .from(bookingReminders)
      .innerJoin(notificationEmails, eq(notificationEmails.id, bookingReminders.emailId));
    expect(left).toHaveLength(0);
    await api.deliver();
    const before = api.outbox().length;
    const again = await api.http.bookings.cancel.$post({ json: { token } });
    expect(again.status).toBe(200);
    await api.deliver();
    expect(api.outbox().length).toBe(before);
    const toGuest = api
      .outbox()
      .filter((m) => toAddress(m, row!.email))
      .at(-1)!;
    expect(toGuest).toContain('method=CANCEL');
    expect(toGuest).toContain('STATUS:CANCELLED');
    expect(toGuest).toContain('SEQUENCE:1');
    // 'Book another time' opens the site's booking tab.
    expect(toGuest.replace(/=\r?\n/g, '')).toMatch(/https?:\/\/[^\s"]+\/#book-a-call/);
    const toHost = api
      .outbox()
      .filter((m) => toAddress(m, STAFF) && m.includes('Booking cancelled'))
      .at(-1)!;
    expect(toHost.replace(/=\r?\n/g, '')).toContain('Found another agency');
    const moveCancelled = await api.http.bookings.reschedule.$post({ json: { token, start: at(DAY, '13:00') } });
    expect(moveCancelled.status).toBe(410);
    expect((await errorOf(moveCancelled)).code).toBe('booking_cancelled');
  });

  it('takes back a reminder a worker was sending when the meeting is cancelled: a failed try or a dead worker never sends it later', async () => {
    const booked = await bookOk(at(DAY, '12:00'));
    const [row] = await api.db.read.select().from(bookings).where(eq(bookings.id, booked.id));
    await api.deliver();
    const token = tokenFrom(row!.email);
    // Only this meeting's reminders wait in the queue (earlier tests' meetings were deleted).
    await api.db.write((tx) =>
      tx
        .delete(notificationEmails)
        .where(
          and(
            eq(notificationEmails.status, 'queued'),
            notInArray(
              notificationEmails.id,
              tx
                .select({ id: bookingReminders.emailId })
                .from(bookingReminders)
                .where(eq(bookingReminders.bookingId, booked.id)),
            ),
          ),
        ),
    );
    const dayBefore = new Date(new Date(booked.start).getTime() - 24 * 3600_000);
    // A worker claims the day-before reminder and dies (its claim lasts until the meeting); another
    // claims the hour-before one, whose send will fail.
    const dying = await claimEmail(api.db, dayBefore, 24 * 3600_000);
    const failing = await claimEmail(api.db, new Date(new Date(booked.start).getTime() - 3600_000), 60_000);
    expect(failing?.subject).toMatch(/^Reminder: /);
    expect(dying?.subject).toMatch(/^Reminder: /);
    expect(dying?.id).not.toBe(failing?.id);

    const cancelled = await api.http.bookings.cancel.$post({ json: { token } });
    expect(cancelled.status).toBe(200);
    await markEmailFailed(api.db, failing!, 'Connection reset', new Date(booked.start), 1000);

    const leftOver = await api.db.read
      .select({ id: notificationEmails.id })
      .from(notificationEmails)
      .where(inArray(notificationEmails.id, [failing!.id, dying!.id]));
    expect(leftOver).toHaveLength(0);
    // Past the meeting and every lease, no worker finds a reminder of it to send.
    const pastMeeting = new Date(booked.start).getTime() - Date.now() + 3600_000;
    api.advance(pastMeeting);
    const outboxBefore = api.outbox().length;
    await api.deliver();
    const reminders = api
      .outbox()
      .slice(outboxBefore)
      .filter((m) => toAddress(m, row!.email) && /^Subject: Reminder/m.test(m));
    expect(reminders).toHaveLength(0);
    api.advance(-pastMeeting);
  });

  it('answers 404 for an unknown token and 410 once the meeting is over', async () => {
    const unknown = await api.http.bookings.manage.$post({ json: { token: 'x'.repeat(43) } });
    expect(unknown.status).toBe(404);
    const booked = await bookOk(at(DAY, '13:00'));
    const [row] = await api.db.read.select().from(bookings).where(eq(bookings.id, booked.id));
    await api.deliver();
    const token = tokenFrom(row!.email);
    await api.db.write((tx) =>
      tx
        .update(bookings)
        .set({ startAt: new Date(Date.now() - 7_200_000), endAt: new Date(Date.now() - 5_400_000) })
        .where(eq(bookings.id, booked.id)),
    );
    for (const answer of [
      await api.http.bookings.manage.$post({ json: { token } }),
      await api.http.bookings.cancel.$post({ json: { token } }),
      await api.http.bookings.reschedule.$post({ json: { token, start: at(DAY, '15:00') } }),
    ]) {
      expect(answer.status).toBe(410);
      expect((await errorOf(answer)).code).toBe('meeting_past');
    }
  });
});

describe('staff', () => {
  it('saves availability and refuses overlapping or inverted hours with 422', async () => {
    const mine = await (await api.http.admin.availability.$get({}, bearer(staffToken))).json();
    expect(mine).toMatchObject({ timeZone: ZONE, bufferMinutes: 15 });
    for (const weekly of [
      [{ day: 1, from: '12:00', to: '10:00' }],
      [
        { day: 2, from: '09:00', to: '12:00' },
        { day: 2, from: '11:00', to: '13:00' },
      ],
      [{ day: 8, from: '09:00', to: '10:00' }],
    ]) {
      const answer = await api.http.admin.availability.$put({ json: { ...mine, weekly } }, bearer(staffToken));
      expect(answer.status).toBe(422);
    }
  });

  it('lists the week, moves and cancels with a message to the guest, and serves a revocable calendar feed', async () => {
    const booked = await bookOk(at(DAY, '10:00'), { topic: 'Logo' });
    const week = await api.http.admin.bookings.$get({ query: { from: DAY, to: DAY } }, bearer(staffToken));
    const { items } = await week.json();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: booked.id, topic: 'Logo', status: 'confirmed', leadId: expect.any(String) });

    const moved = await api.http.admin.bookings[':id'].move.$post(
      { param: { id: booked.id }, json: { start: at(DAY, '15:00'), message: 'Something came up at 10.' } },
      bearer(staffToken),
    );
    expect(moved.status).toBe(200);
    await api.deliver();
    const email = items[0]!.email;
    const toGuest = api.outbox().filter((m) => toAddress(m, email));
    expect(toGuest.some((m) => m.replace(/=\r?\n/g, '').includes('Something came up at 10.'))).toBe(true);

    const feed = await (await api.http.admin['calendar-feed'].$post({}, bearer(staffToken))).json();
    const path = new URL(feed.url).pathname;
    const ics = await api.raw(path);
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await ics.text()).toContain(`UID:booking-${booked.id}@`);
    const renewed = await (await api.http.admin['calendar-feed'].$post({}, bearer(staffToken))).json();
    expect((await api.raw(path)).status).toBe(404);
    expect((await api.raw(new URL(renewed.url).pathname)).status).toBe(200);

    const cancelled = await api.http.admin.bookings[':id'].cancel.$post(
      { param: { id: booked.id }, json: { message: 'We are closed that day.' } },
      bearer(staffToken),
    );
    expect(((await cancelled.json()) as { cancelledBy: string }).cancelledBy).toBe('staff');
    await api.http.admin['calendar-feed'].$delete({}, bearer(staffToken));
    expect((await api.raw(new URL(renewed.url).pathname)).status).toBe(404);
  });
});

describe('project meetings and erasure', () => {
  it('lets a signed-in member book a project meeting for their own project only', async () => {
    const email = `dana-${Date.now()}@bakery.example`;
    const registered = await api
      .fresh()
      .client.register.$post({ json: { name: 'Dana Reyes', email, password: 'secret-pass' } });
    const { token, client } = await registered.json();
    const project = await (
      await api.http.admin.projects.$post(
        { json: { clientId: client.id, title: 'Bakery website' } },
        bearer(staffToken),
      )
    ).json();
    const start = at(DAY, '13:00');
    const anonymous = await api.fresh().bookings.$post({ json: { type: 'project', projectId: project.id, start } });
    expect(anonymous.status).toBe(401);
    const foreign = await api
      .fresh()
      .bookings.$post({ json: { type: 'project', projectId: 'not-theirs', start } }, bearer(token));
    expect(foreign.status).toBe(404);
    const booked = await api
      .fresh()
      .bookings.$post({ json: { type: 'project', projectId: project.id, start, topic: 'Menu page' } }, bearer(token));
    expect(booked.status).toBe(201);
    const { id } = (await booked.json()) as { id: string; end: string };
    const [row] = await api.db.read.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ type: 'project', name: 'Dana Reyes', email, leadId: null, projectId: project.id });
    expect(row!.endAt.getTime() - row!.startAt.getTime()).toBe(45 * 60_000);
    const week = await (
      await api.http.admin.bookings.$get({ query: { from: DAY, to: DAY } }, bearer(staffToken))
    ).json();
    expect(week.items.find((b) => b.id === id)).toMatchObject({
      projectTitle: 'Bakery website',
      clientName: expect.any(String),
    });
  });

  it("puts a lead's meetings in its data export", async () => {
    const booked = await bookOk(at(DAY, '15:30'), { topic: 'Export me' });
    const [row] = await api.db.read.select().from(bookings).where(eq(bookings.id, booked.id));
    const content = await leadExportContent(api.db, row!.leadId!);
    expect(content.records.bookings).toEqual([
      expect.objectContaining({ id: booked.id, start: booked.start, topic: 'Export me', status: 'confirmed' }),
    ]);
  });

  it('erasing a lead anonymises its meeting, cancels it and takes back its reminders', async () => {
    const booked = await bookOk(at(DAY, '16:00'), { name: 'Erin Erased' });
    const [row] = await api.db.read.select().from(bookings).where(eq(bookings.id, booked.id));
    const erased = await api.http.admin['contact-submissions'][':id'].erase.$post(
      { param: { id: row!.leadId! } },
      bearer(staffToken),
    );
    expect(erased.status).toBe(200);
    const [after] = await api.db.read.select().from(bookings).where(eq(bookings.id, booked.id));
    expect(after).toMatchObject({ status: 'cancelled', phone: null, topic: null });
    expect(after!.name).not.toContain('Erin');
    expect(after!.email).toMatch(/@invalid$/);
    const reminders = await api.db.read
      .select()
      .from(bookingReminders)
      .where(eq(bookingReminders.bookingId, booked.id));
    expect(reminders).toHaveLength(0);
  });
});

describe('two hosts', () => {
  const OTHER = 'owen@firststatewebstudio.com';
  let pair: TestApi;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    pair = await createTestApi({
      env: { ADMIN_EMAILS: `${STAFF},${OTHER}`, AUTH_RATE_LIMIT: '1000', LEAD_RATE_LIMIT: '1000', MEETING_URL },
    });
    tokens = { [STAFF]: await pair.signInStaff(STAFF), [OTHER]: await pair.signInStaff(OTHER) };
  });
  afterAll(async () => {
    await pair.close();
  });

  /** Who hosts booking `id`: its host's user id. */
  async function hostOf(id: string): Promise<string | null> {
    const [row] = await pair.db.read.select({ hostId: bookings.hostId }).from(bookings).where(eq(bookings.id, id));
    return row!.hostId;
  }

  it('gives each new meeting to the free host with the fewest meetings ahead', async () => {
    for (const token of Object.values(tokens)) {
      const saved = await pair.http.admin.availability.$put(
        {
          json: {
            weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '09:00', to: '17:00' })),
            bufferMinutes: 0,
            minNoticeHours: 0,
            horizonDays: 60,
            daysOff: [],
          },
        },
        bearer(token),
      );
      expect(saved.status).toBe(200);
    }
    const bookAt = async (hhmm: string, n: number) => {
      const answer = await pair.fresh().bookings.$post({
        json: { type: 'consultation', start: at(DAY, hhmm), name: `Pair ${n}`, email: `pair${n}@example.com` },
      });
      expect(answer.status).toBe(201);
      return hostOf(((await answer.json()) as { id: string }).id);
    };
    // Both hosts free at each time: the second meeting goes to whoever has none yet, and so on.
    const hosts = [
      await bookAt('09:00', 1),
      await bookAt('10:00', 2),
      await bookAt('11:00', 3),
      await bookAt('12:00', 4),
    ];
    expect(hosts[1]).not.toBe(hosts[0]);
    expect(hosts[3]).not.toBe(hosts[2]);
    expect(new Set(hosts).size).toBe(2);
    expect(hosts.filter((h) => h === hosts[0])).toHaveLength(2);
    // A fifth makes one host's third meeting: the next one goes to the other, who has two.
    const third = await bookAt('13:00', 5);
    expect(await bookAt('14:00', 6)).not.toBe(third);
  });
});

describe('a removed host', () => {
  const MEMBER = 'nina@example.com';
  let team: TestApi;
  let ownerToken: string;
  let memberToken: string;

  beforeAll(async () => {
    team = await createTestApi({
      env: { ADMIN_EMAILS: STAFF, AUTH_RATE_LIMIT: '1000', LEAD_RATE_LIMIT: '1000', MEETING_URL, SITE_TIME_ZONE: ZONE },
    });
    ownerToken = await team.signInStaff(STAFF);
    const named = await team.http.admin.me.$patch({ json: { displayName: 'Maria Lopez' } }, bearer(ownerToken));
    expect(named.status).toBe(200);
    const invited = await team.http.admin.invitations.$post(
      { json: { email: MEMBER, role: 'staff', name: 'Nina Park' } },
      bearer(ownerToken),
    );
    expect(invited.status).toBe(201);
    await team.deliver();
    const mail = (team.outbox().at(-1) ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const accepted = await team.fresh().admin.invitations.accept.$post({
      json: { token: /#token=([\w-]+)/.exec(mail)?.[1] ?? '' },
    });
    expect(accepted.status).toBe(200);
    memberToken = decodeURIComponent(/admin_session=([^;]+)/.exec(accepted.headers.get('set-cookie') ?? '')?.[1] ?? '');
  });
  afterAll(async () => {
    await team.close();
  });

  const hours = (from: string, daysOff: string[] = []): AvailabilityJson => ({
    weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from, to: '17:00' })),
    bufferMinutes: 0,
    minNoticeHours: 0,
    horizonDays: 60,
    daysOff,
  });
  const saveHours = async (token: string, body: AvailabilityJson) =>
    expect((await team.http.admin.availability.$put({ json: body }, bearer(token))).status).toBe(200);

  it("hands the removed member's meetings to whoever is free at the same time, and marks the ones nobody could take", async () => {
    // The owner is off that day, so both meetings go to the member.
    await saveHours(ownerToken, hours('12:00', [DAY]));
    await saveHours(memberToken, hours('09:00'));
    const book = async (hhmm: string, n: number) => {
      const answer = await team.fresh().bookings.$post({
        json: { type: 'consultation', start: at(DAY, hhmm), name: `Guest R${n}`, email: `removed${n}@example.com` },
      });
      expect(answer.status).toBe(201);
      return ((await answer.json()) as { id: string }).id;
    };
    const early = await book('10:00', 1);
    const later = await book('14:00', 2);
    await team.deliver();
    // The owner works from noon: the 14:00 meeting can move to them, the 10:00 one cannot.
    await saveHours(ownerToken, hours('12:00'));

    const staff = await (await team.http.admin.staff.$get({}, bearer(ownerToken))).json();
    const member = staff.members.find((m) => m.email === MEMBER)!;
    const removed = await team.http.admin.staff[':id'].$delete({ param: { id: member.id! } }, bearer(ownerToken));
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ removed: member.id, meetings: { handedOver: 1, unassigned: 1 } });

    await team.deliver();
    const toGuest = team
      .outbox()
      .filter((m) => toAddress(m, 'removed2@example.com'))
      .at(-1)!
      .replace(/=\r?\n/g, '');
    expect(toGuest).toContain('Your meeting is now with Maria Lopez');
    expect(toGuest).toContain('Nina Park is no longer with the team');
    expect(toGuest).toContain('SEQUENCE:1');
    const toMember = team
      .outbox()
      .filter((m) => toAddress(m, MEMBER))
      .at(-1)!;
    expect(toMember).toContain('method=CANCEL');

    const week = await (
      await team.http.admin.bookings.$get({ query: { from: DAY, to: DAY } }, bearer(ownerToken))
    ).json();
    const item = (id: string) => week.items.find((b) => b.id === id)!;
    expect(item(later)).toMatchObject({ hostName: 'Maria Lopez', hostLeft: false, status: 'confirmed' });
    expect(item(early)).toMatchObject({ hostName: 'Nina Park', hostLeft: true, status: 'confirmed' });

    // Once the owner works that morning too, a move at the same time gives it a host.
    await saveHours(ownerToken, hours('09:00'));
    const moved = await team.http.admin.bookings[':id'].move.$post(
      { param: { id: early }, json: { start: at(DAY, '10:00') } },
      bearer(ownerToken),
    );
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ hostName: 'Maria Lopez', hostLeft: false, start: at(DAY, '10:00') });
  });
});

describe('the slots rate limit', () => {
  let limited: TestApi;
  beforeAll(async () => {
    limited = await createTestApi({ env: { ADMIN_EMAILS: STAFF, SLOTS_RATE_LIMIT: '3', MEETING_URL } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 with Retry-After past SLOTS_RATE_LIMIT lookups from one address; another address still gets slots', async () => {
    const one = limited.fresh();
    const ask = (client = one) => client.bookings.slots.$get({ query: { type: 'consultation', from: DAY, days: '1' } });
    for (let i = 0; i < 3; i += 1) expect((await ask()).status).toBe(200);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await errorOf(refused)).toMatchObject({
      code: 'rate_limited',
      message: 'Too many requests from your address. Please try again in a few minutes.',
    });
    expect((await ask(limited.fresh())).status).toBe(200);
  });
});
