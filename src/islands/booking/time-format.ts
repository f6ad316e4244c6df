/**
 * The booking screens' clock (docs/product.md#bookings): the visitor's time zone as the browser
 * reports it, the zones a visitor may choose instead, and slot times (ISO 8601, UTC) written and
 * grouped by day in a chosen zone. All formatting is date-fns in that zone (@date-fns/tz).
 */
import { tz } from '@date-fns/tz';
import { addDays, format, parseISO } from 'date-fns';
import type { SlotJson } from '../../shared/bookings.ts';

/** How many days one slots request covers. */
export const SLOT_WINDOW_DAYS = 14;

/** The visitor's zone (IANA name) from the browser; UTC when it names none. */
export function visitorTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every zone the browser knows, with `keep` (the current choice, the agency's) always among them, sorted. */
export function timeZoneOptions(keep: string[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, ...keep.filter(Boolean)])].sort();
}

/**
 * The first date of the first slots request: the visitor's yesterday, so the agency's today
 * (never more than a day away) is always covered.
 */
export function firstWindowDate(now = new Date()): string {
  return format(addDays(now, -1), 'yyyy-MM-dd');
}

/** The first date of the window after the one starting at `from` ("YYYY-MM-DD"). */
export function nextWindowDate(from: string, days = SLOT_WINDOW_DAYS): string {
  return format(addDays(parseISO(from), days), 'yyyy-MM-dd');
}

/** "2:30 PM" in `zone`. */
export function formatTime(iso: string, zone: string): string {
  return format(new Date(iso), 'h:mm a', { in: tz(zone) });
}

/** "Tue, Mar 14" in `zone`. */
export function formatDay(iso: string, zone: string): string {
  return format(new Date(iso), 'EEE, MMM d', { in: tz(zone) });
}

/** ["Tue", "Mar 14"] in `zone`: a day button's two lines. */
export function dayParts(iso: string, zone: string): [string, string] {
  const date = new Date(iso);
  return [format(date, 'EEE', { in: tz(zone) }), format(date, 'MMM d', { in: tz(zone) })];
}

/** "Tuesday, March 14, 2027 at 2:30 PM" in `zone`. */
export function formatWhen(iso: string, zone: string): string {
  return format(new Date(iso), "EEEE, MMMM d, yyyy 'at' h:mm a", { in: tz(zone) });
}

/** One day of free slots in a zone: its date ("YYYY-MM-DD" there), its label, and its slots. */
export interface SlotDay {
  key: string;
  label: string;
  slots: SlotJson[];
}

/** `slots` (earliest first) grouped by their day in `zone`, each slot once. */
export function groupByDay(slots: SlotJson[], zone: string): SlotDay[] {
  const days = new Map<string, SlotDay>();
  const seen = new Set<string>();
  for (const slot of slots) {
    if (seen.has(slot.start)) continue;
    seen.add(slot.start);
    const key = format(new Date(slot.start), 'yyyy-MM-dd', { in: tz(zone) });
    const day = days.get(key) ?? { key, label: formatDay(slot.start, zone), slots: [] };
    day.slots.push(slot);
    days.set(key, day);
  }
  return [...days.values()].sort((a, b) => a.key.localeCompare(b.key));
}
