import { describe, expect, it } from 'vitest';
import { AUTHORIZATION_REQUIRED, DOMAIN_REQUIRED, INVALID_DOMAIN, targetSchema } from './target-schema.ts';

const problems = (input: { domain: string; consent: boolean }) => {
  const result = targetSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the toolkit target form (docs/product.md#toolkit)', () => {
  it('asks for authorization first, whatever the domain', () => {
    expect(problems({ domain: '', consent: false })).toEqual({ 'root.authorization': AUTHORIZATION_REQUIRED });
    expect(problems({ domain: 'example.com; rm -rf /', consent: false })).toEqual({
      'root.authorization': AUTHORIZATION_REQUIRED,
    });
  });

  it('then asks for a domain, also when only a scheme was typed', () => {
    expect(problems({ domain: '  ', consent: true })).toEqual({ 'root.domainRequired': DOMAIN_REQUIRED });
    expect(problems({ domain: 'https://', consent: true })).toEqual({ 'root.domainRequired': DOMAIN_REQUIRED });
  });

  it('refuses what is not a hostname on the domain field', () => {
    for (const domain of ['example.com; rm -rf /', 'localhost', '10.0.0.1', 'example.com/path', 'exa mple.com']) {
      expect(problems({ domain, consent: true })).toEqual({ domain: INVALID_DOMAIN });
    }
  });

  it('gives the cleaned-up domain', () => {
    expect(targetSchema.parse({ domain: 'https://Shop.Example.com/', consent: true })).toEqual({
      domain: 'shop.example.com',
    });
  });
});
