/**
 * POST /api/audit (SPEC.md 2.5, 7; issue 5): {website, name, email} (plus the anti-bot fields)
 * → 200 {report}, the real audit of the page. The lead is recorded as SPEC.md 7 says (subject
 * 'Free Website Audit Request', message 'Requested audit for: ' plus the URL, services
 * ['Website Audit']) with the score attached, and the team is told. A target the audit refuses
 * (private address, not a web page, too slow...) answers 422 with the message the page shows.
 * AUDIT_RATE_LIMIT audits per address per 10 minutes (429 with Retry-After).
 */
import { Hono } from 'hono';
import { auditFormSchema } from '../../shared/audit.ts';
import { antiBotFields } from '../../shared/schemas/contact.ts';
import { FetchRefused } from '../audit/safe-fetch.ts';
import { createAuditor, type AuditOptions } from '../audit/service.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { notifyNewLead } from '../lead-notifications.ts';
import { clientAddress, createLimiter, type ApiBindings } from '../middleware/rate-limit.ts';
import { createLead } from '../services/leads.ts';
import { validate } from '../validation.ts';
import { LEAD_LIMIT_WINDOW_SECONDS, MIN_FILL_TIME_MS } from './contact.ts';

export const AUDIT_SUBJECT = 'Free Website Audit Request';

export function auditRoutes(deps: AppDeps, options: AuditOptions = {}) {
  const audit = createAuditor({ allowLoopback: deps.env.AUDIT_ALLOW_LOOPBACK, ...options });
  const limiter = createLimiter(
    deps.env.AUDIT_RATE_LIMIT,
    LEAD_LIMIT_WINDOW_SECONDS,
    'Too many audits from your address. Please try again in a few minutes.',
  );
  return new Hono<{ Bindings: ApiBindings }>().post(
    '/',
    validate('json', auditFormSchema.extend(antiBotFields)),
    async (c) => {
      const body = c.req.valid('json');
      await limiter.consume(clientAddress(c, deps.env.TRUST_PROXY));
      let report;
      try {
        report = await audit(body.website);
      } catch (error) {
        if (error instanceof FetchRefused) {
          throw new AppError(422, `audit_${error.code}`, error.message, { website: error.message });
        }
        throw error;
      }
      const bot =
        Boolean(body.fax?.trim()) || (body.startedAt !== undefined && Date.now() - body.startedAt < MIN_FILL_TIME_MS);
      if (!bot) {
        const lead = await createLead(deps.db, {
          source: 'audit',
          name: body.name,
          email: body.email,
          subject: AUDIT_SUBJECT,
          message: `Requested audit for: ${body.website}`,
          services: ['Website Audit'],
          auditScore: report.score,
        });
        notifyNewLead(lead, { env: deps.env, mailer: deps.mailer, tasks: deps.tasks, fetch: deps.fetch });
      }
      return c.json({ report });
    },
  );
}
