/**
 * What staff can do with an invoice (docs/product.md#invoices), each button saying what it does:
 * a draft → `Edit`, `Issue` (asks first: `Issue this invoice?`, naming the client and the total;
 * issuing numbers it, emails it, and it can no longer be changed) and `Delete draft` (the
 * delete-confirmation pattern); an unpaid invoice → `Record payment` (payment-dialog.tsx); an
 * issued invoice → `Void…` (a dialog that asks for the reason and says that a credit note of its
 * own number is issued) and `Download PDF`.
 */
import { Ban, Download, Pencil, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { formatCents } from '../../shared/proposals.ts';
import { INVOICE_LIMITS } from '../../shared/invoices.ts';
import { api, messageOf } from '../lib/api.ts';
import { toast } from '../lib/toast-store.ts';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { ConfirmDelete } from '../ui/confirm-delete.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog.tsx';
import { useDeleteInvoice, useIssueInvoice, useVoidInvoice } from './invoice-mutations.ts';
import { clientNameOf } from './invoice-parts.tsx';
import type { AdminInvoiceDetail } from './invoice-queries.ts';
import { PaymentDialog } from './payment-dialog.tsx';
import { navigate } from './route.ts';

/** The draft to issue: its id, whom it is for and its total. */
export interface IssueTarget {
  id: string;
  client: string;
  totalCents: number;
}

/** The confirmation and the issue; `onIssued` runs after the toast. */
export function IssueInvoiceDialog({
  target,
  trigger,
  open,
  onOpenChange,
  onIssued,
}: {
  target: IssueTarget | null;
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onIssued?: (id: string) => void;
}) {
  const issue = useIssueInvoice();
  return (
    <ConfirmAction
      trigger={trigger}
      open={open}
      onOpenChange={onOpenChange}
      title="Issue this invoice?"
      description={
        <p>
          The invoice for {target?.client} of {formatCents(target?.totalCents ?? 0)} gets its number and is emailed to
          them. Once issued, it can no longer be changed.
        </p>
      }
      confirmLabel="Issue invoice"
      confirmIcon={<Send aria-hidden="true" className="size-4" />}
      pendingLabel="Issuing..."
      onConfirm={async () => {
        if (!target) return;
        const issued = await issue.mutateAsync(target.id);
        toast({ title: 'Invoice issued', description: `${issued.number} was emailed to ${target.client}.` });
        onIssued?.(target.id);
      }}
    />
  );
}

/** `Delete draft` for draft `id` (for `client`); once deleted, back to the list. */
export function DeleteInvoiceDraft({ id, client }: { id: string; client: string }) {
  const remove = useDeleteInvoice(id, () => {
    toast({ title: 'Draft deleted', description: `The draft invoice for ${client}` });
    navigate('invoices');
  });
  return (
    <ConfirmDelete
      label={`Delete draft invoice for ${client}`}
      title="Delete this draft?"
      description={`The draft invoice for ${client} will be deleted. It was never issued, so the client has not seen it. This cannot be undone.`}
      confirmLabel="Delete draft"
      failureTitle="Could not delete the draft"
      mutation={remove}
    />
  );
}

/** `Void…`: the reason, what voiding does, and `Void invoice`. */
function VoidDialog({ invoice }: { invoice: AdminInvoiceDetail }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const voidIt = useVoidInvoice(invoice.id);
  const busy = useRef(false);
  const id = useId();
  const submit = async () => {
    if (busy.current) return;
    busy.current = true;
    setFailure(null);
    try {
      const { creditNote } = await voidIt.mutateAsync(reason.trim());
      toast({ title: 'Invoice voided', description: `Credit note ${creditNote.number ?? ''} was issued.` });
      setOpen(false);
    } catch (error) {
      setFailure(messageOf(error, 'Please try again.'));
    } finally {
      busy.current = false;
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !voidIt.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <button type="button" className="btn-secondary text-danger-700">
          <Ban aria-hidden="true" className="size-4" /> Void…<span className="sr-only"> {invoice.number}</span>
        </button>
      </DialogTrigger>
      <DialogContent title={`Void ${invoice.number ?? 'this invoice'}?`} size="md">
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p className="text-ink-700">
            A credit note of its own number is issued for the invoice&apos;s {formatCents(invoice.totalCents)}, and{' '}
            {invoice.number} can no longer be paid.
            {invoice.paidCents > 0 &&
              ` The ${formatCents(invoice.paidCents)} already paid becomes ${clientNameOf(invoice.client)}'s credit.`}{' '}
            This cannot be undone.
          </p>
          <div>
            <label htmlFor={id} className="field-label">
              Reason (optional)
            </label>
            <textarea
              id={id}
              rows={3}
              maxLength={INVOICE_LIMITS.voidReasonLength}
              className="field-input"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <p className="mt-1 text-sm text-ink-700">Printed on the credit note.</p>
          </div>
          {failure && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-semibold text-danger-700">
              {failure}
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={() => !voidIt.isPending && setOpen(false)}>
              Cancel
            </button>
            <button type="submit" className="btn-danger" disabled={voidIt.isPending}>
              <Ban aria-hidden="true" className="size-4" /> {voidIt.isPending ? 'Voiding...' : 'Void invoice'}
            </button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The buttons of `invoice`'s page, by its status and kind. */
export function InvoiceActions({ invoice }: { invoice: AdminInvoiceDetail }) {
  const client = clientNameOf(invoice.client);
  const isInvoice = invoice.kind === 'invoice';
  const unpaid = invoice.status === 'open' || invoice.status === 'partially_paid';
  const issued = invoice.status !== 'draft';
  // Issuing or voiding takes its own button away, and focus with it: focus goes to the heading.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      if (document.activeElement === document.body) document.querySelector<HTMLElement>('h1[tabindex="-1"]')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [invoice.status]);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {invoice.status === 'draft' && (
        <>
          <button
            type="button"
            className="btn-primary"
            onClick={() => navigate(`invoices/${encodeURIComponent(invoice.id)}`, 'push')}
          >
            <Pencil aria-hidden="true" className="size-4" /> Edit<span className="sr-only"> draft invoice</span>
          </button>
          <IssueInvoiceDialog
            target={{ id: invoice.id, client, totalCents: invoice.totalCents }}
            trigger={
              <button type="button" className="btn-secondary">
                <Send aria-hidden="true" className="size-4" /> Issue<span className="sr-only"> invoice</span>
              </button>
            }
          />
          <DeleteInvoiceDraft id={invoice.id} client={client} />
        </>
      )}
      {isInvoice && unpaid && <PaymentDialog invoice={invoice} />}
      {isInvoice && issued && invoice.status !== 'void' && <VoidDialog invoice={invoice} />}
      {issued && (
        <a href={api.admin.invoices[':id'].pdf.$path({ param: { id: invoice.id } })} download className="btn-secondary">
          <Download aria-hidden="true" className="size-4" /> Download PDF
        </a>
      )}
    </div>
  );
}
