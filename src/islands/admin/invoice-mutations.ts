/**
 * The dashboard's writes of invoices and payments (docs/product.md#invoices,
 * docs/product.md#payments): a draft saved or deleted, issued (numbered, frozen, emailed), voided
 * (a credit note of its own number), a payment recorded by hand, and a plan's cancellation
 * confirmed. Each refreshes every invoice query (the list, the page, the balances, the finance
 * summary), the admin events and the counters before it counts as finished (mutations.ts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceItem, PaymentMethod } from '../../shared/invoices.ts';
import { api, unwrap } from '../lib/api.ts';
import { invoiceKeys, markDeleting } from './invoice-queries.ts';
import { useAdminWrite } from './mutations.ts';
import { adminKeys } from './queries.ts';

/** The body of POST/PUT /api/admin/invoices: money in integer cents. */
export interface InvoiceBody {
  clientId: string;
  projectId: string | null;
  items: InvoiceItem[];
  dueDate: string | null;
  notes: string | null;
}

/** The body of POST /api/admin/invoices/:id/payments: money in integer cents. */
export interface PaymentBody {
  amountCents: number;
  method: PaymentMethod;
  receivedOn: string;
  reference?: string;
  asCredit: boolean;
}

const refreshes = [invoiceKeys.all, adminKeys.clients];

/**
 * Drafts an invoice (`id` null: POST, answers `{id, status}`) or changes draft `id` (PUT; 409
 * `invoice_issued` once issued).
 */
export function useSaveInvoice(id: string | null) {
  return useAdminWrite(
    (body: InvoiceBody) =>
      id === null
        ? unwrap(api.admin.invoices.$post({ json: body }))
        : unwrap(api.admin.invoices[':id'].$put({ param: { id }, json: body })),
    refreshes,
  );
}

/**
 * Deletes draft `id` (409 once issued). `leave` runs first, to take the screen off the draft
 * before anything is refreshed, so nothing asks again for an invoice that no longer exists (nor
 * does the live event of the deletion: markDeleting).
 */
export function useDeleteInvoice(id: string, leave: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.admin.invoices[':id'].$delete({ param: { id } })),
    onMutate: () => markDeleting(id, true),
    onError: () => markDeleting(id, false),
    onSuccess: async () => {
      leave();
      await new Promise((resolve) => setTimeout(resolve, 0));
      queryClient.removeQueries({ queryKey: invoiceKeys.invoice(id) });
      await Promise.all(
        [invoiceKeys.all, adminKeys.events, adminKeys.summary].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

/** Issues draft `id`: numbered, frozen and emailed; answers `{id, number, status, totalCents}`. */
export function useIssueInvoice() {
  return useAdminWrite((id: string) => unwrap(api.admin.invoices[':id'].issue.$post({ param: { id } })), refreshes);
}

/** Voids issued invoice `id` with a credit note; answers `{invoice, creditNote}`. */
export function useVoidInvoice(id: string) {
  return useAdminWrite(
    (reason: string) => unwrap(api.admin.invoices[':id'].void.$post({ param: { id }, json: reason ? { reason } : {} })),
    refreshes,
  );
}

/**
 * Records a payment on invoice `id`; answers `{payment, invoice}`. 422 on `amountCents` when it is
 * more than the balance (unless `asCredit`).
 */
export function useRecordPayment(id: string) {
  return useAdminWrite(
    (body: PaymentBody) => unwrap(api.admin.invoices[':id'].payments.$post({ param: { id }, json: body })),
    refreshes,
  );
}

/** Confirms the cancellation a client asked for on plan `subscriptionId`. */
export function useConfirmCancel() {
  return useAdminWrite(
    (subscriptionId: string) =>
      unwrap(api.admin.subscriptions[':id']['confirm-cancel'].$post({ param: { id: subscriptionId } })),
    refreshes,
  );
}
