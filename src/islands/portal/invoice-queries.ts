/**
 * The portal's reads of invoices and the plan (docs/product.md#invoices, docs/product.md#payments),
 * for `owner` and `billing` members only (a `member` is answered 403 `forbidden_role`): the list
 * with the balance due, whether Stripe is on, the payment instructions and the plan (fresh 2
 * minutes), and one invoice with its payments (fresh 1 minute; 404 when it is missing, a draft or
 * another client's). Their keys are the portal's (queries.ts), so an `invoice-updated` event makes
 * them stale; while the live stream is down they poll at their freshness times. An invoice whose
 * payment is being confirmed (back from Stripe Checkout) is asked for again every 5 seconds until it
 * is paid, in case the live event is missed. Types come from the API through the typed client.
 */
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api.ts';
import { useFallbackInterval } from '../lib/live.ts';
import { FRESH_DETAIL_MS, FRESH_LIST_MS } from '../lib/query.ts';
import { portalKeys } from './queries.ts';

/** How often an invoice whose payment is being confirmed is asked for again. */
const CONFIRMING_POLL_MS = 5_000;

const fetchInvoices = () => unwrap(api.client.invoices.$get());
const fetchInvoice = (id: string) => unwrap(api.client.invoices[':id'].$get({ param: { id } }));

/** The list's answer: `{items, balanceCents, stripeEnabled, paymentInstructions, plan}`. */
export type PortalInvoices = Awaited<ReturnType<typeof fetchInvoices>>;
/** An issued invoice or credit note as the list shows it (numbers, days, totals, `overdue`). */
export type PortalInvoiceSummary = PortalInvoices['items'][number];
/** The client's plan ($99/month), or null when it has none. */
export type PortalPlan = NonNullable<PortalInvoices['plan']>;
/** One invoice with its lines, `payments`, `stripeEnabled` and `paymentInstructions`. */
export type PortalInvoice = Awaited<ReturnType<typeof fetchInvoice>>;
/** A payment or a refund recorded on an invoice. */
export type PortalPayment = PortalInvoice['payments'][number];

/** The client's invoices, newest first, with the balance and the plan. */
export const useInvoices = () =>
  useQuery({
    queryKey: portalKeys.invoices,
    queryFn: fetchInvoices,
    staleTime: FRESH_LIST_MS,
    refetchInterval: useFallbackInterval(FRESH_LIST_MS),
  });

/**
 * Invoice `id` with its payments. `confirming`: a payment was just made (`?paid=1`) and the page
 * waits for it to show, so the invoice is asked for every 5 seconds until nothing is left to pay.
 */
export function useInvoice(id: string, { confirming = false }: { confirming?: boolean } = {}) {
  const fallback = useFallbackInterval(FRESH_DETAIL_MS);
  return useQuery({
    queryKey: portalKeys.invoice(id),
    queryFn: () => fetchInvoice(id),
    staleTime: FRESH_DETAIL_MS,
    refetchInterval: (query) =>
      confirming && (query.state.data?.balanceCents ?? 1) > 0 && !query.state.error ? CONFIRMING_POLL_MS : fallback,
  });
}
