/**
 * Cookie consent (docs/product.md#cookie-consent): the visitor's choice, kept in localStorage under
 * `cookie-consent`. Necessary is always true. Pure functions, no DOM.
 */
export const CONSENT_STORAGE_KEY = 'cookie-consent';
/** Window event fired after a choice is saved; `detail` is the saved Consent. */
export const CONSENT_EVENT = 'cookie-consent-changed';
/** Delay before the banner appears on a first visit, in milliseconds (docs/product.md#constants). */
export const BANNER_DELAY_MS = 1000;

export interface Consent {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  functional: boolean;
}

export type OptionalCategory = 'analytics' | 'marketing' | 'functional';
export const OPTIONAL_CATEGORIES: OptionalCategory[] = ['analytics', 'marketing', 'functional'];

export const ACCEPT_ALL: Consent = { necessary: true, analytics: true, marketing: true, functional: true };
export const NECESSARY_ONLY: Consent = { necessary: true, analytics: false, marketing: false, functional: false };

/** Reads a stored choice; null when nothing (or nothing well-formed) is stored. */
export function parseConsent(raw: string | null): Consent | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    if (!OPTIONAL_CATEGORIES.every((key) => typeof record[key] === 'boolean')) return null;
    return {
      necessary: true,
      analytics: record.analytics === true,
      marketing: record.marketing === true,
      functional: record.functional === true,
    };
  } catch {
    return null;
  }
}
