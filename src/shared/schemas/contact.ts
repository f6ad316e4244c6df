/**
 * The lead forms (docs/product.md#contact-form): the landing contact form and the audit request;
 * the emergency form is in emergency.ts. One schema each, used by the form's resolver and by
 * the API's contact route.
 */
import { z } from '../zod.ts';
import { MESSAGE_MAX, NAME_MAX, SUBJECT_MAX, emailField, requiredText } from './fields.ts';

/** The 11 values of the 'How did you find us? *' select, in the order it shows them. */
export const HOW_DID_YOU_FIND_US = [
  'google-search',
  'social-media',
  'referral',
  'linkedin',
  'facebook',
  'instagram',
  'online-ad',
  'existing-client',
  'networking-event',
  'business-directory',
  'other',
] as const;
export type HowDidYouFindUs = (typeof HOW_DID_YOU_FIND_US)[number];

/** Human labels for the select's options. */
export const HOW_DID_YOU_FIND_US_LABELS: Record<HowDidYouFindUs, string> = {
  'google-search': 'Google Search',
  'social-media': 'Social Media',
  referral: 'Referral from a friend or colleague',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  instagram: 'Instagram',
  'online-ad': 'Online Ad',
  'existing-client': 'Existing Client',
  'networking-event': 'Networking Event',
  'business-directory': 'Business Directory',
  other: 'Other',
};

/**
 * Fields every public lead form may carry against bots (docs/product.md#limits): `fax` is a
 * honeypot no person sees, `startedAt` the epoch milliseconds when the form was shown.
 */
export const antiBotFields = {
  fax: z.string().max(500).optional(),
  startedAt: z.number().int().nonnegative().optional(),
};

/** Landing page contact form: name, email, message and how the visitor found us. */
export const contactFormSchema = z.object({
  name: requiredText('Name', NAME_MAX),
  email: emailField,
  message: requiredText('Message', MESSAGE_MAX),
  howDidYouFindUs: z.enum(HOW_DID_YOU_FIND_US, { error: 'Please tell us how you found us' }),
});
export type ContactFormValues = z.infer<typeof contactFormSchema>;

/** The audit page's request (docs/product.md#website-audit): subject and services come from the page. */
export const auditLeadSchema = z.object({
  name: requiredText('Name', NAME_MAX),
  email: emailField,
  subject: requiredText('Subject', SUBJECT_MAX),
  message: requiredText('Message', MESSAGE_MAX),
  services: z
    .array(z.string().trim().min(1).max(100), { error: 'Services must be a list' })
    .min(1, 'Choose at least one service')
    .max(10, 'Choose at most 10 services'),
});
