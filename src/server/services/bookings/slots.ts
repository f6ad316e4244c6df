/**
 * The slot computation (docs/product.md#bookings): the times a meeting of `minutes` can start,
 * from each host's weekly working hours (wall-clock "HH:mm" in the agency's zone), less their
 * days off, their minimum notice, their horizon, and their meetings with the buffer around
 * each. Pure: the caller reads the availabilities and meetings and passes `now`.
 *
 * - A slot starts every SLOT_STEP_MINUTES (15) from the start of a working interval and ends
 *   within it; a start off that grid is not a slot.
 * - Wall-clock times are turned into instants with @date-fns/tz, so a 09:00 start is 09:00 on
 *   both sides of a daylight-saving change; a wall-clock time that does not exist (the spring
 *   gap) moves forward as @date-fns/tz moves it.
 * - A meeting [s, e) conflicts with a host's meeting [b, c) when s < c + buffer and e + buffer > b,
 *   the buffer being the host's.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, format, getISODay } from 'date-fns';
import { SLOT_STEP_MINUTES, type AvailabilityJson } from '../../../shared/bookings.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One host's availability. */
export interface HostAvailability extends AvailabilityJson {
  hostId: string;
}

/** A host's meeting, in epoch milliseconds. */
export interface BusyTime {
  hostId: string;
  start: number;
  end: number;
}

/** A free slot (epoch milliseconds) and the hosts free for it, in the order of `hosts`. */
export interface FreeSlot {
  start: number;
  end: number;
  hostIds: string[];
}

export interface SlotQuery {
  hosts: HostAvailability[];
  busy: BusyTime[];
  /** The agency's IANA zone (SITE_TIME_ZONE). */
  timeZone: string;
  /** The first date, "YYYY-MM-DD" in `timeZone`. */
  from: string;
  days: number;
  minutes: number;
  now: Date;
}

/** Midnight of `date` ("YYYY-MM-DD") in `timeZone`, as a TZDate. */
export function startOfDate(date: string, timeZone: string): TZDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, 0, 0, timeZone);
}

/** The instant of wall-clock `hhmm` ("HH:mm", "24:00" the next midnight) on `day` in its zone. */
function wallClock(day: TZDate, hhmm: string): number {
  const hours = Number(hhmm.slice(0, 2));
  const minutes = Number(hhmm.slice(3, 5));
  if (hours === 24) return addDays(day, 1).getTime();
  return new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hours, minutes, day.timeZone!).getTime();
}

/** Whether a meeting [start, end) keeps `buffer` minutes from every meeting in `busy` (one host's). */
function isFree(busy: BusyTime[], start: number, end: number, bufferMinutes: number): boolean {
  const buffer = bufferMinutes * MINUTE;
  for (const b of busy) {
    if (start < b.end + buffer && end + buffer > b.start) return false;
  }
  return true;
}

/**
 * The starts (epoch ms) of the slots of `minutes` that `host` offers on `day` (ISO weekday
 * `weekday`), ignoring meetings; `clock` turns the day's "HH:mm" into instants (memoised).
 */
function gridOf(
  host: HostAvailability,
  weekday: number,
  dayKey: string,
  minutes: number,
  clock: (hhmm: string) => number,
): number[] {
  if (host.daysOff.includes(dayKey)) return [];
  const starts: number[] = [];
  for (const interval of host.weekly) {
    if (interval.day !== weekday) continue;
    const open = clock(interval.from);
    const close = clock(interval.to);
    for (let start = open; start + minutes * MINUTE <= close; start += SLOT_STEP_MINUTES * MINUTE) starts.push(start);
  }
  return starts;
}

/**
 * The free slots from `from` for `days` days (dates in `timeZone`), earliest first; a slot that
 * several hosts offer appears once, with each free host. Slots start after `now` plus the host's
 * notice and no later than `now` plus the host's horizon.
 */
export function computeSlots(query: SlotQuery): FreeSlot[] {
  const { hosts, timeZone, minutes } = query;
  const now = query.now.getTime();
  const first = startOfDate(query.from, timeZone);
  const window = { start: first.getTime() - DAY, end: addDays(first, query.days).getTime() + DAY };
  const busyOf = new Map<string, BusyTime[]>();
  for (const b of query.busy) {
    if (b.end <= window.start - DAY || b.start >= window.end + DAY) continue;
    const list = busyOf.get(b.hostId);
    if (list) list.push(b);
    else busyOf.set(b.hostId, [b]);
  }
  const bySlot = new Map<number, FreeSlot>();
  for (let i = 0; i < query.days; i++) {
    const day = addDays(first, i);
    const dayKey = format(day, 'yyyy-MM-dd');
    const dayStart = day.getTime();
    const weekday = getISODay(day);
    const instants = new Map<string, number>();
    const clock = (hhmm: string) => {
      let at = instants.get(hhmm);
      if (at === undefined) instants.set(hhmm, (at = wallClock(day, hhmm)));
      return at;
    };
    for (const host of hosts) {
      const earliest = now + host.minNoticeHours * HOUR;
      const latest = now + host.horizonDays * DAY;
      // The host's meetings near this day: a working day spans at most 25 hours plus the buffer.
      const near = (busyOf.get(host.hostId) ?? []).filter(
        (b) => b.end > dayStart - DAY && b.start < dayStart + 2 * DAY,
      );
      for (const start of gridOf(host, weekday, dayKey, minutes, clock)) {
        const end = start + minutes * MINUTE;
        if (start < earliest || start > latest) continue;
        if (!isFree(near, start, end, host.bufferMinutes)) continue;
        const slot = bySlot.get(start);
        if (slot) slot.hostIds.push(host.hostId);
        else bySlot.set(start, { start, end, hostIds: [host.hostId] });
      }
    }
  }
  return [...bySlot.values()].sort((a, b) => a.start - b.start);
}

/** The date ("YYYY-MM-DD") of instant `at` in `timeZone`. */
export function dateIn(at: number | Date, timeZone: string): string {
  return format(new TZDate(typeof at === 'number' ? at : at.getTime(), timeZone), 'yyyy-MM-dd');
}

/**
 * The hosts free for a meeting of `minutes` starting at `start` (epoch ms), or null when `start`
 * is not a slot (off the grid, a day off, outside the hours, the notice or the horizon, or
 * taken). Computed as computeSlots computes the slots of the dates around `start`.
 */
export function hostsFreeAt(query: Omit<SlotQuery, 'from' | 'days'>, start: number): string[] | null {
  const from = dateIn(start - DAY, query.timeZone);
  const slot = computeSlots({ ...query, from, days: 3 }).find((s) => s.start === start);
  return slot ? slot.hostIds : null;
}
