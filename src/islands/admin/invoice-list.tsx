/**
 * The Invoices tab (docs/product.md#invoices, docs/product.md#lists): the finance summary
 * (finance-summary.tsx), then 'New invoice', 'Export invoices (CSV)' and 'Export payments (CSV)'
 * (every invoice the search and filters find, or their payments), the search ('Search invoices':
 * a number or a client), the `Status` filter (Overdue too), dates and sort, kept in the address;
 * on wide screens a table (number, client, total, balance, due date, status; Enter opens a row's
 * page), on phones one card per invoice. 'No invoices yet'.
 */
import { Download, Pencil, Plus, ReceiptText } from 'lucide-react';
import { INVOICE_FILTERS, INVOICE_STATUS_LABELS } from '../../shared/invoices.ts';
import { formatCents } from '../../shared/proposals.ts';
import { api } from '../lib/api.ts';
import { formatDate } from '../lib/format.ts';
import { FinanceSummaryPanel } from './finance-summary.tsx';
import { clientNameOf, InvoiceLink, InvoiceStatusBadge, invoiceHref, statusWords } from './invoice-parts.tsx';
import { apiParams, FilterSelect, ListBody, useListParams, type Column } from './list-view.tsx';
import { CARD, IconButton, TabHeading } from './parts.tsx';
import { useInvoicePages, type AdminInvoice, type ListParams } from './queries.ts';
import { navigate } from './route.ts';

const SORT_OPTIONS = [
  ['createdAt.desc', 'Newest first'],
  ['createdAt.asc', 'Oldest first'],
  ['number.asc', 'Number'],
  ['dueDate.asc', 'Due date, soonest first'],
  ['status.asc', 'Status'],
  ['total.desc', 'Largest total'],
  ['balance.desc', 'Largest balance'],
] as const;

const STATUS_OPTIONS = [['', 'All'], ...INVOICE_FILTERS.map((s) => [s, INVOICE_STATUS_LABELS[s]] as const)] as const;

/** The CSV of what the list finds now (`format` csv: the invoices; payments-csv: their payments). */
function exportHref(values: ListParams, format: 'csv' | 'payments-csv'): string {
  const { limit: _limit, cursor: _cursor, ...query } = apiParams(values);
  return `${api.admin.invoices.$path()}?${new URLSearchParams({ ...query, format })}`;
}

/** The client's business as a link to its page; `inRow` for a row that opens the invoice itself. */
function ClientText({ invoice, inRow = false }: { invoice: AdminInvoice; inRow?: boolean }) {
  if (!invoice.client) return <span className="text-ink-700">Unknown client</span>;
  return (
    <a
      href={`#client/${encodeURIComponent(invoice.client.id)}`}
      tabIndex={inRow ? -1 : undefined}
      className="font-semibold wrap-anywhere text-brand-700 underline-offset-2 hover:underline"
    >
      {clientNameOf(invoice.client)}
    </a>
  );
}

/** 'Edit' for a draft, named for it. */
function EditDraft({ invoice }: { invoice: AdminInvoice }) {
  if (invoice.status !== 'draft') return null;
  return (
    <IconButton
      label={`Edit draft invoice for ${clientNameOf(invoice.client)}`}
      text="Edit"
      icon={Pencil}
      onClick={() => navigate(`invoices/${encodeURIComponent(invoice.id)}`, 'push')}
    />
  );
}

const money = (cents: number) => <span className="whitespace-nowrap tabular-nums">{formatCents(cents)}</span>;
const dueText = (invoice: AdminInvoice) => (invoice.dueDate ? formatDate(invoice.dueDate) : 'On issue');

function InvoiceCard({ invoice }: { invoice: AdminInvoice }) {
  return (
    <li className={`${CARD} flex flex-col`}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-40 flex-1">
          <h3 className="text-lg font-bold text-ink-900">
            <InvoiceLink invoice={invoice} />
          </h3>
          <p className="mt-1 text-sm text-ink-700">
            <InvoiceStatusBadge invoice={invoice} />
          </p>
        </div>
        <div className="-mr-2 flex shrink-0">
          <EditDraft invoice={invoice} />
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm text-ink-900">
        <div className="col-span-2 min-w-0">
          <dt className="text-xs font-semibold text-ink-700">Client</dt>
          <dd>
            <ClientText invoice={invoice} />
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-ink-700">Total</dt>
          <dd>{money(invoice.totalCents)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-ink-700">Balance</dt>
          <dd>{money(invoice.balanceCents)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs font-semibold text-ink-700">Due</dt>
          <dd>{dueText(invoice)}</dd>
        </div>
      </dl>
    </li>
  );
}

const COLUMNS: Column<AdminInvoice>[] = [
  { key: 'number', header: 'Number', sort: 'number', cell: (i) => <InvoiceLink invoice={i} inRow /> },
  { key: 'client', header: 'Client', cell: (i) => <ClientText invoice={i} inRow />, className: 'min-w-40' },
  { key: 'total', header: 'Total', sort: 'total', cell: (i) => money(i.totalCents), className: 'text-right' },
  { key: 'balance', header: 'Balance', sort: 'balance', cell: (i) => money(i.balanceCents), className: 'text-right' },
  { key: 'due', header: 'Due date', sort: 'dueDate', cell: dueText, className: 'whitespace-nowrap' },
  { key: 'status', header: 'Status', sort: 'status', cell: (i) => <InvoiceStatusBadge invoice={i} /> },
  { key: 'actions', header: 'Actions', cell: (i) => <EditDraft invoice={i} />, className: 'w-24 text-right' },
];

/** The Invoices tab's panel; `params` are its search, filters and sort from the address. */
export function InvoicesTab({ params }: { params: string }) {
  const state = useListParams('invoices', params);
  const { values } = state;
  const invoices = useInvoicePages(apiParams(values));
  const filtered = Boolean(values.q || values.status || values.from || values.to);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <FinanceSummaryPanel />
      <section aria-labelledby="invoices-heading">
        <TabHeading title="Invoices" id="invoices-heading">
          <a href={exportHref(values, 'csv')} download className="btn-secondary">
            <Download aria-hidden="true" className="size-4" /> Export invoices (CSV)
          </a>
          <a href={exportHref(values, 'payments-csv')} download className="btn-secondary">
            <Download aria-hidden="true" className="size-4" /> Export payments (CSV)
          </a>
          <button type="button" className="btn-primary" onClick={() => navigate('invoices/new', 'push')}>
            <Plus aria-hidden="true" className="size-4" /> New invoice
          </button>
        </TabHeading>
        <ListBody
          state={state}
          searchLabel="Search invoices"
          filters={
            <FilterSelect
              label="Status"
              value={values.status ?? ''}
              options={STATUS_OPTIONS}
              onChange={(status) => state.set({ status })}
            />
          }
          sortOptions={SORT_OPTIONS}
          query={invoices}
          what="invoices"
          loadingLabel="Loading invoices..."
          emptyIcon={ReceiptText}
          emptyText={filtered ? 'No invoices found' : 'No invoices yet'}
          table={{
            caption: 'Invoices',
            columns: COLUMNS,
            onOpen: (invoice) => navigate(invoiceHref(invoice.id).slice(1), 'push'),
            rowLabel: (i) =>
              `${i.number ?? 'Draft'}, ${clientNameOf(i.client)}, ${formatCents(i.totalCents)}, ${statusWords(i)}`,
          }}
          cards={(items) => (
            <ul className="grid gap-4 md:grid-cols-2">
              {items.map((invoice) => (
                <InvoiceCard key={invoice.id} invoice={invoice} />
              ))}
            </ul>
          )}
        />
      </section>
    </div>
  );
}
