/**
 * The pricing page's read (docs/product.md#pricing, docs/product.md#payments): whether the $99/month
 * plan can be bought online (`{plan: true}` when Stripe is set). The page is prebuilt, so it asks the
 * server once, when the plan's card comes into view; a failure counts as "no" (the card keeps its
 * link to the contact form).
 */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api.ts';

/** Whether the plan is sold online: undefined while asking, false when the answer failed. */
export function usePlanOnSale(): boolean | undefined {
  const config = useQuery({
    queryKey: ['checkout', 'config'],
    queryFn: () => unwrap(api.checkout.config.$get()),
    staleTime: Infinity,
  });
  return config.isError ? false : config.data?.plan;
}
