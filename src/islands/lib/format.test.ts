import { describe, expect, it } from 'vitest';
import { formatBudget, formatDate, formatDateTime, seenText } from './format.ts';

describe('portal formats', () => {
  it('shows dates as MMM d, yyyy', () => {
    expect(formatDate('2026-11-03')).toBe('Nov 3, 2026');
  });
  it('shows message times as MMM d, yyyy at h:mm a', () => {
    expect(formatDateTime('2026-11-03T14:05:00')).toBe('Nov 3, 2026 at 2:05 PM');
  });
  it('shows when a message was seen, without a time for old read rows, else the unseen words', () => {
    expect(seenText({ isRead: true, readAt: '2026-11-03T14:05:00' }, 'Seen', 'Sent')).toBe(
      'Seen Nov 3, 2026 at 2:05 PM',
    );
    expect(seenText({ isRead: true, readAt: null }, 'Seen by client', 'Not seen yet')).toBe('Seen by client');
    expect(seenText({ isRead: false, readAt: null }, 'Seen by client', 'Not seen yet')).toBe('Not seen yet');
  });
  it('shows budgets in dollars from cents, or Not specified', () => {
    expect(formatBudget(240000)).toBe('$2,400.00');
    expect(formatBudget(null)).toBe('Not specified');
  });
});
