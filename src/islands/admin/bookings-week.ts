/**
 * The calendar arithmetic of the dashboard's Bookings tab (docs/product.md#bookings), pure: every
 * date and time is read and written in the agency's zone (SITE_TIME_ZONE, which the API answers
 * as `timeZone`) with date-fns and @date-fns/tz, never in the browser's own zone.
 *
 * - `weekOf`: the Monday ('YYYY-MM-DD') of the week the address names (`?week=`), else of today.
 * - `weekDates`, `shiftWeek`, `weekLabel`: the week's seven dates, the week before or after, its name.
 * - `dayOf`, `timeOf`, `clockOf`, `timeRange`, `dayHeading`: an instant's date and time of day in the zone.
 * - `zonedInstant`: a date and an 'HH:mm' typed in the zone → the ISO instant (UTC) the API takes.
 * - `byDay`: bookings sorted into the week's days.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, format, isValid, startOfISOWeek } from 'date-fns';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** 'YYYY-MM-DD' as midnight of that date in `timeZone`; null when it is no real date. */
function dateIn(date: string, timeZone: string): TZDate | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const value = new TZDate(y, m - 1, d, timeZone);
  return isValid(value) && format(value, 'yyyy-MM-dd') === date ? value : null;
}

/** Today's date in `timeZone`, 'YYYY-MM-DD'. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return format(new TZDate(now, timeZone), 'yyyy-MM-dd');
}

/** The Monday of the week holding `date` (or, when it is missing or no date, today) in `timeZone`. */
export function weekOf(date: string | undefined, timeZone: string, now: Date = new Date()): string {
  const day = (date && dateIn(date, timeZone)) || dateIn(todayIn(timeZone, now), timeZone)!;
  return format(startOfISOWeek(day), 'yyyy-MM-dd');
}

/** The seven dates of the week starting on Monday `monday`, 'YYYY-MM-DD'. */
export function weekDates(monday: string, timeZone: string): string[] {
  const first = dateIn(monday, timeZone);
  if (!first) return [];
  return Array.from({ length: 7 }, (_, i) => format(addDays(first, i), 'yyyy-MM-dd'));
}

/** The Monday `weeks` weeks after (negative: before) Monday `monday`. */
export function shiftWeek(monday: string, weeks: number, timeZone: string): string {
  const first = dateIn(monday, timeZone);
  return first ? format(addDays(first, 7 * weeks), 'yyyy-MM-dd') : monday;
}

/** 'Mar 8 – Mar 14, 2027' for the week starting `monday`. */
export function weekLabel(monday: string, timeZone: string): string {
  const first = dateIn(monday, timeZone);
  if (!first) return monday;
  const last = addDays(first, 6);
  return `${format(first, 'MMM d')} – ${format(last, 'MMM d, yyyy')}`;
}

/** 'Monday, Mar 8' for a date of the week. */
export function dayHeading(date: string, timeZone: string): string {
  const day = dateIn(date, timeZone);
  return day ? format(day, 'EEEE, MMM d') : date;
}

/** The date of instant `iso` in `timeZone`, 'YYYY-MM-DD'. */
export function dayOf(iso: string, timeZone: string): string {
  return format(new TZDate(iso, timeZone), 'yyyy-MM-dd');
}

/** The time of day of instant `iso` in `timeZone`, 'HH:mm' (what a time input holds). */
export function timeOf(iso: string, timeZone: string): string {
  return format(new TZDate(iso, timeZone), 'HH:mm');
}

/** '9:30 AM' for instant `iso` in `timeZone`. */
export function clockOf(iso: string, timeZone: string): string {
  return format(new TZDate(iso, timeZone), 'h:mm a');
}

/** '9:30 AM – 10:00 AM' for a meeting, in `timeZone`. */
export function timeRange(start: string, end: string, timeZone: string): string {
  return `${clockOf(start, timeZone)} – ${clockOf(end, timeZone)}`;
}

/** 'Mon, Mar 8, 2027 at 9:30 AM' for instant `iso` in `timeZone`. */
export function dateTimeIn(iso: string, timeZone: string): string {
  return format(new TZDate(iso, timeZone), "EEE, MMM d, yyyy 'at' h:mm a");
}

/**
 * The instant (ISO 8601, UTC) of wall-clock `time` ('HH:mm') on `date` ('YYYY-MM-DD') in
 * `timeZone`; null when either is not a real date or time.
 */
export function zonedInstant(date: string, time: string, timeZone: string): string | null {
  const day = dateIn(date, timeZone);
  const clock = TIME.exec(time);
  if (!day || !clock) return null;
  const value = new TZDate(
    day.getFullYear(),
    day.getMonth(),
    day.getDate(),
    Number(clock[1]),
    Number(clock[2]),
    timeZone,
  );
  return new Date(value.getTime()).toISOString();
}

/** `items` (each with a `start`) per date of `dates`, each day's by start; others left out. */
export function byDay<T extends { start: string }>(items: T[], dates: string[], timeZone: string): Map<string, T[]> {
  const days = new Map(dates.map((date) => [date, [] as T[]]));
  for (const item of [...items].sort((a, b) => a.start.localeCompare(b.start))) {
    days.get(dayOf(item.start, timeZone))?.push(item);
  }
  return days;
}
