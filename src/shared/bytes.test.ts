import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes.ts';

describe('formatBytes', () => {
  it('shows sizes in binary multiples written KB, MB and GB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(26_214_400)).toBe('25 MB');
    expect(formatBytes(1_073_741_824)).toBe('1 GB');
    expect(formatBytes(1_288_490_189)).toBe('1.2 GB');
  });
});
