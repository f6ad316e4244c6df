/**
 * The emergency contact form (docs/product.md#emergency): name, an email address or a phone
 * number, and what happened. Phone numbers are checked by libphonenumber-js (US numbers, or
 * international ones written with +).
 */
import { isValidPhoneNumber } from 'libphonenumber-js';
import { z } from '../zod.ts';
import { MESSAGE_MAX, NAME_MAX, isEmailAddress, requiredText } from './fields.ts';

/** True when `value` is a dialable phone number (national US or international +…). */
function isPhoneNumber(value: string): boolean {
  return isValidPhoneNumber(value, 'US');
}

/** Emergency contact form: who, how to reach them (email or phone) and what happened. */
export const emergencyFormSchema = z.object({
  name: requiredText('Name', NAME_MAX),
  contact: z
    .string({ error: 'Enter an email address or phone number' })
    .trim()
    .min(1, 'Enter an email address or phone number')
    .max(254, 'Enter an email address or phone number')
    .refine((v) => isEmailAddress(v) || isPhoneNumber(v), {
      message: 'Enter a valid email address or phone number',
    }),
  message: requiredText('Description', MESSAGE_MAX),
});
export type EmergencyFormValues = z.infer<typeof emergencyFormSchema>;
