/**
 * Phone numbers for Call buttons (docs/product.md#leads: a Call button only where a real phone
 * number exists, never a tel: link built from an email). Parsing and validation
 * are libphonenumber-js's, with the US as the default country.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** '(302) 555-0147' → 'tel:+13025550147'; an email, free text or an invalid number → null. */
export function telHref(value: string | null | undefined): string | null {
  if (!value) return null;
  const number = parsePhoneNumberFromString(value, 'US');
  return number?.isValid() ? number.getURI() : null;
}
