import { describe, expect, it } from 'vitest';
import { CONSENT_TEXTS, consentTextAt, currentConsentText } from './consent-texts.ts';

describe('consent texts', () => {
  it('names each version once, and the banner and contact texts carry the privacy policy link where pages put it', () => {
    for (const versions of Object.values(CONSENT_TEXTS)) {
      const names = versions.map((v) => v.version);
      expect(new Set(names).size).toBe(names.length);
    }
    expect(currentConsentText('analytics').text.split('privacy policy')).toHaveLength(2);
    expect(currentConsentText('contact-processing').text.split('privacy policy')).toHaveLength(2);
    expect(consentTextAt('newsletter', 'no-such-version')).toBeUndefined();
  });
});
