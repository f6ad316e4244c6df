/**
 * The portal's writes about invoices and the plan (docs/product.md#invoices,
 * docs/product.md#payments), for `owner` and `billing` members: paying an invoice online (a Stripe
 * Checkout address to go to), updating the plan's card (Stripe's billing portal) and asking to
 * cancel the plan. The two that answer an address touch no cached data unless refused (a 409: the
 * invoice was paid meanwhile, so it is fetched again); a cancellation request writes the answer's
 * plan into the list and makes every invoice query stale.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api.ts';
import type { PortalInvoices } from './invoice-queries.ts';
import { portalKeys } from './queries.ts';

/** Invoice `id`'s Stripe Checkout: `{url}` to go to; 404 without Stripe, 409 once paid, 503 when Stripe is down. */
export function useInvoiceCheckout(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.client.invoices[':id'].checkout.$post({ param: { id } })),
    onError: () => queryClient.invalidateQueries({ queryKey: portalKeys.invoices }),
  });
}

/** Stripe's billing portal for the plan's card: `{url}` to go to; 404 without Stripe. */
export function useUpdateCard() {
  return useMutation({ mutationFn: () => unwrap(api.client.plan['update-card'].$post()) });
}

/**
 * Asks to cancel the plan, with an optional reason: staff confirm it. The answer's plan (status
 * `cancel_requested`, with its `cancelEffectiveOn`) replaces the list's at once; every invoice
 * query is then fetched again.
 */
export function useCancelPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { reason?: string }) => unwrap(api.client.plan.cancel.$post({ json: values })),
    onSuccess: ({ plan }) =>
      queryClient.setQueryData<PortalInvoices>(portalKeys.invoices, (list) => (list ? { ...list, plan } : list)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: portalKeys.invoices }),
  });
}
