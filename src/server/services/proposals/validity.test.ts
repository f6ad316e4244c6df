import { describe, expect, it } from 'vitest';
import { daysLeft, expiresAt, isPastValidity, statusAt, todayIn } from './validity.ts';

const ZONE = 'America/New_York';

describe('a proposal’s last day', () => {
  it('ends at midnight in the agency’s time zone, not in UTC', () => {
    expect(expiresAt('2026-12-31', ZONE).toISOString()).toBe('2027-01-01T05:00:00.000Z');
    // 11:30 PM in Wilmington on the last day is 04:30 UTC the next day: still valid.
    expect(isPastValidity('2026-12-31', ZONE, new Date('2027-01-01T04:30:00Z'))).toBe(false);
    expect(isPastValidity('2026-12-31', ZONE, new Date('2027-01-01T05:00:00Z'))).toBe(true);
    expect(todayIn(ZONE, new Date('2027-01-01T04:30:00Z'))).toBe('2026-12-31');
  });

  it('counts the days left, and reads an open proposal past its day as expired', () => {
    const now = new Date('2026-12-28T15:00:00Z');
    expect(daysLeft('2026-12-31', ZONE, now)).toBe(3);
    expect(statusAt({ status: 'viewed', validUntil: '2026-12-27' }, ZONE, now)).toBe('expired');
    expect(statusAt({ status: 'accepted', validUntil: '2026-12-27' }, ZONE, now)).toBe('accepted');
  });
});
