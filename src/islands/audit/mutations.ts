/**
 * The website audit's one write (docs/product.md#website-audit): POST audit runs the real audit
 * of the page, records the lead, and answers with the report. A target the audit refuses answers
 * 422 with the message to show on the website field.
 */
import { useMutation } from '@tanstack/react-query';
import type { AuditFormInput } from '../../shared/audit.ts';
import { api, unwrap } from '../lib/api.ts';
import type { AntiBot } from '../contact/mutations.ts';

/** Runs the audit of `values.website`; resolves to `{ report }`. */
export function useRunAudit(antiBot: () => AntiBot) {
  return useMutation({
    mutationFn: (values: AuditFormInput) => unwrap(api.audit.$post({ json: { ...values, ...antiBot() } })),
  });
}
