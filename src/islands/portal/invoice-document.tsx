/**
 * An invoice as the client reads it in the portal (docs/product.md#invoices), the same parts as
 * its PDF: who it is from (the agency, src/shared/company.ts), its number and days, the lines
 * (description, quantity, unit price, amount; on phones the quantity and unit price go under the
 * description), the subtotal, the tax line only when there is tax, the total, what was paid and
 * the balance, and the notes with their line breaks. Amounts are the server's integer cents.
 */
import { company } from '../../shared/company.ts';
import { formatCents } from '../../shared/proposals.ts';
import { formatDate } from '../lib/format.ts';
import { cn } from '../lib/cn.ts';
import type { PortalInvoice } from './invoice-queries.ts';
import { invoiceName } from './invoice-parts.tsx';

/** 625 basis points → '6.25%'. */
const percent = (basisPoints: number) =>
  `${(basisPoints / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

function Agency() {
  const { address } = company;
  return (
    <div className="min-w-0">
      <p className="text-sm font-semibold text-ink-700">From</p>
      <address className="mt-1 text-ink-900 not-italic">
        <strong>{company.legalName}</strong>
        <br />
        {address.street}
        <br />
        {address.city}, {address.region} {address.postalCode}
        <br />
        <span className="wrap-anywhere">{company.email}</span>
        <br />
        {company.phoneDisplay}
      </address>
    </div>
  );
}

function Days({ invoice }: { invoice: PortalInvoice }) {
  const rows: [string, string][] = [
    ['Number', invoice.number ?? 'Not issued'],
    ['Issued', invoice.issuedOn ? formatDate(invoice.issuedOn) : 'Not issued'],
  ];
  if (invoice.kind === 'invoice') rows.push(['Due', invoice.dueDate ? formatDate(invoice.dueDate) : 'On receipt']);
  return (
    <dl className="grid content-start gap-1 text-sm sm:text-right">
      {rows.map(([term, value]) => (
        <div key={term} className="flex flex-wrap gap-x-2 sm:justify-end">
          <dt className="text-ink-700">{term}</dt>
          <dd className="font-semibold text-ink-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Lines({ invoice }: { invoice: PortalInvoice }) {
  const cell = 'px-3 py-3 align-top first:pl-0 last:pr-0';
  return (
    <table className="w-full border-collapse text-left text-sm sm:text-base">
      <caption className="sr-only">Lines of {invoiceName(invoice)}</caption>
      <thead className="border-b border-ink-700/20 text-sm text-ink-700">
        <tr>
          <th scope="col" className={cn(cell, 'font-semibold')}>
            Description
          </th>
          <th scope="col" className={cn(cell, 'hidden text-right font-semibold whitespace-nowrap sm:table-cell')}>
            Quantity
          </th>
          <th scope="col" className={cn(cell, 'hidden text-right font-semibold whitespace-nowrap sm:table-cell')}>
            Unit price
          </th>
          <th scope="col" className={cn(cell, 'text-right font-semibold')}>
            Amount
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-ink-700/10">
        {invoice.items.map((item, index) => (
          <tr key={index}>
            <td className={cn(cell, 'wrap-break-word text-ink-900')}>
              {item.description}
              <span className="mt-0.5 block text-sm text-ink-700 tabular-nums sm:hidden">
                {item.quantity} × {formatCents(item.unitPriceCents)}
              </span>
            </td>
            <td className={cn(cell, 'hidden text-right text-ink-700 tabular-nums sm:table-cell')}>{item.quantity}</td>
            <td className={cn(cell, 'hidden text-right whitespace-nowrap text-ink-700 tabular-nums sm:table-cell')}>
              {formatCents(item.unitPriceCents)}
            </td>
            <td className={cn(cell, 'text-right font-semibold whitespace-nowrap text-ink-900 tabular-nums')}>
              {formatCents(item.amountCents)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Totals({ invoice }: { invoice: PortalInvoice }) {
  const rows: { term: string; cents: number; strong?: boolean }[] = [
    { term: 'Subtotal', cents: invoice.subtotalCents },
    ...(invoice.taxBasisPoints > 0
      ? [{ term: `Tax (${percent(invoice.taxBasisPoints)})`, cents: invoice.taxCents }]
      : []),
    { term: 'Total', cents: invoice.totalCents, strong: true },
  ];
  if (invoice.kind === 'invoice') {
    rows.push(
      { term: 'Paid', cents: invoice.paidCents },
      { term: 'Balance due', cents: invoice.balanceCents, strong: true },
    );
  }
  return (
    <dl className="ml-auto grid w-full max-w-xs gap-1.5">
      {rows.map(({ term, cents, strong }) => (
        <div
          key={term}
          className={cn(
            'flex flex-wrap justify-between gap-x-4',
            strong && 'border-t border-ink-700/20 pt-1.5 font-bold text-ink-900',
          )}
        >
          <dt className={strong ? undefined : 'text-ink-700'}>{term}</dt>
          <dd className="tabular-nums">{formatCents(cents)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Invoice `invoice` as a document: the agency, its days, lines, totals and notes. */
export function InvoiceDocument({ invoice }: { invoice: PortalInvoice }) {
  return (
    <article
      aria-label={invoiceName(invoice)}
      className="grid gap-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-700/10 sm:p-8"
    >
      <div className="flex flex-wrap justify-between gap-x-8 gap-y-4">
        <Agency />
        <Days invoice={invoice} />
      </div>
      <Lines invoice={invoice} />
      <Totals invoice={invoice} />
      {invoice.notes && (
        <div>
          <h2 className="text-base font-bold text-ink-900">Notes</h2>
          <p className="mt-1 whitespace-pre-wrap wrap-break-word text-ink-700">{invoice.notes}</p>
        </div>
      )}
    </article>
  );
}
