/**
 * The public lead forms' writes (docs/product.md#contact-form): the landing page's contact form
 * and the emergency form, both stored as leads by POST contact. Each carries the anti-bot fields:
 * the honeypot's value and when the form was shown. They touch no cached data.
 *
 * Each submission carries its own `Idempotency-Key` (IETF httpapi draft "The Idempotency-Key HTTP
 * Header Field"): sending the same values again after a failure (a lost answer, a dropped
 * connection) reuses the key, so the server answers the first answer instead of storing the lead
 * twice; a success, or changed values, starts a new submission with a new key.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContactFormValues } from '../../shared/schemas/contact.ts';
import type { EmergencyFormValues } from '../../shared/schemas/emergency.ts';
import { api, unwrap } from '../lib/api.ts';

/** What every lead form adds to its fields: the honeypot's value and when the form was shown (epoch ms). */
export interface AntiBot {
  fax: string;
  startedAt: number;
}

/** A random UUID (v4); `crypto.randomUUID` exists only on secure pages, so built by hand elsewhere. */
function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Idempotency-Key of a form's current submission: `keyFor(body)` gives the same key while
 * the same body is sent again, a new one when the body changed; `done()` after a success, so
 * that the next submission, even of the same values, is a new one.
 */
function useSubmissionKey() {
  const [keys] = useState(() => {
    let current: { key: string; body: string } | undefined;
    return {
      keyFor(body: unknown): string {
        const text = JSON.stringify(body);
        if (current?.body !== text) current = { key: randomKey(), body: text };
        return current.key;
      },
      done() {
        current = undefined;
      },
    };
  });
  return keys;
}

const idempotent = (key: string) => ({ headers: { 'Idempotency-Key': key } });

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
