/**
 * The `Billing` section of a client's page (docs/product.md#client-page, docs/product.md#invoices):
 * what the client owes (with how much of it is overdue) and its credit, `New invoice` (the editor
 * with the client chosen), and its invoices and credit notes, newest first, each with its status,
 * total, balance and due date. It follows live updates.
 */
import { Plus, ReceiptText } from 'lucide-react';
import { formatCents } from '../../shared/proposals.ts';
import { formatDate } from '../lib/format.ts';
import { Loading } from '../ui/loading.tsx';
import { InvoiceLink, InvoiceStatusBadge } from './invoice-parts.tsx';
import { useClientBalance } from './invoice-queries.ts';
import { PagedList } from './list-view.tsx';
import { Panel } from './page-frame.tsx';
import { ListError } from './parts.tsx';
import { useInvoicePages, type AdminClient } from './queries.ts';

/** Balance due, overdue and credit, from GET /api/admin/clients/:id/balance. */
function Balance({ clientId }: { clientId: string }) {
  const balance = useClientBalance(clientId);
  if (balance.isPending) return <Loading label="Loading the balance..." compact />;
  if (balance.isError) return <ListError what="balance" />;
  const rows: [string, number][] = [
    ['Balance due', balance.data.balanceCents],
    ['Overdue', balance.data.overdueCents],
    ['Credit', balance.data.creditCents],
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 rounded-xl bg-slate-50 p-3 ring-1 ring-ink-700/10">
      {rows.map(([term, cents]) => (
        <div key={term} className="min-w-0">
          <dt className="text-xs font-semibold text-ink-700">{term}</dt>
          <dd className="font-bold text-ink-900 tabular-nums">{formatCents(cents)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The client's billing; see the module comment. */
export function ClientBilling({ client }: { client: AdminClient }) {
  const invoices = useInvoicePages({ clientId: client.id, limit: '20' });
  return (
    <Panel title="Billing" id="client-billing-heading">
      <div className="grid gap-3">
        <Balance clientId={client.id} />
        <div>
          <a
            href={`#invoices/new?clientId=${encodeURIComponent(client.id)}`}
            className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
          >
            <Plus aria-hidden="true" className="size-4" /> New invoice
            <span className="sr-only"> for {client.name}</span>
          </a>
        </div>
        <PagedList
          query={invoices}
          what="invoices"
          loadingLabel="Loading invoices..."
          emptyIcon={ReceiptText}
          emptyText="No invoices yet"
        >
          {(items) => (
            <ul className="grid gap-2">
              {items.map((invoice) => (
                <li
                  key={invoice.id}
                  className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 border-b border-ink-700/10 pb-2 text-sm last:border-b-0"
                >
                  <span className="min-w-0">
                    <InvoiceLink invoice={invoice} />
                    <span className="mt-1 flex flex-wrap items-center gap-2 text-ink-700">
                      <InvoiceStatusBadge invoice={invoice} />
                      {invoice.dueDate ? `Due ${formatDate(invoice.dueDate)}` : ''}
                    </span>
                  </span>
                  <span className="text-right text-ink-900 tabular-nums">
                    <span className="block">{formatCents(invoice.totalCents)}</span>
                    {invoice.balanceCents > 0 && (
                      <span className="block text-ink-700">{formatCents(invoice.balanceCents)} to pay</span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      </div>
    </Panel>
  );
}
