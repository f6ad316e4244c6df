/**
 * Dates as the agreement's PDF prints them (services/proposals/agreement-pdf.ts), with date-fns in
 * the agency's time zone (@date-fns/tz): 'Dec 1, 2026 at 3:04 PM EST' for a time (the emails' own
 * formatTime), 'Dec 1, 2026' for a day. Each throws a RangeError for a time zone or a date that is
 * not one; a valid-until day is printed by services/proposals/validity.ts `formatDay`.
 */
import { tz } from '@date-fns/tz';
import { format, parseISO } from 'date-fns';
import { formatTime as formatEmailTime } from '../../email/templates/layout.tsx';

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

/** A time as 'Dec 1, 2026 at 3:04 PM EST', in `timeZone` and named, as the emails print times. */
export function formatTime(iso: string, timeZone: string): string {
  return formatEmailTime(validDate(iso), timeZone);
}

/** The day of a time in `timeZone`: 'Dec 1, 2026'. */
export function formatDay(iso: string, timeZone: string): string {
  return format(validDate(iso), 'MMM d, yyyy', { in: tz(timeZone) });
}
