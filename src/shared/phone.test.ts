import { describe, expect, it } from 'vitest';
import { telHref } from './phone.ts';

describe('telHref (Call buttons only for real phone numbers)', () => {
  it.each([
    ['(302) 555-0147', 'tel:+13025550147'],
    ['+44 20 7946 0958', 'tel:+442079460958'],
    ['302.555.0188', 'tel:+13025550188'],
  ])('%s → %s', (input, href) => {
    expect(telHref(input)).toBe(href);
  });

  it.each([['ann@example.com'], ['call me'], ['123'], [''], [null], [undefined]])('%j → no Call button', (input) => {
    expect(telHref(input)).toBeNull();
  });
});
