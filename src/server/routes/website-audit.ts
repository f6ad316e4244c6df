/**
 * POST /api/audit {website, name, email} (plus the bot guard's fields) → 200 {report}: the real
 * audit of the page (docs/product.md#website-audit). The lead is recorded with subject 'Free
 * Website Audit Request', message 'Requested audit for: ' plus the URL, services ['Website
 * Audit'] and the score, and the team is told; a bot gets its report and no lead is stored. A
 * target the audit refuses (private address, not a web page, too slow...) answers 422 with the
 * message the page shows. AUDIT_RATE_LIMIT audits per address per 10 minutes (429).
 */
import { Hono } from 'hono';
import { auditFormSchema } from '../../shared/audit.ts';
import { antiBotFields } from '../../shared/schemas/contact.ts';
import type { ApiEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { forwardLead } from '../lead-notifications.ts';
import { botGuard } from '../middleware/bot-guard.ts';
import { createLimiter, limitByAddress } from '../middleware/rate-limit.ts';
import { createLead } from '../services/leads.ts';
import { validate } from '../validation.ts';
import { createAuditor, type AuditOptions } from '../website-audit/service.ts';
import { LEAD_LIMIT_WINDOW_SECONDS } from './leads.ts';

const AUDIT_SUBJECT = 'Free Website Audit Request';

export function websiteAuditRoutes(deps: AppDeps, options: AuditOptions = {}) {
  const audit = createAuditor({ allowLoopback: deps.env.AUDIT_ALLOW_LOOPBACK, ...options });
  const limiter = createLimiter(deps.db, {
    name: 'audit',
    points: deps.env.AUDIT_RATE_LIMIT,
    durationSeconds: LEAD_LIMIT_WINDOW_SECONDS,
    message: 'Too many audits from your address. Please try again in a few minutes.',
  });
  return new Hono<ApiEnv>().post(
    '/',
    validate('json', auditFormSchema.extend(antiBotFields)),
    limitByAddress(limiter),
    botGuard(),
    async (c) => {
      const body = c.req.valid('json');
      // A refused target throws FetchRefused, which app.onError answers 422 on the `website` field.
      const report = await audit(body.website);
      if (!c.var.bot) {
        const lead = await createLead(deps.db, {
          source: 'audit',
          name: body.name,
          email: body.email,
          subject: AUDIT_SUBJECT,
          message: `Requested audit for: ${body.website}`,
          services: ['Website Audit'],
          auditScore: report.score,
          auditReport: report,
        });
        forwardLead(lead, deps);
      }
      return c.json({ report });
    },
  );
}
