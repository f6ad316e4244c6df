/**
 * The Stripe client (docs/product.md#payments): the official `stripe` library, made once per
 * process when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, null otherwise (paying online
 * is then off and invoices show the payment instructions). In tests STRIPE_API_BASE points it at
 * a local stand-in of the Stripe API (refused outside NODE_ENV=test by env/index.ts).
 *
 * Requests time out after 10 s and are retried once by the library, with the same idempotency
 * key, so a retry never charges twice. `stripeFailure` turns what the library throws into the
 * answer a person reads: 503 `stripe_unavailable` when Stripe could not be reached or failed,
 * 502 `stripe_error` when it refused the request.
 */
import Stripe from 'stripe';
import type { Env } from '../../env/index.ts';
import { AppError } from '../../errors.ts';
import { log } from '../../log.ts';

/** The settings the Stripe client reads. */
export type StripeEnv = Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE'>;

const made = new Map<string, Stripe>();

/** The Stripe client for `env`, or null when Stripe is not set (see the module comment). */
export function stripeOf(env: StripeEnv): Stripe | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  const key = `${env.STRIPE_SECRET_KEY}\n${env.STRIPE_API_BASE ?? ''}`;
  let stripe = made.get(key);
  if (!stripe) {
    const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
    stripe = new Stripe(env.STRIPE_SECRET_KEY, {
      maxNetworkRetries: 1,
      timeout: 10_000,
      appInfo: { name: 'agency-site' },
      ...(base
        ? {
            host: base.hostname,
            port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
            protocol: base.protocol === 'https:' ? ('https' as const) : ('http' as const),
          }
        : {}),
    });
    made.set(key, stripe);
  }
  return stripe;
}

/** The 404 of a payment route when Stripe is not set. */
export const stripeOff = () =>
  new AppError(404, 'stripe_not_configured', 'Paying online is not available. Please use the payment instructions.');

/** What the library threw, as the answer a person reads (see the module comment); logged. */
export function stripeFailure(error: unknown, what: string): AppError {
  const refused =
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripeAuthenticationError;
  log.warn({ component: 'stripe', err: error, what }, 'Stripe request failed');
  return refused
    ? new AppError(
        502,
        'stripe_error',
        'Our payment provider refused the request. Nothing was charged; please contact us.',
      )
    : new AppError(
        503,
        'stripe_unavailable',
        'We could not reach our payment provider. Nothing was charged; please try again in a few minutes.',
      );
}
