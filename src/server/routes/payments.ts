/**
 * Paying online (docs/product.md#payments), outside the signed-in areas:
 *
 * - GET /api/checkout/config → {plan}: whether /pricing offers the plan online (Stripe is set).
 * - POST /api/checkout/plan {name, email, company} → 200 {url}: Stripe Checkout in subscription
 *   mode with the 12-month commitment stated; 404 without Stripe; limited per address like the
 *   contact form (LEAD_RATE_LIMIT per LEAD_LIMIT_WINDOW_SECONDS).
 * - POST /api/webhooks/stripe: Stripe's signed events, the signature checked by the `stripe`
 *   library over the raw body with a 5-minute tolerance: 400 `bad_signature` when it does not
 *   hold (or is stale), 200 `{received: true, outcome}` once recorded (services/invoices/stripe-events.ts);
 *   404 without Stripe. A failure to record answers 500 so that Stripe delivers it again.
 */
import { Hono } from 'hono';
import { planCheckoutSchema } from '../../shared/schemas/invoices.ts';
import type { ApiEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { log } from '../log.ts';
import { LEAD_LIMIT_WINDOW_SECONDS } from '../middleware/limits.ts';
import { createLimiter, limitByAddress } from '../middleware/rate-limit.ts';
import { notificationRoutes } from '../services/email/notification-routes.ts';
import { planCheckout } from '../services/invoices/checkout.ts';
import { handleStripeEvent } from '../services/invoices/stripe-events.ts';
import { stripeOf, stripeOff } from '../services/invoices/stripe.ts';
import { validate } from '../validation.ts';

/** How old a webhook's signature may be, in seconds (Stripe's default tolerance). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export function checkoutRoutes(deps: AppDeps) {
  const limiter = createLimiter(deps.db, {
    name: 'plan-checkout',
    points: deps.env.LEAD_RATE_LIMIT,
    durationSeconds: LEAD_LIMIT_WINDOW_SECONDS,
    message: 'Too many requests from your address. Please try again later or call us.',
  });
  return new Hono<ApiEnv>()
    .get('/config', (c) => c.json({ plan: stripeOf(deps.env) !== null }))
    .post('/plan', validate('json', planCheckoutSchema), limitByAddress(limiter), async (c) =>
      c.json(await planCheckout(c.req.valid('json'), deps.env)),
    );
}

export function webhookRoutes(deps: AppDeps) {
  return new Hono<ApiEnv>().post('/stripe', async (c) => {
    const stripe = stripeOf(deps.env);
    if (!stripe) throw stripeOff();
    const signature = c.req.header('stripe-signature');
    const body = await c.req.text();
    let event;
    try {
      if (!signature) throw new Error('no Stripe-Signature header');
      event = await stripe.webhooks.constructEventAsync(
        body,
        signature,
        deps.env.STRIPE_WEBHOOK_SECRET!,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (error) {
      log.warn({ component: 'stripe', err: error }, 'webhook refused: bad signature');
      throw new AppError(400, 'bad_signature', 'The Stripe signature of this request does not hold.');
    }
    const teamTo = (await notificationRoutes(deps.db, deps.env)).team;
    const outcome = await handleStripeEvent({ db: deps.db, env: deps.env, teamTo }, event);
    log.info({ component: 'stripe', eventId: event.id, type: event.type, outcome }, 'webhook recorded');
    return c.json({ received: true, outcome });
  });
}
