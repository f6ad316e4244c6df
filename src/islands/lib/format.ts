/**
 * Dates and money as the site shows them: 'MMM d, yyyy', 'MMM d, yyyy at h:mm a' (date-fns),
 * and cents shown as US dollars (Intl).
 */
import { format, parseISO } from 'date-fns';

/** 'YYYY-MM-DD' or an ISO timestamp → 'Nov 3, 2026'. */
export function formatDate(value: string): string {
  return format(parseISO(value), 'MMM d, yyyy');
}

/** ISO timestamp → 'Nov 3, 2026 at 2:05 PM'. */
export function formatDateTime(value: string): string {
  return format(parseISO(value), "MMM d, yyyy 'at' h:mm a");
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents → '$2,400.00'; null → 'Not specified'. */
export function formatBudget(cents: number | null): string {
  return cents === null ? 'Not specified' : usd.format(cents / 100);
}
