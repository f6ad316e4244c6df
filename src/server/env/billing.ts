/**
 * The environment's settings of invoices and payments (docs/product.md#invoices,
 * docs/product.md#payments): the sales tax rate, the payment instructions shown without Stripe,
 * the default payment terms, and Stripe's keys. Stripe is on only when both keys are set
 * (env/index.ts refuses one without the other); `STRIPE_API_BASE` points the `stripe` client at a
 * local stand-in and is refused outside `NODE_ENV=test`, like `AUDIT_ALLOW_LOOPBACK`.
 */
import { z } from 'zod';
import { optionalString, optionalUrl } from './fields.ts';

/** How to pay without Stripe (docs/product.md#payments), unless `PAYMENT_INSTRUCTIONS` says otherwise. */
const DEFAULT_PAYMENT_INSTRUCTIONS =
  'Pay by bank transfer or by check to First State Web Studio LLC. Write the invoice number on the transfer or the check. ' +
  'Ask us at hello@firststatewebstudio.com for our bank details.';

export const billingEnv = {
  /**
   * Sales tax on invoices, in basis points (1/100 of a percent): 0 to 10000, default 0 (Delaware
   * has no sales tax); 625 is 6.25 %.
   */
  TAX_RATE_BASIS_POINTS: z.coerce
    .number({ error: 'must be a whole number of basis points' })
    .int({ error: 'must be a whole number of basis points' })
    .min(0, { error: 'must be 0 or more' })
    .max(10_000, { error: 'must be at most 10000 (100 %)' })
    .default(0),
  /** Days from issuing to the due date when staff give none (net 15). */
  INVOICE_NET_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(0, { error: 'must be 0 or more' })
    .max(365, { error: 'must be at most 365' })
    .default(15),
  /** Plain text shown on every invoice and its PDF under "How to pay" (bank transfer, check). */
  PAYMENT_INSTRUCTIONS: optionalString.transform((v) => v?.replace(/\\n/g, '\n') ?? DEFAULT_PAYMENT_INSTRUCTIONS),
  /** Stripe's secret key (`sk_live_…` or `sk_test_…`); with the webhook secret, turns on paying online. */
  STRIPE_SECRET_KEY: optionalString,
  /** The signing secret of the webhook endpoint `/api/webhooks/stripe` (`whsec_…`). */
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Tests only: where the `stripe` client sends its requests (a local stand-in of the Stripe API). */
  STRIPE_API_BASE: optionalUrl,
};
