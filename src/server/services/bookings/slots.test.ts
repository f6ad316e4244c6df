/**
 * The slot computation (docs/product.md#bookings): fixed cases on both sides of the
 * America/New_York daylight-saving changes, and properties over random availabilities, zones
 * and meetings checked against an independent oracle that reads wall-clock times with Intl.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeSlots, hostsFreeAt, type BusyTime, type HostAvailability } from './slots.ts';

const NY = 'America/New_York';
const everyDay = (from: string, to: string) => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from, to }));
const host = (change: Partial<HostAvailability> = {}): HostAvailability => ({
  hostId: 'a',
  weekly: everyDay('09:00', '10:00'),
  bufferMinutes: 0,
  minNoticeHours: 0,
  horizonDays: 365,
  daysOff: [],
  ...change,
});
const iso = (ms: number) => new Date(ms).toISOString();

describe('daylight-saving changes', () => {
  const now = new Date('2026-10-01T00:00:00Z');
  it('keeps 09:00 New York time on both sides of 2026-11-01', () => {
    const slots = computeSlots({
      hosts: [host()],
      busy: [],
      timeZone: NY,
      from: '2026-10-31',
      days: 3,
      minutes: 30,
      now,
    });
    const starts = slots.map((s) => iso(s.start));
    expect(starts.filter((s) => s.endsWith(':00:00.000Z') && s.includes('T1'))).toEqual([
      '2026-10-31T13:00:00.000Z',
      '2026-11-01T14:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
    ]);
    expect(starts).toContain('2026-10-31T13:30:00.000Z');
    expect(starts).toContain('2026-11-02T14:30:00.000Z');
  });

  it('keeps 09:00 New York time on both sides of 2027-03-14', () => {
    const later = new Date('2027-03-01T00:00:00Z');
    const slots = computeSlots({
      hosts: [host()],
      busy: [],
      timeZone: NY,
      from: '2027-03-13',
      days: 3,
      minutes: 30,
      now: later,
    });
    expect(
      slots.map((s) => iso(s.start)).filter((s) => s.endsWith('T14:00:00.000Z') || s.endsWith('T13:00:00.000Z')),
    ).toEqual(['2027-03-13T14:00:00.000Z', '2027-03-14T13:00:00.000Z', '2027-03-15T13:00:00.000Z']);
  });

  it('offers a night interval across the spring gap once, moved forward as the clock moves', () => {
    const later = new Date('2027-03-01T00:00:00Z');
    const night = host({ weekly: everyDay('01:30', '03:30') });
    const slots = computeSlots({
      hosts: [night],
      busy: [],
      timeZone: NY,
      from: '2027-03-14',
      days: 1,
      minutes: 30,
      now: later,
    });
    // 01:30 EST is 06:30Z; 03:30 EDT is 07:30Z: one hour of real time, two 30-minute meetings at most.
    expect(slots.map((s) => iso(s.start))).toEqual([
      '2027-03-14T06:30:00.000Z',
      '2027-03-14T06:45:00.000Z',
      '2027-03-14T07:00:00.000Z',
    ]);
  });
});

describe('hostsFreeAt', () => {
  it('answers null off the grid and the free hosts on it, the buffer counted', () => {
    const now = new Date('2026-10-01T00:00:00Z');
    const hosts = [host({ bufferMinutes: 15 }), host({ hostId: 'b', bufferMinutes: 15 })];
    const busy: BusyTime[] = [
      { hostId: 'a', start: Date.parse('2026-10-05T13:00:00Z'), end: Date.parse('2026-10-05T13:30:00Z') },
    ];
    const query = { hosts, busy, timeZone: NY, minutes: 30, now };
    expect(hostsFreeAt(query, Date.parse('2026-10-05T13:07:00Z'))).toBeNull();
    expect(hostsFreeAt(query, Date.parse('2026-10-05T13:30:00Z'))).toEqual(['b']);
    expect(hostsFreeAt(query, Date.parse('2026-10-05T13:15:00Z'))).toEqual(['b']);
  });
});

// ---- properties --------------------------------------------------------------------------------

const ZONES = [
  NY,
  'Europe/London',
  'Europe/Paris',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'UTC',
];
const DAY_MS = 86_400_000;

const formats = new Map<string, Intl.DateTimeFormat>();
const formatIn = (zone: string) => {
  let found = formats.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
    });
    formats.set(zone, found);
  }
  return found;
};

/** Wall-clock parts of `ms` in `zone`, read by Intl (not by the code under test). */
function wall(ms: number, zone: string) {
  const parts = Object.fromEntries(
    formatIn(zone)
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!) + 1;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    weekday,
  };
}
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const toMinutes = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3));

/** Intervals between 06:00 and 23:00 (clear of every zone's change hours), on the 15-minute grid. */
const interval = fc
  .record({
    day: fc.integer({ min: 1, max: 7 }),
    from: fc.integer({ min: 24, max: 88 }),
    length: fc.integer({ min: 1, max: 24 }),
  })
  .map(({ day, from, length }) => ({ day, from: hhmm(from * 15), to: hhmm(Math.min(92, from + length) * 15) }))
  .filter((i) => i.from < i.to);

const scenario = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    nowMs: fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2027-12-01T00:00:00Z') }),
    hosts: fc.array(
      fc.record({
        weekly: fc.array(interval, { maxLength: 6 }),
        bufferMinutes: fc.constantFrom(0, 5, 10, 15, 30),
        minNoticeHours: fc.integer({ min: 0, max: 72 }),
        horizonDays: fc.integer({ min: 1, max: 20 }),
        offDays: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    meetings: fc.array(
      fc.record({
        host: fc.integer({ min: 0, max: 2 }),
        startQuarter: fc.integer({ min: 0, max: 10 * 96 }),
        quarters: fc.integer({ min: 1, max: 4 }),
      }),
      { maxLength: 12 },
    ),
    minutes: fc.constantFrom(30, 45),
    days: fc.integer({ min: 1, max: 8 }),
  })
  .map((s) => {
    const nowMs = Math.floor(s.nowMs / 60_000) * 60_000;
    const from = wall(nowMs, s.zone).date;
    const hosts: HostAvailability[] = s.hosts.map((h, i) => ({
      hostId: `h${i}`,
      weekly: h.weekly.filter((a, j) =>
        h.weekly.every((b, k) => k >= j || a.day !== b.day || a.to <= b.from || b.to <= a.from),
      ),
      bufferMinutes: h.bufferMinutes,
      minNoticeHours: h.minNoticeHours,
      horizonDays: h.horizonDays,
      daysOff: h.offDays.map((d) => wall(nowMs + d * DAY_MS, s.zone).date),
    }));
    const base = Math.floor(nowMs / 900_000) * 900_000;
    const busy: BusyTime[] = s.meetings
      .filter((m) => m.host < hosts.length)
      .map((m) => ({
        hostId: `h${m.host}`,
        start: base + m.startQuarter * 900_000,
        end: base + (m.startQuarter + m.quarters) * 900_000,
      }));
    return { ...s, nowMs, from, hosts, busy };
  });

/** The oracle: whether `h` may take a meeting [start, start + minutes) by the rules, read with Intl. */
function oracleFree(
  h: HostAvailability,
  busy: BusyTime[],
  zone: string,
  start: number,
  minutes: number,
  nowMs: number,
): boolean {
  const end = start + minutes * 60_000;
  const a = wall(start, zone);
  const b = wall(end, zone);
  if (a.date !== b.date && b.minutes !== 0) return false;
  const endMinutes = a.date === b.date ? b.minutes : 24 * 60;
  if (h.daysOff.includes(a.date)) return false;
  const inHours = h.weekly.some(
    (i) =>
      i.day === a.weekday &&
      a.minutes >= toMinutes(i.from) &&
      endMinutes <= toMinutes(i.to) &&
      (a.minutes - toMinutes(i.from)) % 15 === 0,
  );
  if (!inHours) return false;
  if (start < nowMs + h.minNoticeHours * 3_600_000 || start > nowMs + h.horizonDays * DAY_MS) return false;
  const buffer = h.bufferMinutes * 60_000;
  return busy.every((m) => m.hostId !== h.hostId || !(start < m.end + buffer && end + buffer > m.start));
}

describe('slot properties', () => {
  it('offers exactly the times some host may take, each with exactly the hosts who may, in order', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const slots = computeSlots({
          hosts: s.hosts,
          busy: s.busy,
          timeZone: s.zone,
          from: s.from,
          days: s.days,
          minutes: s.minutes,
          now: new Date(s.nowMs),
        });
        for (let i = 1; i < slots.length; i++) expect(slots[i]!.start).toBeGreaterThan(slots[i - 1]!.start);
        const offered = new Map(slots.map((slot) => [slot.start, slot]));
        // Every quarter hour of the asked dates: offered exactly when the oracle says some host is free.
        const first = slots[0]?.start ?? s.nowMs;
        const asked = new Set(
          Array.from({ length: s.days }, (_, k) =>
            new Date(Date.parse(`${s.from}T12:00:00Z`) + k * DAY_MS).toISOString().slice(0, 10),
          ),
        );
        const windowStart = Math.floor((s.nowMs - DAY_MS) / 900_000) * 900_000;
        for (let t = windowStart; t < s.nowMs + (s.days + 2) * DAY_MS; t += 900_000) {
          if (!asked.has(wall(t, s.zone).date)) {
            expect(offered.has(t)).toBe(false);
            continue;
          }
          const free = s.hosts.filter((h) => oracleFree(h, s.busy, s.zone, t, s.minutes, s.nowMs)).map((h) => h.hostId);
          const slot = offered.get(t);
          expect(slot?.hostIds ?? [], `${new Date(t).toISOString()} in ${s.zone}`).toEqual(free);
          if (slot) expect(slot.end - slot.start).toBe(s.minutes * 60_000);
        }
        expect(first).toBeGreaterThanOrEqual(s.nowMs);
      }),
      { numRuns: 100 },
    );
  }, 120_000);
});
