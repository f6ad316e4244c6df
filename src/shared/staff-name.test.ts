import { describe, expect, it } from 'vitest';
import { staffDisplayName, staffName } from './staff-name.ts';

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

describe('staffName', () => {
  it('prefers the display name, else reads one from the address', () => {
    expect(staffName({ username: 'owner@agency.test', displayName: '  Ana Ruiz ' })).toBe('Ana Ruiz');
    expect(staffName({ username: 'maria.lopez@agency.test', displayName: null })).toBe('Maria Lopez');
    expect(staffName({ username: 'owner@agency.test', displayName: '   ' })).toBe('Owner');
  });
});
