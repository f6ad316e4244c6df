import { describe, expect, it } from 'vitest';
import { staffDisplayName } from './staff-name.ts';

describe('staffDisplayName', () => {
  it('reads an address as a name, never keeping the address', () => {
    expect(staffDisplayName('maria.lopez@agency.example')).toBe('Maria Lopez');
    expect(staffDisplayName('sam_o-neil+work@agency.example')).toBe('Sam O Neil Work');
    expect(staffDisplayName('@agency.example')).toBe('Team');
  });

  it('keeps a name that is no address', () => {
    expect(staffDisplayName('Maria')).toBe('Maria');
  });
});
