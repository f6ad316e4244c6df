/**
 * POST /api/contact: stores a lead from the landing, website-audit or emergency form
 * (docs/product.md#contact-form, docs/product.md#emergency).
 *
 * Body: the landing form {name, email, message, howDidYouFindUs}, the audit request {name,
 * email, subject, message, services} or the emergency form {source: "emergency", name, contact,
 * message}; `source` may be given, else it is inferred. Answers 201 {id}. 400 malformed JSON,
 * 413 over 64 KB, 415 not JSON, 422 invalid fields, 429 past LEAD_RATE_LIMIT leads per 10
 * minutes from one address (with Retry-After). A bot (bot guard) gets 201 and nothing is stored.
 *
 * An optional `Idempotency-Key` header (middleware/idempotency.ts) makes a retry safe: the lead
 * and the key are stored in one transaction; a repeat with the same body gets the first answer
 * (`Idempotent-Replayed: true`) and stores nothing; the same key with another body answers 422,
 * a malformed key 400.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { isEmailAddress } from '../../shared/schemas/fields.ts';
import { antiBotFields, auditLeadSchema, contactFormSchema } from '../../shared/schemas/contact.ts';
import { emergencyFormSchema } from '../../shared/schemas/emergency.ts';
import type { ApiEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { forwardLead } from '../services/leads/forward.ts';
import { botGuard } from '../middleware/bot-guard.ts';
import { idempotencyKey } from '../middleware/idempotency.ts';
import { LEAD_LIMIT_WINDOW_SECONDS } from '../middleware/limits.ts';
import { createLimiter, limitByAddress } from '../middleware/rate-limit.ts';
import { createLead, type NewLead } from '../services/leads/leads.ts';
import { validate } from '../validation.ts';

/** The Idempotency-Key scope of this route: a key used here means nothing elsewhere. */
const CONTACT_SCOPE = 'POST /api/contact';

const leadVariants = z.discriminatedUnion(
  'source',
  [
    contactFormSchema.extend({ source: z.literal('landing'), ...antiBotFields }),
    auditLeadSchema.extend({ source: z.literal('audit'), ...antiBotFields }),
    emergencyFormSchema.extend({ source: z.literal('emergency'), ...antiBotFields }),
  ],
  { error: 'source must be landing, audit or emergency' },
);
type LeadVariant = z.input<typeof leadVariants>;
/** What callers send: `source` may be left out by the landing and audit forms. */
type LeadRequestInput =
  | Exclude<LeadVariant, { source: 'landing' | 'audit' }>
  | (Omit<Extract<LeadVariant, { source: 'landing' }>, 'source'> & { source?: 'landing' })
  | (Omit<Extract<LeadVariant, { source: 'audit' }>, 'source'> & { source?: 'audit' });

/** The lead body; without `source`, a body with `services` is the audit request, else the landing form. */
const leadRequestSchema: z.ZodType<z.output<typeof leadVariants>, LeadRequestInput> = z.preprocess((body) => {
  if (body && typeof body === 'object' && !Array.isArray(body) && !('source' in body)) {
    return { ...body, source: 'services' in body ? 'audit' : 'landing' };
  }
  return body;
}, leadVariants) as never;
type LeadRequest = z.infer<typeof leadRequestSchema>;

function toNewLead(body: LeadRequest): NewLead {
  switch (body.source) {
    case 'landing':
      return {
        source: 'landing',
        name: body.name,
        email: body.email,
        message: body.message,
        howDidYouFindUs: body.howDidYouFindUs,
      };
    case 'audit':
      return {
        source: 'audit',
        name: body.name,
        email: body.email,
        subject: body.subject,
        message: body.message,
        services: body.services,
      };
    case 'emergency': {
      const byEmail = isEmailAddress(body.contact);
      return {
        source: 'emergency',
        urgent: true,
        name: body.name,
        email: byEmail ? body.contact : null,
        phone: byEmail ? null : body.contact,
        subject: 'Emergency support request',
        message: body.message,
      };
    }
  }
}

export function leadRoutes(deps: AppDeps) {
  const limiter = createLimiter(deps.db, {
    name: 'lead',
    points: deps.env.LEAD_RATE_LIMIT,
    durationSeconds: LEAD_LIMIT_WINDOW_SECONDS,
    message: 'Too many messages from your address. Please try again later or call us.',
  });
  return new Hono<ApiEnv>().post(
    '/',
    validate('json', leadRequestSchema),
    idempotencyKey(CONTACT_SCOPE),
    limitByAddress(limiter),
    botGuard(),
    async (c) => {
      const body = c.req.valid('json');
      // An emergency request is never dropped: one that looks like a bot's is kept, flagged, and
      // not emailed as urgent. Other forms' bots get the same answer and nothing is stored.
      if (c.var.bot && body.source !== 'emergency') return c.json({ id: crypto.randomUUID() }, 201);
      const suspected = c.var.bot;
      const newLead = toNewLead(body);
      const request = c.var.idempotency;
      const lead = await createLead(
        deps.db,
        suspected ? { ...newLead, urgent: false, suspectedSpam: true } : newLead,
        request && { request, answer: (row) => ({ status: 201, body: { id: row.id } }) },
        deps.env.INBOUND_DOMAIN,
      );
      if (!suspected) forwardLead(lead, deps);
      return c.json({ id: lead.id }, 201);
    },
  );
}
