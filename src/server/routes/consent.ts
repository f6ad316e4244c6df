/**
 * POST /api/consent {purpose, granted, textVersion} → 201 {recorded: true} (docs/product.md#privacy):
 * records a consent given or withdrawn, for the signed-in client, or else for the browser's
 * anonymous id (the httpOnly cookie `consent_id`, a random id set here for a year; no IP address is
 * kept). 422 for an unknown purpose or a text version never shown; 429 past 60 a minute from one
 * address.
 */
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { setAppCookie } from '../middleware/cookies.ts';
import { currentClient } from '../middleware/identity.ts';
import type { ApiEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { createLimiter, limitByAddress } from '../middleware/rate-limit.ts';
import { recordConsent } from '../services/privacy/consent.ts';
import { validate } from '../validation.ts';

const VISITOR_COOKIE = 'consent_id';
/** How long the anonymous id lasts, in seconds: a year, as the choice it records. */
const VISITOR_COOKIE_SECONDS = 365 * 24 * 60 * 60;

const consentBody = z.object({
  purpose: z.enum(['analytics', 'newsletter', 'contact-processing'], { error: 'Unknown purpose' }),
  granted: z.boolean({ error: 'granted must be true or false' }),
  textVersion: z.string().trim().min(1).max(100),
});

export function consentRoutes(deps: AppDeps) {
  const limiter = createLimiter(deps.db, {
    name: 'consent',
    points: 60,
    durationSeconds: 60,
    message: 'Too many requests. Please try again later.',
  });
  return new Hono<ApiEnv>().post('/', validate('json', consentBody), limitByAddress(limiter), async (c) => {
    const { purpose, granted, textVersion } = c.req.valid('json');
    const client = await currentClient(c);
    let subject: { kind: 'client' | 'visitor'; id: string };
    if (client) subject = { kind: 'client', id: client.id };
    else {
      const known = getCookie(c, VISITOR_COOKIE);
      const id = known && /^[0-9a-f-]{36}$/.test(known) ? known : crypto.randomUUID();
      if (id !== known) {
        setAppCookie(c, VISITOR_COOKIE, id, {
          httpOnly: true,
          sameSite: 'Lax',
          path: '/api/consent',
          maxAge: VISITOR_COOKIE_SECONDS,
        });
      }
      subject = { kind: 'visitor', id };
    }
    await recordConsent(deps.db, subject, {
      purpose,
      granted,
      textVersion,
      method: subject.kind === 'client' ? 'settings' : 'banner',
    });
    return c.json({ recorded: true as const }, 201);
  });
}
