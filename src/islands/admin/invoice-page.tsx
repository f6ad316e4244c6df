/**
 * An invoice's one page on the dashboard, '#invoice/{id}' (docs/product.md#invoices), opened from
 * the Invoices list, a client's page and the editor once it is issued: `Back to invoices`, the
 * number (or 'Draft invoice', focused), its actions by status (invoice-actions.tsx), the status,
 * the client (a link to their page) and the link between an invoice and its credit note; the
 * details (issued, due, project, who drafted it), the lines with the subtotal, the tax (only when
 * there is any), the total, what was paid and the balance, the notes, and every payment. It
 * follows live updates: a payment by card shows at once.
 */
import type { ReactNode } from 'react';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../shared/invoices.ts';
import { formatCents } from '../../shared/proposals.ts';
import { formatDate, formatDateTime } from '../lib/format.ts';
import { InvoiceActions } from './invoice-actions.tsx';
import { taxRateText } from './invoice-fields.tsx';
import { clientNameOf, invoiceHref, InvoiceStatusBadge } from './invoice-parts.tsx';
import { useInvoice, type AdminInvoiceDetail } from './invoice-queries.ts';
import { Panel, RecordPage } from './page-frame.tsx';
import { ProjectLink } from './parts.tsx';

/** Rows of a definition list: the term, then what it says. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-2 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)] items-baseline gap-x-3">
          <dt className="font-semibold text-ink-900">{term}</dt>
          <dd className="min-w-0 wrap-anywhere text-ink-700">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** When it was issued and is due, the project, who drafted it and why it was voided. */
function Details({ invoice }: { invoice: AdminInvoiceDetail }) {
  const rows: [string, ReactNode][] = [
    ['Issued on', invoice.issuedOn ? formatDate(invoice.issuedOn) : 'Not issued yet'],
    [
      'Due date',
      invoice.dueDate ? formatDate(invoice.dueDate) : invoice.issuedOn ? 'None' : 'Net 15 from the day it is issued',
    ],
    ['Project', invoice.projectId ? <ProjectLink id={invoice.projectId} title="Open the project" /> : 'None'],
    ['Drafted by', `${invoice.createdByName ?? 'The system'}, ${formatDateTime(invoice.createdAt)}`],
  ];
  if (invoice.voidedAt) rows.push(['Voided', formatDateTime(invoice.voidedAt)]);
  if (invoice.voidReason) rows.push(['Reason', invoice.voidReason]);
  return (
    <Panel title="Details" id="invoice-details-heading">
      <Facts rows={rows} />
    </Panel>
  );
}

/** One row of the totals under the lines. */
function Total({ term, cents, strong = false }: { term: string; cents: number; strong?: boolean }) {
  return (
    <div className={`flex flex-wrap justify-between gap-x-4 ${strong ? 'text-base font-bold text-ink-900' : ''}`}>
      <dt>{term}</dt>
      <dd className="tabular-nums">{formatCents(cents)}</dd>
    </div>
  );
}

/** The lines, each '2 × $1,200.00' and its amount, then the totals, what was paid and the balance. */
function Lines({ invoice }: { invoice: AdminInvoiceDetail }) {
  return (
    <Panel title="Lines" id="invoice-lines-heading">
      <ol className="grid gap-3">
        {invoice.items.map((item, index) => (
          <li
            key={index}
            className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 border-b border-ink-700/10 pb-3 text-sm"
          >
            <span className="min-w-0 flex-1 basis-48">
              <span className="block whitespace-pre-line text-ink-900 wrap-anywhere">{item.description}</span>
              <span className="block text-ink-700 tabular-nums">
                {item.quantity} × {formatCents(item.unitPriceCents)}
              </span>
            </span>
            <span className="font-semibold text-ink-900 tabular-nums">{formatCents(item.amountCents)}</span>
          </li>
        ))}
      </ol>
      <dl className="mt-3 grid gap-1.5 text-sm text-ink-700">
        <Total term="Subtotal" cents={invoice.subtotalCents} />
        {invoice.taxBasisPoints > 0 && (
          <Total term={`Tax (${taxRateText(invoice.taxBasisPoints)})`} cents={invoice.taxCents} />
        )}
        <Total term="Total" cents={invoice.totalCents} strong />
        <Total term="Paid" cents={invoice.paidCents} />
        <Total term="Balance" cents={invoice.balanceCents} strong />
      </dl>
    </Panel>
  );
}

const methodName = (method: string) => PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method;

/** Every payment and refund, with its method, day, reference and who recorded it. */
function Payments({ invoice }: { invoice: AdminInvoiceDetail }) {
  return (
    <Panel title="Payments" id="invoice-payments-heading">
      {invoice.payments.length === 0 ? (
        <p className="text-ink-700">No payments yet.</p>
      ) : (
        <ul className="grid gap-3 text-sm">
          {invoice.payments.map((payment) => (
            <li key={payment.id} className="border-b border-ink-700/10 pb-3 last:border-b-0">
              <span className="flex flex-wrap justify-between gap-x-4 font-semibold text-ink-900">
                <span>
                  {payment.kind === 'refund' ? 'Refund' : 'Payment'} · {methodName(payment.method)}
                </span>
                <span className="tabular-nums">
                  {payment.kind === 'refund' ? '−' : ''}
                  {formatCents(payment.amountCents)}
                </span>
              </span>
              <span className="block text-ink-700">
                Received {formatDate(payment.receivedOn)}
                {payment.reference ? ` · Reference ${payment.reference}` : ''}
              </span>
              {payment.creditCents > 0 && (
                <span className="block text-ink-700">
                  {formatCents(payment.creditCents)} kept as the client&apos;s credit
                </span>
              )}
              <span className="block text-xs text-ink-700">
                Recorded by {payment.recordedByName ?? 'Stripe'}, {formatDateTime(payment.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** The line under the heading: status, client, and the credit note or the invoice it credits. */
function StatusLine({ invoice }: { invoice: AdminInvoiceDetail }) {
  const link = 'font-semibold text-brand-700 hover:underline';
  return (
    <p className="-mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-ink-700 xl:col-span-2">
      <InvoiceStatusBadge invoice={invoice} />
      {invoice.client && (
        <span className="min-w-0 wrap-anywhere">
          For{' '}
          <a href={`#client/${encodeURIComponent(invoice.client.id)}`} className={link}>
            {clientNameOf(invoice.client)}
          </a>
        </span>
      )}
      {invoice.creditNote && (
        <span>
          Voided by credit note{' '}
          <a href={invoiceHref(invoice.creditNote.id)} className={link}>
            {invoice.creditNote.number}
          </a>
        </span>
      )}
      {invoice.creditsInvoice && (
        <span>
          Credits invoice{' '}
          <a href={invoiceHref(invoice.creditsInvoice.id)} className={link}>
            {invoice.creditsInvoice.number}
          </a>
        </span>
      )}
    </p>
  );
}

/** The page of invoice `id`. */
export function InvoicePage({ id }: { id: string }) {
  const invoice = useInvoice(id);
  return (
    <RecordPage
      query={invoice}
      what="invoice"
      backHref="#invoices"
      backLabel="Back to invoices"
      title={(i) => i.number ?? 'Draft invoice'}
      actions={(i) => <InvoiceActions invoice={i} />}
    >
      {(i) => (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <StatusLine invoice={i} />
          <div className="grid min-w-0 content-start gap-6">
            <Details invoice={i} />
            <Payments invoice={i} />
          </div>
          <div className="grid min-w-0 content-start gap-6">
            <Lines invoice={i} />
            {i.notes && (
              <Panel title="Notes" id="invoice-notes-heading">
                <p className="text-sm whitespace-pre-line text-ink-900 wrap-anywhere">{i.notes}</p>
              </Panel>
            )}
          </div>
        </div>
      )}
    </RecordPage>
  );
}
