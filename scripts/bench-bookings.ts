/**
 * `npm run bench:bookings [-- --runs 300 --staff 5 --bookings 200 --days 30]`: what the booking
 * screen's slots answer costs (docs/product.md#bookings, docs/decisions/0045-booking-calls.md),
 * in one process on a throw-away database: `--staff` staff members, each working every day
 * 08:00–18:00 with a 15-minute buffer, and `--bookings` meetings booked through the booking
 * service at random free slots of the next `--days` days. Then `GET /api/bookings/slots` for
 * those days, `--runs` times after 20 warm-ups: p50, p99 and worst; and the booking write itself
 * (`POST /api/bookings` of a free slot) 50 times.
 *
 * The requests go to the app in this process (no network). A measurement, not a test: it exits 0
 * unless it cannot run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { createApp } from '../src/server/app.ts';
import { assembleProcess } from '../src/server/assembly.ts';
import { migrateDatabase, openDatabase } from '../src/server/db/database.ts';
import { parseEnv } from '../src/server/env/index.ts';
import { saveAvailability } from '../src/server/services/bookings/availability.ts';
import { createBooking } from '../src/server/services/bookings/book.ts';
import { listSlots } from '../src/server/services/bookings/queries.ts';
import { upsertStaffUser } from '../src/server/services/staff-users.ts';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '300' },
    staff: { type: 'string', default: '5' },
    bookings: { type: 'string', default: '200' },
    days: { type: 'string', default: '30' },
  },
});
const runs = Math.max(10, Number(values.runs) || 300);
const staffCount = Math.max(1, Number(values.staff) || 5);
const bookingCount = Math.max(0, Number(values.bookings) || 200);
const days = Math.min(62, Math.max(1, Number(values.days) || 30));

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;

const dir = mkdtempSync(join(tmpdir(), 'bench-bookings-'));
const staff = Array.from({ length: staffCount }, (_, i) => `host${i + 1}@bench.example`);
const env = parseEnv({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: `file:${join(dir, 'bench.db')}`,
  OUTBOX_DIR: join(dir, 'outbox'),
  UPLOADS_DIR: join(dir, 'uploads'),
  ADMIN_EMAILS: staff.join(','),
  LEAD_RATE_LIMIT: '100000',
  SLOTS_RATE_LIMIT: '100000',
  MEETING_URL: 'https://meet.example.com/bench',
});
const db = await openDatabase(env.DATABASE_URL);
await migrateDatabase(db, join(root, 'db', 'migrations'));
const parts = await assembleProcess(env, { db });
const app = createApp(parts.deps());
const origin = new URL(env.SITE_URL).origin;

try {
  for (const email of staff) {
    const user = await upsertStaffUser(db, email, new Date(), `Host ${email.slice(4, 5)}`);
    await saveAvailability(db, user, {
      weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '08:00', to: '18:00' })),
      bufferMinutes: 15,
      minNoticeHours: 1,
      horizonDays: days + 1,
      daysOff: [],
    });
  }
  const from = format(new TZDate(Date.now(), env.SITE_TIME_ZONE), 'yyyy-MM-dd');
  const open = (await listSlots(db, env, { type: 'consultation', from, days })).slots;
  let booked = 0;
  let guest = 0;
  while (booked < bookingCount && open.length > 0) {
    const [slot] = open.splice(Math.floor(Math.random() * open.length), 1);
    const n = ++guest;
    try {
      await createBooking(db, env, {
        type: 'consultation',
        start: new Date(slot!.start),
        name: `Guest ${n}`,
        email: `g${n}@bench.example`,
      });
      booked++;
    } catch {
      // That slot's hosts were all taken by the meetings around it: try another.
    }
  }

  const path = `/api/bookings/slots?type=consultation&from=${from}&days=${days}`;
  const ask = async () => {
    const started = performance.now();
    const response = await app.request(path, {}, { clientAddress: '198.51.100.9' });
    const body = (await response.json()) as { slots: unknown[] };
    return { ms: performance.now() - started, slots: body.slots.length, status: response.status };
  };
  for (let i = 0; i < 20; i++) await ask();
  const times: number[] = [];
  let slotCount = 0;
  for (let i = 0; i < runs; i++) {
    const { ms, slots, status } = await ask();
    if (status !== 200) throw new Error(`slots answered ${status}`);
    times.push(ms);
    slotCount = slots;
  }

  const writes: number[] = [];
  const free = (await listSlots(db, env, { type: 'consultation', from, days })).slots;
  for (let i = 0; i < 50 && free.length > 0; i++) {
    const [slot] = free.splice(Math.floor(Math.random() * free.length), 1);
    const started = performance.now();
    const response = await app.request(
      '/api/bookings',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({
          type: 'consultation',
          start: slot!.start,
          name: 'Bench Guest',
          email: `w${i}@bench.example`,
        }),
      },
      { clientAddress: `198.51.100.${10 + i}` },
    );
    if (response.status === 201) writes.push(performance.now() - started);
  }

  const rows: [string, string][] = [
    ['staff / meetings booked / days asked', `${staffCount} / ${booked} / ${days}`],
    ['free slots in the answer', String(slotCount)],
    [`GET slots (${runs} runs) p50 ms`, percentile(times, 50).toFixed(1)],
    ['GET slots p99 ms', percentile(times, 99).toFixed(1)],
    ['GET slots worst ms', Math.max(...times).toFixed(1)],
    [`POST /api/bookings (${writes.length} booked) p50 ms`, percentile(writes, 50).toFixed(1)],
    ['POST /api/bookings p99 ms', percentile(writes, 99).toFixed(1)],
  ];
  const widths = [0, 1].map((c) => Math.max(...rows.map((r) => r[c]!.length), ['figure', 'value'][c]!.length));
  const line = (cells: string[]) => `| ${cells.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  process.stdout.write(`\nBooking calls\n\n${line(['figure', 'value'])}\n${line(widths.map((w) => '-'.repeat(w)))}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await parts.stop();
  db.close();
  rmSync(dir, { recursive: true, force: true });
}
