/**
 * Field schemas shared by the forms and the API (docs/product.md#validation): one schema
 * checks a form in the browser and its request on the server. Bounds: name at most 100
 * characters, subject 200, message 5,000 (docs/product.md#limits).
 * Email syntax is zod's. (Phone numbers live in emergency.ts, so that only the emergency form
 * loads libphonenumber-js.)
 */
import { z } from '../zod.ts';

export const NAME_MAX = 100;
export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 5000;
/** RFC 5321 limits a forward path to 254 characters. */
const EMAIL_MAX = 254;

/** Required trimmed text between 1 and `max` characters. */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`);
}

/** A required, valid email address ('Please enter a valid email address'). */
export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .pipe(z.email('Please enter a valid email address'));

/** True when `value` is a syntactically valid email address. */
export function isEmailAddress(value: string): boolean {
  return z.email().safeParse(value).success;
}
