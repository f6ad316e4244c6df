/**
 * POST /api/newsletter {email}: stores the address once (docs/product.md#blog). Answers 200
 * {status: "subscribed"} whether it was new or known, so nobody learns who subscribed.
 * 422 for an invalid address, 429 past 5 sign-ups in 10 minutes from one address; a bot (bot
 * guard) gets the same answer and nothing is stored.
 *
 * POST /api/newsletter/unsubscribe {email}: deletes the address and records the consent withdrawn
 * (docs/product.md#privacy). Answers 200 {status: "unsubscribed"} whether it was subscribed or not;
 * 422 for an invalid address, 429 past 5 in 10 minutes from one address.
 */
import { Hono } from 'hono';
import { antiBotFields } from '../../shared/schemas/contact.ts';
import { newsletterSchema } from '../../shared/schemas/newsletter.ts';
import type { ApiEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { botGuard } from '../middleware/bot-guard.ts';
import { createLimiter, limitByAddress } from '../middleware/rate-limit.ts';
import { subscribe, unsubscribe } from '../services/newsletter/newsletter.ts';
import { validate } from '../validation.ts';

/** Sign-ups per address per window, and the window in seconds: 5 per 10 minutes. */
const SIGN_UPS = 5;
const WINDOW_SECONDS = 600;

export function newsletterRoutes(deps: AppDeps) {
  const limiter = createLimiter(deps.db, {
    name: 'newsletter',
    points: SIGN_UPS,
    durationSeconds: WINDOW_SECONDS,
    message: 'Too many sign-ups from your address. Please try again later.',
  });
  const unsubscribes = createLimiter(deps.db, {
    name: 'newsletter-unsubscribe',
    points: SIGN_UPS,
    durationSeconds: WINDOW_SECONDS,
    message: 'Too many requests from your address. Please try again later.',
  });
  const subscribed = { status: 'subscribed' } as const;
  return new Hono<ApiEnv>()
    .post('/unsubscribe', validate('json', newsletterSchema), limitByAddress(unsubscribes), async (c) => {
      await unsubscribe(deps.db, c.req.valid('json').email);
      return c.json({ status: 'unsubscribed' as const }, 200);
    })
    .post(
      '/',
      validate('json', newsletterSchema.extend(antiBotFields)),
      limitByAddress(limiter),
      botGuard({ answer: (c) => c.json(subscribed, 200) }),
      async (c) => {
        await subscribe(deps.db, c.req.valid('json').email);
        return c.json(subscribed, 200);
      },
    );
}
