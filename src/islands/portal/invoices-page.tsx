/**
 * /portal/invoices (docs/product.md#invoices, docs/product.md#payments): what an `owner` or
 * `billing` member sees of the client's billing. The balance due (and how much of it is overdue),
 * the monthly plan if there is one (plan-panel.tsx: price, start, commitment, status, a failed
 * card, a cancellation request), and every issued invoice and credit note, newest first: its
 * number, issued and due days, total, balance and status (`Overdue` past its due date), each
 * opening /portal/invoices/{id} (`View and pay` while something is owed, else `View`). Empty
 * state `No invoices yet`. Live updates (docs/product.md#live-updates) bring an issued invoice, a
 * payment or a plan's change in without a reload. A `member` reads why the page is not theirs.
 * Without a session: the sign-in screen.
 */
import { ArrowRight, ReceiptText } from 'lucide-react';
import { formatCents } from '../../shared/proposals.ts';
import { ApiError } from '../lib/api.ts';
import { formatDate } from '../lib/format.ts';
import { LiveUpdates } from '../lib/live.ts';
import { Loading } from '../ui/loading.tsx';
import { invoiceName, InvoiceStatusBadge, NotForBillingRole } from './invoice-parts.tsx';
import { useInvoices, type PortalInvoices, type PortalInvoiceSummary } from './invoice-queries.ts';
import { PlanSection } from './plan-panel.tsx';
import { mayBill, PortalFrame } from './portal-frame.tsx';
import { portalLive, type PortalClient } from './queries.ts';

/** Whether something is still to be paid on `invoice`. */
const owing = (invoice: PortalInvoiceSummary) =>
  invoice.kind === 'invoice' && invoice.status !== 'void' && invoice.balanceCents > 0;

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <div className="flex gap-1.5">
      <dt>{term}</dt>
      <dd className="font-semibold text-ink-900 tabular-nums">{children}</dd>
    </div>
  );
}

function InvoiceRow({ invoice }: { invoice: PortalInvoiceSummary }) {
  const name = invoiceName(invoice);
  const due = owing(invoice);
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 p-4 sm:px-6">
      <div className="min-w-0 flex-1 basis-64">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className="min-w-0 font-bold wrap-break-word text-ink-900">{name}</h3>
          <InvoiceStatusBadge invoice={invoice} />
        </div>
        <dl className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-700">
          {invoice.issuedOn && <Fact term="Issued">{formatDate(invoice.issuedOn)}</Fact>}
          {invoice.kind === 'invoice' && invoice.dueDate && <Fact term="Due">{formatDate(invoice.dueDate)}</Fact>}
          <Fact term="Total">{formatCents(invoice.totalCents)}</Fact>
          {invoice.kind === 'invoice' && <Fact term="Balance">{formatCents(invoice.balanceCents)}</Fact>}
        </dl>
      </div>
      <a href={`/portal/invoices/${invoice.id}`} className={due ? 'btn-primary' : 'btn-secondary'}>
        {due ? 'View and pay' : 'View'}
        <span className="sr-only">: {name}</span>
        <ArrowRight aria-hidden="true" className="size-4" />
      </a>
    </li>
  );
}

/** The balance due, and the part of it that is overdue. */
function Balance({ answer }: { answer: PortalInvoices }) {
  const overdueCents = answer.items
    .filter((invoice) => invoice.overdue)
    .reduce((sum, invoice) => sum + invoice.balanceCents, 0);
  return (
    <section
      aria-labelledby="balance-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-700/10 sm:p-6"
    >
      <h2 id="balance-title" className="text-sm font-semibold text-ink-700">
        Balance due
      </h2>
      <p className="mt-1 text-4xl font-extrabold text-ink-900 tabular-nums">{formatCents(answer.balanceCents)}</p>
      <p className="mt-1 text-sm text-ink-700">
        {answer.balanceCents === 0
          ? 'Nothing to pay right now.'
          : overdueCents > 0
            ? `${formatCents(overdueCents)} of it is overdue.`
            : 'Nothing is overdue.'}
      </p>
    </section>
  );
}

function InvoiceList({ items }: { items: PortalInvoiceSummary[] }) {
  return (
    <section aria-labelledby="invoices-title" className="rounded-2xl bg-white shadow-sm ring-1 ring-ink-700/10">
      <h2
        id="invoices-title"
        className="flex items-center gap-2 border-b border-ink-700/10 px-4 py-4 text-xl font-bold text-ink-900 sm:px-6"
      >
        <ReceiptText aria-hidden="true" className="size-5 text-brand-700" /> Your invoices
      </h2>
      {items.length === 0 ? (
        <div className="p-8 text-center sm:p-12">
          <p className="text-lg font-bold text-ink-900">No invoices yet</p>
          <p className="mt-1 text-ink-700">When we send you an invoice, it will appear here.</p>
        </div>
      ) : (
        <ul aria-labelledby="invoices-title" className="divide-y divide-ink-700/10">
          {items.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Invoices({ me }: { me: PortalClient }) {
  const invoices = useInvoices();
  if (invoices.isError && invoices.error instanceof ApiError && invoices.error.status === 403) {
    // The role changed while the page was open.
    return <NotForBillingRole role={me.member.role} />;
  }
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-extrabold text-ink-900">Invoices</h1>
        <p className="mt-1 text-ink-700">Your invoices, payments and plan with First State Web Studio.</p>
      </div>
      {invoices.isPending ? (
        <Loading />
      ) : invoices.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-danger-700">
          We could not load your invoices. Please reload the page.
        </p>
      ) : (
        <>
          <Balance answer={invoices.data} />
          {invoices.data.plan && <PlanSection plan={invoices.data.plan} />}
          <InvoiceList items={invoices.data.items} />
        </>
      )}
    </div>
  );
}

export default function InvoicesPage() {
  return (
    <PortalFrame>
      {(me) =>
        mayBill(me.member.role) ? (
          <LiveUpdates kind="client" refresh={portalLive}>
            <div className="mx-auto w-full max-w-4xl">
              <Invoices me={me} />
            </div>
          </LiveUpdates>
        ) : (
          <NotForBillingRole role={me.member.role} />
        )
      }
    </PortalFrame>
  );
}
