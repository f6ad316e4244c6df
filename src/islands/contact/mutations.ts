/**
 * The public lead forms' writes (docs/product.md#contact-form): the landing page's contact form
 * and the emergency form, both stored as leads by POST contact. Each carries the anti-bot fields:
 * the honeypot's value and when the form was shown. They touch no cached data.
 */
import { useMutation } from '@tanstack/react-query';
import type { ContactFormValues } from '../../shared/schemas/contact.ts';
import type { EmergencyFormValues } from '../../shared/schemas/emergency.ts';
import { api, unwrap } from '../lib/api.ts';

/** What every lead form adds to its fields: the honeypot's value and when the form was shown (epoch ms). */
export interface AntiBot {
  fax: string;
  startedAt: number;
}

/** Sends the contact form; `antiBot()` is read when the request is made. */
export function useContactLead(antiBot: () => AntiBot) {
  return useMutation({
    mutationFn: (values: ContactFormValues) => unwrap(api.contact.$post({ json: { ...values, ...antiBot() } })),
  });
}

/** Sends the emergency form as an urgent lead (source 'emergency'). */
export function useEmergencyLead(antiBot: () => AntiBot) {
  return useMutation({
    mutationFn: (values: EmergencyFormValues) =>
      unwrap(api.contact.$post({ json: { source: 'emergency', ...values, ...antiBot() } })),
  });
}
