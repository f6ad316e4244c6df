/**
 * The website audit's one write (docs/product.md#website-audit): POST audit runs the real audit
 * of the page, records the request as a lead, and answers with the report. An audit that could
 * not be run answers 422 (a refused or unreachable address, its message for the website field) or
 * 500, with `leadId` when the request was stored all the same (`recordedLeadOf`).
 *
 * Each submission carries its own `Idempotency-Key` (lib/submission-key.ts): the same values sent
 * again after a lost answer reuse the key, so the request is stored once; once the server has
 * answered it (a report, or a failure that stored the lead), the next audit is a new submission.
 */
import { useMutation } from '@tanstack/react-query';
import { leadIdOfFailedAudit, type AuditFormInput } from '../../shared/audit.ts';
import { ApiError, api, unwrap } from '../lib/api.ts';
import { idempotent, useSubmissionKey } from '../lib/submission-key.ts';
import type { AntiBot } from '../contact/mutations.ts';

/** The lead a failed audit's request was stored as (its id), or null when nothing was stored. */
export function recordedLeadOf(error: unknown): string | null {
  return error instanceof ApiError ? leadIdOfFailedAudit(error.body) : null;
}

/** Runs the audit of `values.website`; resolves to `{ report }`. */
export function useRunAudit(antiBot: () => AntiBot) {
  const submission = useSubmissionKey();
  return useMutation({
    mutationFn: (values: AuditFormInput) => {
      const json = { ...values, ...antiBot() };
      return unwrap(api.audit.$post({ json }, idempotent(submission.keyFor(json))));
    },
    onSuccess: () => submission.done(),
    onError: (error) => {
      if (recordedLeadOf(error)) submission.done();
    },
  });
}
