import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './live.ts';

describe('reconnectDelay (docs/product.md#live-updates)', () => {
  it('starts at 1 s and doubles up to 30 s', () => {
    const none = () => 0;
    expect([0, 1, 2, 3, 4, 5, 6, 12].map((attempt) => reconnectDelay(attempt, none))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('takes off up to a fifth at random, never more than the cap', () => {
    expect(reconnectDelay(0, () => 1)).toBe(800);
    expect(reconnectDelay(10, () => 0.5)).toBe(27_000);
    for (let i = 0; i < 100; i++) {
      const delay = reconnectDelay(8);
      expect(delay).toBeGreaterThanOrEqual(24_000);
      expect(delay).toBeLessThanOrEqual(30_000);
    }
  });
});
