/**
 * The pricing page's write (docs/product.md#payments): buying the $99/month plan. POST
 * /api/checkout/plan with the buyer's name, email and company answers `{url}`, Stripe Checkout's
 * page (subscription mode), where the buyer pays; 404 when Stripe is not set. It touches no cached
 * data.
 */
import { useMutation } from '@tanstack/react-query';
import type { PlanCheckoutValues } from '../../shared/schemas/invoices.ts';
import { api, unwrap } from '../lib/api.ts';

/** Starts the plan's Stripe Checkout for `{name, email, company}`; resolves with its `url`. */
export function usePlanCheckout() {
  return useMutation({
    mutationFn: (values: PlanCheckoutValues) => unwrap(api.checkout.plan.$post({ json: values })),
  });
}
