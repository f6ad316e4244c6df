import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './safe-fetch.ts';

describe('which addresses the audit may reach (OWASP SSRF)', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not-an-ip',
  ])('%s is refused', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:93.184.215.14'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('the tests-only allowance opens loopback and nothing else', () => {
    expect(isPublicAddress('127.0.0.1', true)).toBe(true);
    expect(isPublicAddress('::1', true)).toBe(true);
    expect(isPublicAddress('10.0.0.1', true)).toBe(false);
    expect(isPublicAddress('169.254.169.254', true)).toBe(false);
  });
});
