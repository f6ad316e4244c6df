/**
 * The exact texts of the consents the site asks for (docs/product.md#privacy): each purpose's
 * current version and the words shown, which the pages render from here and the server records
 * (with their SHA-256) beside each choice. A changed text gets a new version; old versions stay
 * listed, so an old record still names the words it was given for.
 */
export interface ConsentText {
  version: string;
  text: string;
}

/** Every version of every purpose's text, oldest first; the last one is the one shown now. */
export const CONSENT_TEXTS = {
  analytics: [
    {
      version: 'banner-2026-11',
      text: 'We use strictly necessary storage to run this site, and analytics only with your permission. Read our privacy policy.',
    },
  ],
  newsletter: [
    {
      version: 'newsletter-2026-11',
      text: 'New articles on websites, local search and security for Delaware small businesses, sent when we publish them. No spam.',
    },
  ],
  'contact-processing': [
    {
      version: 'contact-2026-11',
      text: 'We use your details only to answer your message, as our privacy policy says.',
    },
  ],
} as const satisfies Record<string, readonly ConsentText[]>;

export type ConsentPurposeName = keyof typeof CONSENT_TEXTS;

/** The text shown now for `purpose`. */
export function currentConsentText(purpose: ConsentPurposeName): ConsentText {
  const versions = CONSENT_TEXTS[purpose];
  return versions[versions.length - 1]!;
}

/** The text of `purpose` at `version`, or undefined for a version never shown. */
export function consentTextAt(purpose: ConsentPurposeName, version: string): ConsentText | undefined {
  return (CONSENT_TEXTS[purpose] as readonly ConsentText[]).find((t) => t.version === version);
}
