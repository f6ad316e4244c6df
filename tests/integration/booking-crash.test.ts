/**
 * A booking through `kill -9` (docs/product.md#bookings): a second server process on the test's
 * database dies by SIGKILL while booking a call (booking-crash-worker.ts). Killed inside the
 * booking's write, nothing of it is stored (no meeting, no lead, no email, no reminder, no
 * Idempotency-Key) and the time stays free; killed after the commit and before its answer, the
 * meeting is whole (its lead, its two invitations, its reminders), and the visitor's form
 * sending the same request again gets that meeting back, once.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  bookingReminders,
  bookings,
  contactSubmissions,
  idempotencyKeys,
  notificationEmails,
} from '../../db/schema/index.ts';
import type { SlotJson } from '../../src/shared/bookings.ts';
import { bearer, createTestApi, type TestApi } from './helpers.ts';

const STAFF = 'maria@firststatewebstudio.com';
const ZONE = 'America/New_York';
const MEETING_URL = 'https://meet.example.com/first-state';
const GUEST = 'crash-guest@example.com';

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi({
    env: { ADMIN_EMAILS: STAFF, LEAD_RATE_LIMIT: '1000', MEETING_URL, SITE_TIME_ZONE: ZONE },
  });
  const staffToken = await api.signInStaff(STAFF);
  const saved = await api.http.admin.availability.$put(
    {
      json: {
        weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '09:00', to: '17:00' })),
        bufferMinutes: 15,
        minNoticeHours: 0,
        horizonDays: 60,
        daysOff: [],
      },
    },
    bearer(staffToken),
  );
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await api.close();
});

/** The free starts (ISO) three days ahead, in the agency's zone. */
async function freeStarts(): Promise<string[]> {
  const from = format(addDays(new TZDate(Date.now(), ZONE), 3), 'yyyy-MM-dd');
  const answer = await api.http.bookings.slots.$get({ query: { type: 'consultation', from, days: '1' } });
  expect(answer.status).toBe(200);
  return (await answer.json()).slots.map((slot: SlotJson) => slot.start);
}

/** Runs the crash worker on the test's database; resolves with the signal that ended it, or what it printed. */
const bookKilled = (mode: 'before-commit' | 'after-commit', body: unknown, key: string) =>
  // `--import tsx` runs the worker in this one process (tsx's cli would run it in a child of its own).
  promisify(execFile)(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'booking-crash-worker.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: api.env.DATABASE_URL,
      SITE_URL: api.env.SITE_URL,
      OUTBOX_DIR: api.env.OUTBOX_DIR,
      UPLOADS_DIR: api.env.UPLOADS_DIR,
      ADMIN_EMAILS: STAFF,
      MEETING_URL,
      SITE_TIME_ZONE: ZONE,
      LEAD_RATE_LIMIT: '1000',
      MODE: mode,
      BODY: JSON.stringify(body),
      KEY: key,
    },
  }).then(
    ({ stdout }) => stdout.trim(),
    (error: { signal?: string; stderr?: string }) => error.signal ?? error.stderr,
  );

/** What is stored of the guest's booking: meetings, leads, emails to them, reminders and the key. */
async function stored(key: string) {
  const { read } = api.db;
  const meetings = await read.select().from(bookings).where(eq(bookings.email, GUEST));
  return {
    meetings: meetings.length,
    leads: await read.$count(
      contactSubmissions,
      and(eq(contactSubmissions.email, GUEST), eq(contactSubmissions.source, 'booking')),
    ),
    emailsToGuest: await read.$count(notificationEmails, like(notificationEmails.to, `%${GUEST}%`)),
    reminders: meetings[0] ? await read.$count(bookingReminders, eq(bookingReminders.bookingId, meetings[0].id)) : 0,
    keys: await read.$count(idempotencyKeys, like(idempotencyKeys.key, `%${key}`)),
    meeting: meetings[0],
  };
}

it('a server killed inside the booking stores nothing; killed after the commit, the visitor’s retry gets the one meeting', async () => {
  const [start] = await freeStarts();
  const body = { type: 'consultation', start, name: 'Crash Guest', email: GUEST, topic: 'A new bakery site' };

  // Killed inside the write: nothing of the booking is kept, and the time is still free.
  const before = 'booking-crash-before-commit';
  expect(await bookKilled('before-commit', body, before)).toBe('SIGKILL');
  expect(await stored(before)).toMatchObject({ meetings: 0, leads: 0, emailsToGuest: 0, reminders: 0, keys: 0 });
  expect(await freeStarts()).toContain(start);

  // Killed after the commit, before any answer: the meeting is whole, and its time is taken.
  const after = 'booking-crash-after-commit';
  expect(await bookKilled('after-commit', body, after)).toBe('SIGKILL');
  const kept = await stored(after);
  // One invitation to the guest and their reminders 24 hours and 1 hour before (the host's goes to the staff).
  expect(kept).toMatchObject({ meetings: 1, leads: 1, emailsToGuest: 3, reminders: 2, keys: 1 });
  expect(kept.meeting).toMatchObject({ status: 'confirmed', startAt: new Date(start!) });
  expect(await freeStarts()).not.toContain(start);

  // The form got no answer and sends the same request again: the same meeting, nothing new.
  const retried = await api.fresh().bookings.$post({ json: body as never }, { headers: { 'Idempotency-Key': after } });
  expect(retried.status).toBe(201);
  expect(retried.headers.get('idempotent-replayed')).toBe('true');
  expect(await retried.json()).toMatchObject({ id: kept.meeting!.id, start });
  expect(await stored(after)).toMatchObject({ meetings: 1, leads: 1, emailsToGuest: 3, reminders: 2, keys: 1 });

  // Sent on, the guest has one confirmation of the meeting.
  await api.deliver();
  const confirmations = api
    .outbox()
    .filter((eml) => eml.includes(`To: ${GUEST}`) && /^Subject: .* booked: /m.test(eml));
  expect(confirmations).toHaveLength(1);
}, 120_000); // two processes started with tsx
