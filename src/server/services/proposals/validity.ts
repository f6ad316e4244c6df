/**
 * A proposal's valid-until day (docs/product.md#proposals): it may be accepted until the end of
 * that day in the agency's time zone (SITE_TIME_ZONE), so a client in another zone is never cut
 * off before the agency's own day ends. Computed with date-fns in that zone (@date-fns/tz).
 */
import { tz, TZDate } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, format, parseISO } from 'date-fns';
import { OPEN_PROPOSAL_STATUSES, type ProposalStatus } from '../../../shared/proposals.ts';

/** Today in `timeZone` at `now`, 'YYYY-MM-DD'. */
export function todayIn(timeZone: string, now = new Date()): string {
  return format(now, 'yyyy-MM-dd', { in: tz(timeZone) });
}

/** 'YYYY-MM-DD' `days` after today in `timeZone`. */
export function daysFromToday(timeZone: string, days: number, now = new Date()): string {
  return format(addDays(new TZDate(now, timeZone), days), 'yyyy-MM-dd', { in: tz(timeZone) });
}

/** The moment a proposal valid until `validUntil` ('YYYY-MM-DD') stops being valid: the next midnight in `timeZone`. */
export function expiresAt(validUntil: string, timeZone: string): Date {
  const [year, month, day] = validUntil.split('-').map(Number) as [number, number, number];
  return new Date(addDays(new TZDate(year, month - 1, day, timeZone), 1).getTime());
}

/** Whether a proposal valid until `validUntil` can no longer be accepted at `now`. */
export function isPastValidity(validUntil: string, timeZone: string, now = new Date()): boolean {
  return now.getTime() >= expiresAt(validUntil, timeZone).getTime();
}

/** Days from today in `timeZone` to `validUntil`: 0 on the day itself, negative once past. */
export function daysLeft(validUntil: string, timeZone: string, now = new Date()): number {
  return differenceInCalendarDays(parseISO(validUntil), parseISO(todayIn(timeZone, now)));
}

/**
 * The status a proposal has at `now`: an open one (sent or viewed) whose day has passed is
 * `expired` even before the hourly job records it.
 */
export function statusAt(
  row: { status: ProposalStatus; validUntil: string },
  timeZone: string,
  now = new Date(),
): ProposalStatus {
  return OPEN_PROPOSAL_STATUSES.includes(row.status) && isPastValidity(row.validUntil, timeZone, now)
    ? 'expired'
    : row.status;
}

/** 'Dec 31, 2026' for a 'YYYY-MM-DD' day. */
export function formatDay(day: string): string {
  return format(parseISO(day), 'MMM d, yyyy');
}
