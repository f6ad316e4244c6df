/**
 * POST /api/newsletter {email}: stores the address once (issue 2). Answers 200
 * {status: "subscribed"} whether it was new or known, so nobody learns who subscribed.
 * 422 for an invalid address, 429 past 5 sign-ups in 10 minutes from one address.
 */
import { Hono } from 'hono';
import { newsletterSchema } from '../../shared/schemas/newsletter.ts';
import type { AppDeps } from '../deps.ts';
import { clientAddress, createLimiter, type ApiBindings } from '../middleware/rate-limit.ts';
import { subscribe } from '../services/newsletter.ts';
import { validate } from '../validation.ts';

export function newsletterRoutes(deps: AppDeps) {
  const limiter = createLimiter(5, 600, 'Too many sign-ups from your address. Please try again later.');
  return new Hono<{ Bindings: ApiBindings }>().post('/', validate('json', newsletterSchema), async (c) => {
    await limiter.consume(clientAddress(c, deps.env.TRUST_PROXY));
    await subscribe(deps.db, c.req.valid('json').email);
    return c.json({ status: 'subscribed' } as const, 200);
  });
}
