/**
 * The end of a proposal's `Signed` panel when the signature issued a deposit invoice
 * (docs/product.md#proposals, docs/product.md#payments): the deposit due and, while it is owed,
 * `Pay the deposit now` (Stripe Checkout, when Stripe is on; invoice-parts.tsx) or the payment
 * instructions, with `View the deposit invoice` (/portal/invoices/{id}); once paid, that it is.
 * The invoice is read from GET /api/client/invoices/:id and follows live updates.
 */
import { formatCents } from '../../shared/proposals.ts';
import { formatDate } from '../lib/format.ts';
import { Loading } from '../ui/loading.tsx';
import { invoiceName, PaymentInstructions, PayButton } from './invoice-parts.tsx';
import { useInvoice } from './invoice-queries.ts';

export function DepositPayment({ invoiceId }: { invoiceId: string }) {
  const query = useInvoice(invoiceId);
  const link = (
    <a href={`/portal/invoices/${invoiceId}`} className="font-semibold text-brand-700 underline hover:no-underline">
      View the deposit invoice
    </a>
  );
  if (query.isPending) return <Loading compact label="Loading the deposit invoice..." />;
  if (query.isError) return <p className="mt-2">{link}</p>;
  const invoice = query.data;
  const owed = invoice.status !== 'void' && invoice.balanceCents > 0;
  return (
    <div className="mt-2 grid gap-3 border-t border-green-700/20 pt-4">
      <h3 className="text-lg font-bold text-ink-900">
        {owed ? `Deposit due: ${formatCents(invoice.balanceCents)}` : 'Deposit paid'}
      </h3>
      <p className="text-ink-900">
        {owed
          ? `${invoiceName(invoice)} was issued for the deposit${invoice.dueDate ? `, due ${formatDate(invoice.dueDate)}` : ''}.`
          : `${invoiceName(invoice)} is paid. Thank you!`}
      </p>
      {owed &&
        (invoice.stripeEnabled ? (
          <PayButton invoiceId={invoice.id} label="Pay the deposit now" />
        ) : (
          <PaymentInstructions text={invoice.paymentInstructions} title="How to pay the deposit" level="h3" />
        ))}
      <p>{link}</p>
    </div>
  );
}
