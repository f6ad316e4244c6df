/**
 * Dates and money as the site shows them: 'MMM d, yyyy', 'MMM d, yyyy at h:mm a' (date-fns),
 * cents shown as US dollars (Intl), and whether a message was seen (docs/product.md#formats).
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

/**
 * A message's read state for its sender (docs/product.md#live-updates): `seen` and the time it
 * was read ('Seen Nov 3, 2026 at 2:05 PM'); `seen` alone for a message read before read times
 * were kept; `unseen` otherwise.
 */
export function seenText(message: { isRead: boolean; readAt: string | null }, seen: string, unseen: string): string {
  if (message.readAt) return `${seen} ${formatDateTime(message.readAt)}`;
  return message.isRead ? seen : unseen;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents → '$2,400.00'; null → 'Not specified'. */
export function formatBudget(cents: number | null): string {
  return cents === null ? 'Not specified' : usd.format(cents / 100);
}

const counts = new Intl.NumberFormat('en-US');

/** A count with thousands separators: 1234 → '1,234'. */
export function formatCount(n: number): string {
  return counts.format(n);
}
