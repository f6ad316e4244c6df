import { describe, expect, it } from 'vitest';
import { formatTime } from './layout.tsx';

describe('formatTime (docs/product.md#notifications)', () => {
  it("shows a time in the agency's zone, and names the zone", () => {
    expect(formatTime(new Date('2026-11-03T14:05:00Z'), 'America/New_York')).toBe('Nov 3, 2026 at 9:05 AM EST');
    expect(formatTime(new Date('2026-07-04T23:30:00Z'), 'America/New_York')).toBe('Jul 4, 2026 at 7:30 PM EDT');
    expect(formatTime(new Date('2026-11-03T14:05:00Z'), 'UTC')).toBe('Nov 3, 2026 at 2:05 PM UTC');
  });

  it('does not depend on the server clock’s own zone', () => {
    const date = new Date('2026-01-15T05:00:00Z');
    expect(formatTime(date, 'America/Los_Angeles')).toBe('Jan 14, 2026 at 9:00 PM PST');
  });
});
