/**
 * POST /api/audit {website, name, email} (plus the bot guard's fields) → 200 {report}: the real
 * audit of the page (docs/product.md#website-audit). An audit request is a request for contact,
 * so it is recorded as a lead whatever the audit's outcome: subject 'Free Website Audit Request',
 * message 'Requested audit for: ' plus the URL, services ['Website Audit'], with the score and
 * report when the audit ran, or with `auditError` (why it could not) when it did not; the team
 * is told either way. A retry by the same person (the same email) within an hour updates that
 * lead instead of adding another (services/leads/leads.ts `recordAuditRequest`).
 *
 * A target the audit refuses or cannot reach (a name that does not resolve, a site down, too
 * slow, not a web page...) answers 422 `audit_{reason}` with the message on the `website` field;
 * an unexpected failure answers 500 `internal_error` (and is logged). Both answers carry
 * `leadId` (FailedAuditBody), so the page tells the visitor that the team has the request. A body
 * that fails its schema (400 malformed JSON, 422 invalid fields) stores nothing. A bot gets the
 * answer a person would get and nothing is stored. AUDIT_RATE_LIMIT audits per address per 10
 * minutes (429). An optional `Idempotency-Key` header (middleware/idempotency.ts) makes a repeat
 * safe: the lead and its answer are stored with the key, and a repeat gets that answer again.
 */
import { Hono } from 'hono';
import { routePath } from 'hono/route';
import { auditFormSchema, type AuditReport, type FailedAuditBody } from '../../shared/audit.ts';
import { antiBotFields } from '../../shared/schemas/contact.ts';
import type { ApiEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { errorBody, INTERNAL_ERROR_MESSAGE } from '../errors.ts';
import { forwardLead } from '../services/leads/forward.ts';
import { log } from '../log.ts';
import { botGuard } from '../middleware/bot-guard.ts';
import { idempotencyKey } from '../middleware/idempotency.ts';
import { LEAD_LIMIT_WINDOW_SECONDS } from '../middleware/limits.ts';
import { createLimiter, limitByAddress } from '../middleware/rate-limit.ts';
import { recordAuditRequest } from '../services/leads/audit-leads.ts';
import type { NewLead } from '../services/leads/leads.ts';
import { validate } from '../validation.ts';
import { FetchRefused } from '../services/website-audit/safe-fetch.ts';
import { createAuditor, type AuditOptions } from '../services/website-audit/service.ts';

const AUDIT_SUBJECT = 'Free Website Audit Request';

/** The Idempotency-Key scope of this route: a key used here means nothing elsewhere. */
const AUDIT_SCOPE = 'POST /api/audit';

/** The reason kept with the lead when the audit broke on our side rather than on the target. */
const AUDIT_BROKE = 'The audit could not be run because of an error on our side.';

/** How an audit that could not be run is answered, and the reason kept with its lead. */
function failureOf(error: unknown): { status: 422 | 500; body: FailedAuditBody['error']; reason: string } {
  if (error instanceof FetchRefused) {
    // The visitor reads why under the website field.
    const body = errorBody(`audit_${error.code}`, error.message, { website: error.message });
    return { status: 422, body: body.error, reason: error.message };
  }
  return { status: 500, body: errorBody('internal_error', INTERNAL_ERROR_MESSAGE).error, reason: AUDIT_BROKE };
}

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
    idempotencyKey(AUDIT_SCOPE),
    limitByAddress(limiter),
    botGuard(),
    async (c) => {
      const body = c.req.valid('json');
      const outcome = await audit(body.website).then(
        (report) => ({ report, error: null }),
        (error: unknown) => ({ report: null, error }),
      );
      const request: NewLead & { email: string } = {
        source: 'audit',
        name: body.name,
        email: body.email,
        subject: AUDIT_SUBJECT,
        message: `Requested audit for: ${body.website}`,
        services: ['Website Audit'],
      };
      const key = c.var.idempotency;

      if (!outcome.report) {
        if (!(outcome.error instanceof FetchRefused)) {
          log.error(
            { reqId: c.var.requestId, method: c.req.method, route: routePath(c, -1), err: outcome.error },
            'unexpected error',
          );
        }
        const { status, body: error, reason } = failureOf(outcome.error);
        const answer = (leadId: string): FailedAuditBody => ({ error, leadId });
        // A bot is answered as a person would be, with an id that names nothing.
        if (c.var.bot) return c.json(answer(crypto.randomUUID()), status);
        const lead = await recordAuditRequest(
          deps.db,
          { ...request, auditError: reason },
          key && { request: key, answer: (row) => ({ status, body: answer(row.id) }) },
        );
        forwardLead(lead, deps);
        return c.json(answer(lead.id), status);
      }

      const report: AuditReport = outcome.report;
      if (!c.var.bot) {
        const lead = await recordAuditRequest(
          deps.db,
          { ...request, auditScore: report.score, auditReport: report },
          key && { request: key, answer: () => ({ status: 200, body: { report } }) },
        );
        forwardLead(lead, deps);
      }
      return c.json({ report });
    },
  );
}
