/**
 * The public lead forms' writes (docs/product.md#contact-form): the landing page's contact form
 * and the emergency form, both stored as leads by POST contact. Each carries the anti-bot fields:
 * the honeypot's value and when the form was shown. They touch no cached data.
 *
 * Each submission carries its own `Idempotency-Key` (lib/submission-key.ts): sending the same
 * values again after a failure (a lost answer, a dropped connection) reuses the key, so the server
 * answers the first answer instead of storing the lead twice; a success, or changed values,
 * starts a new submission with a new key.
 */
import { useMutation } from '@tanstack/react-query';
import type { ContactFormValues } from '../../shared/schemas/contact.ts';
import type { EmergencyFormValues } from '../../shared/schemas/emergency.ts';
import { api, unwrap } from '../lib/api.ts';
import { idempotent, useSubmissionKey } from '../lib/submission-key.ts';

/** What every lead form adds to its fields: the honeypot's value and when the form was shown (epoch ms). */
export interface AntiBot {
  fax: string;
  startedAt: number;
}

/** Sends the contact form; `antiBot()` is read when the request is made. */
export function useContactLead(antiBot: () => AntiBot) {
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (values: ContactFormValues) => {
      const json = { ...values, ...antiBot() };
      return unwrap(api.contact.$post({ json }, idempotent(submission.keyFor(json))));
    },
    onSuccess: () => submission.done(),
  });
}

/** Sends the emergency form as an urgent lead (source 'emergency'). */
export function useEmergencyLead(antiBot: () => AntiBot) {
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (values: EmergencyFormValues) => {
      const json = { source: 'emergency' as const, ...values, ...antiBot() };
      return unwrap(api.contact.$post({ json }, idempotent(submission.keyFor(json))));
    },
    onSuccess: () => submission.done(),
  });
}
