/**
 * The website audit's shapes, shared by POST /api/audit and the /website-audit page
 * (docs/product.md#website-audit): the form (website a valid http(s) URL, 'Please enter a valid
 * website URL'; email; name at least 2 characters), the report, the answer to an audit that
 * could not be run (its request still stored as a lead), and the score bands (90 and up green,
 * 70 to 89 yellow, below 70 red) with their messages.
 */
import type { ErrorBody } from './api-error.ts';
import { z } from './zod.ts';
import { NAME_MAX, emailField } from './schemas/fields.ts';

const WEBSITE_MESSAGE = 'Please enter a valid website URL';

/** 'example.com' becomes 'https://example.com'; the result must be an http or https URL. */
const websiteField = z
  .string({ error: WEBSITE_MESSAGE })
  .trim()
  .min(1, WEBSITE_MESSAGE)
  .max(2000, WEBSITE_MESSAGE)
  .transform((v) => (/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`))
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.hostname, error: WEBSITE_MESSAGE }));

export const auditFormSchema = z.object({
  website: websiteField,
  name: z
    .string({ error: 'Name must be at least 2 characters' })
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`),
  email: emailField,
});
export type AuditFormInput = z.input<typeof auditFormSchema>;

export type Severity = 'high' | 'medium' | 'low';
export type AuditCategory = 'Security' | 'SEO' | 'Accessibility' | 'Mobile' | 'Performance';

export interface AuditIssue {
  category: AuditCategory;
  severity: Severity;
  message: string;
  impact: string;
}

export interface AuditCheck {
  id: string;
  category: AuditCategory;
  label: string;
  /** Points this check can give, and what the page earned. The points add up to 100. */
  points: number;
  earned: number;
}

export interface AuditReport {
  url: string;
  finalUrl: string;
  score: number;
  checks: AuditCheck[];
  issues: AuditIssue[];
  recommendations: string[];
  /** What the audit does not measure, said plainly (Core Web Vitals). */
  notMeasured: string;
  auditedAt: string;
}

/**
 * The answer to an audit that could not be run (422 `audit_{reason}`, or 500 when it broke on our
 * side): the API's error shape plus `leadId`, the lead the request was stored as, so the page can
 * tell the visitor that the team has it (docs/product.md#website-audit).
 */
export interface FailedAuditBody extends ErrorBody {
  leadId: string;
}

/** The stored lead's id in the body of a failed audit's answer; null for any other body. */
export function leadIdOfFailedAudit(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('leadId' in body)) return null;
  return typeof body.leadId === 'string' ? body.leadId : null;
}

export type Band = 'green' | 'yellow' | 'red';

/** The score bands (docs/product.md#website-audit): 90 or more green, 70 to 89 yellow, below 70 red. */
export function scoreBand(score: number): { band: Band; message: string } {
  if (score >= 90) return { band: 'green', message: 'Excellent! Your website is performing well.' };
  if (score >= 70) return { band: 'yellow', message: 'Good foundation with room for improvement.' };
  return { band: 'red', message: 'Significant opportunities to enhance your website.' };
}
