/**
 * Dates as the agreement's PDF prints them (services/proposals/agreement-pdf.ts), with date-fns in
 * the agency's time zone (@date-fns/tz): 'Dec 1, 2026 at 3:04 PM EST' for a time, 'Dec 1, 2026'
 * for a day. Each throws a RangeError for a time zone or a date that is not one.
 */
import { tz, tzName } from '@date-fns/tz';
import { format, parseISO } from 'date-fns';

/** Throws a RangeError unless `timeZone` is a time zone the runtime knows. */
export function checkTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new RangeError(`Unknown time zone: ${timeZone}`);
  }
}

/** An ISO 8601 time → Date; a RangeError when it is not one. */
export function validDate(iso: string): Date {
  const date = parseISO(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an ISO 8601 time: ${iso}`);
  return date;
}

/** A time as 'Dec 1, 2026 at 3:04 PM EST', in `timeZone` and named (as the emails print times). */
export function formatTime(iso: string, timeZone: string): string {
  const date = validDate(iso);
  return `${format(date, "MMM d, yyyy 'at' h:mm a", { in: tz(timeZone) })} ${tzName(timeZone, date, 'short')}`;
}

/** The day of a time in `timeZone`: 'Dec 1, 2026'. */
export function formatDay(iso: string, timeZone: string): string {
  return format(validDate(iso), 'MMM d, yyyy', { in: tz(timeZone) });
}

/** A calendar day 'YYYY-MM-DD' (already in the agency's zone) → 'Dec 31, 2026'. */
export function formatCalendarDay(day: string, timeZone: string): string {
  const date = parseISO(day, { in: tz(timeZone) });
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a day: ${day}`);
  return format(date, 'MMM d, yyyy', { in: tz(timeZone) });
}
