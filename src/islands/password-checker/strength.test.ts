import { describe, expect, it } from 'vitest';
import { passwordStrength } from './strength.ts';

describe('passwordStrength (docs/product.md#password-checker)', () => {
  it.each([
    ['', 'Enter a password', 0, 'none', 0],
    ['a', 'Very Weak', 20, 'red', 1],
    ['!', 'Very Weak', 20, 'red', 1],
    ['ab1', 'Weak', 40, 'orange', 2],
    ['Ab1', 'Fair', 60, 'yellow', 3],
    ['Abcdefg1', 'Good', 80, 'blue', 4],
    ['Abcdef1!', 'Strong', 100, 'green', 5],
  ])('%j is %s (%i %%, %s) with %i requirements met', (password, label, percent, color, metCount) => {
    expect(passwordStrength(password)).toMatchObject({ label, percent, color, metCount });
  });

  it('counts zero requirements met as Very Weak', () => {
    expect(passwordStrength(' ')).toMatchObject({ label: 'Very Weak', percent: 20, metCount: 0 });
  });

  it('accepts exactly the special characters of the spec', () => {
    for (const ch of '!@#$%^&*(),.?":{}|<>') expect(passwordStrength(ch).met.special).toBe(true);
    for (const ch of "-_=+[]\\/;'`~") expect(passwordStrength(ch).met.special).toBe(false);
  });

  it('needs 8 characters for the length requirement', () => {
    expect(passwordStrength('1234567').met.length).toBe(false);
    expect(passwordStrength('12345678').met.length).toBe(true);
  });
});
