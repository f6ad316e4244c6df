/**
 * The dashboard's reads of invoices and payments (docs/product.md#invoices,
 * docs/product.md#payments): the query keys (every one under the invoices' own, so that a write or
 * a live `invoice-updated` refreshes them all at once: queries.ts), one invoice with its payments
 * and credit note, the finance summary of the Invoices tab (the four totals, twelve months of paid
 * and outstanding, failed plan payments and cancellation requests) and one client's balance. Each
 * is fresh 2 minutes and polled only while the live stream is down. The list's pages are
 * queries.ts's `useInvoicePages`, like every list's. Types come from the API through the client.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api.ts';
import { useFallbackInterval } from '../lib/live.ts';
import { FRESH_LIST_MS } from '../lib/query.ts';

const ALL = ['admin', 'invoices'] as const;

export const invoiceKeys = {
  /** Every invoice query: the list's pages, each invoice, the balances and the finance summary. */
  all: ALL,
  invoice: (id: string) => [...ALL, 'one', id],
  finance: [...ALL, 'finance'],
  clientBalance: (clientId: string) => [...ALL, 'balance', clientId],
} as const;

/**
 * The drafts being deleted from this screen: the live event of their deletion can come before the
 * DELETE's own answer, while the draft's page is still open, and must not ask for it again (a 404).
 */
const deleting = new Set<string>();
/** `id` is being deleted (`true`), or its deletion failed (`false`). */
export function markDeleting(id: string, on: boolean) {
  if (on) deleting.add(id);
  else deleting.delete(id);
}

/** Marks every invoice query stale (the list, each invoice, balances, finance), less deleted drafts. */
export function refreshInvoices(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: invoiceKeys.all,
    predicate: (query) => !(query.queryKey[2] === 'one' && deleting.has(String(query.queryKey[3]))),
  });
}

const fetchInvoice = (id: string) => unwrap(api.admin.invoices[':id'].$get({ param: { id } }));
const fetchFinance = () => unwrap(api.admin.finance.summary.$get());
const fetchBalance = (id: string) => unwrap(api.admin.clients[':id'].balance.$get({ param: { id } }));

/** One invoice as its page and the editor load it: with its payments, client and credit note. */
export type AdminInvoiceDetail = Awaited<ReturnType<typeof fetchInvoice>>;
/** The Invoices tab's summary: totals, months, failed plan payments, cancellation requests. */
export type FinanceSummary = Awaited<ReturnType<typeof fetchFinance>>;

/** Options of invoice `id`'s query, for the editor to read it again once saved. */
export const invoiceQuery = (id: string) => ({
  queryKey: invoiceKeys.invoice(id),
  queryFn: () => fetchInvoice(id),
  staleTime: FRESH_LIST_MS,
});

/** One invoice (docs/product.md#invoices); follows live updates. */
export const useInvoice = (id: string) =>
  useQuery({ ...invoiceQuery(id), refetchInterval: useFallbackInterval(FRESH_LIST_MS) });

/** The finance summary of the Invoices tab. */
export const useFinanceSummary = () =>
  useQuery({
    queryKey: invoiceKeys.finance,
    queryFn: fetchFinance,
    staleTime: FRESH_LIST_MS,
    refetchInterval: useFallbackInterval(FRESH_LIST_MS),
  });

/** What client `clientId` owes, how much of it is overdue, and its credit, cents. */
export const useClientBalance = (clientId: string) =>
  useQuery({
    queryKey: invoiceKeys.clientBalance(clientId),
    queryFn: () => fetchBalance(clientId),
    staleTime: FRESH_LIST_MS,
    refetchInterval: useFallbackInterval(FRESH_LIST_MS),
  });
