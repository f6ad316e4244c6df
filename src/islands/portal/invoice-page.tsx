/**
 * /portal/invoices/{invoiceId} (docs/product.md#invoices, docs/product.md#payments): one issued
 * invoice as an `owner` or `billing` member reads it. `Back to Invoices`, the invoice's name with
 * its status (`Overdue` past its due date) and `Download PDF`; while something is left to pay,
 * `Pay now` (Stripe Checkout, only when Stripe is on; invoice-parts.tsx) and the payment
 * instructions, as `How to pay` or, beside `Pay now`, `Other ways to pay`; then the invoice itself
 * (invoice-document.tsx) and its payments and refunds. A voided invoice says so and links its
 * credit note; a credit note links the invoice it cancels.
 *
 * Back from Stripe Checkout (`?paid=1`) the page says `Thank you — your payment is being
 * confirmed.` until the invoice shows paid, by the live `invoice-updated` event or by asking again
 * every 5 seconds (invoice-queries.ts), then that the payment was received. A missing invoice (or
 * a draft, or another client's): `Invoice not found`. A `member` reads why the page is not theirs.
 * Without a session: the sign-in screen.
 */
import { CheckCircle2, Clock, Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PAYMENT_METHOD_LABELS } from '../../shared/invoices.ts';
import { formatCents } from '../../shared/proposals.ts';
import { api, ApiError } from '../lib/api.ts';
import { cn } from '../lib/cn.ts';
import { formatDate } from '../lib/format.ts';
import { LiveUpdates } from '../lib/live.ts';
import { Loading } from '../ui/loading.tsx';
import { InvoiceDocument } from './invoice-document.tsx';
import {
  BackLink,
  invoiceName,
  InvoiceStatusBadge,
  NotForBillingRole,
  PaymentInstructions,
  PayButton,
} from './invoice-parts.tsx';
import { useInvoice, type PortalInvoice, type PortalPayment } from './invoice-queries.ts';
import { mayBill, PortalFrame } from './portal-frame.tsx';
import { portalLive, type PortalClient } from './queries.ts';

/** The invoice's PDF, as the typed client names it. */
const pdfUrl = (id: string) => api.client.invoices[':id'].pdf.$path({ param: { id } });

/** The invoice's page. */
const invoicePath = (id: string) => `/portal/invoices/${id}`;

/** Whether nothing is left to pay on `invoice`. */
const settled = (invoice: PortalInvoice) => invoice.status === 'paid' || invoice.balanceCents === 0;

/** Back from Stripe Checkout: the payment is being confirmed, then received. */
function PaymentConfirmation({ paid }: { paid: boolean }) {
  const Icon = paid ? CheckCircle2 : Clock;
  return (
    <p
      role="status"
      className={cn(
        'flex items-start gap-3 rounded-xl p-4 font-semibold text-ink-900 ring-1',
        paid ? 'bg-green-50 ring-green-700/30' : 'bg-amber-50 ring-amber-700/30',
      )}
    >
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', paid ? 'text-green-700' : 'text-amber-800')} />
      {paid ? 'Thank you — your payment was received.' : 'Thank you — your payment is being confirmed.'}
    </p>
  );
}

/** What is left to pay, `Pay now` when Stripe is on, and the payment instructions. */
function PaySection({ invoice }: { invoice: PortalInvoice }) {
  return (
    <section
      aria-labelledby="pay-title"
      className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-700/10 sm:p-6"
    >
      <div>
        <h2 id="pay-title" className="text-xl font-bold text-ink-900">
          Pay this invoice
        </h2>
        <p className="mt-1 text-ink-700">
          Balance due <strong className="text-ink-900 tabular-nums">{formatCents(invoice.balanceCents)}</strong>
          {invoice.dueDate && (
            <>
              {' '}
              by <span className="whitespace-nowrap">{formatDate(invoice.dueDate)}</span>
            </>
          )}
          .
        </p>
      </div>
      {invoice.stripeEnabled && <PayButton invoiceId={invoice.id} />}
      <PaymentInstructions
        text={invoice.paymentInstructions}
        title={invoice.stripeEnabled ? 'Other ways to pay' : 'How to pay'}
        level="h3"
      />
    </section>
  );
}

function PaymentRow({ payment }: { payment: PortalPayment }) {
  const refund = payment.kind === 'refund';
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-6 gap-y-1 py-3">
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-semibold text-ink-900">
          {refund ? 'Refund' : 'Payment'} · {PAYMENT_METHOD_LABELS[payment.method]}
        </p>
        <p className="text-sm wrap-break-word text-ink-700">
          {refund ? 'Sent' : 'Received'} {formatDate(payment.receivedOn)}
          {payment.reference ? ` · Reference ${payment.reference}` : ''}
          {payment.creditCents > 0 ? ` · ${formatCents(payment.creditCents)} kept as credit` : ''}
        </p>
      </div>
      <p className="font-bold whitespace-nowrap text-ink-900 tabular-nums">
        {refund ? `−${formatCents(payment.amountCents)}` : formatCents(payment.amountCents)}
      </p>
    </li>
  );
}

function Payments({ payments }: { payments: PortalPayment[] }) {
  return (
    <section aria-labelledby="payments-title" className="rounded-2xl bg-white p-5 ring-1 ring-ink-700/10 sm:p-6">
      <h2 id="payments-title" className="text-xl font-bold text-ink-900">
        Payments
      </h2>
      {payments.length === 0 ? (
        <p className="mt-2 text-ink-700">No payments yet.</p>
      ) : (
        <ul aria-labelledby="payments-title" className="mt-1 divide-y divide-ink-700/10">
          {payments.map((payment) => (
            <PaymentRow key={payment.id} payment={payment} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A voided invoice's note, or the invoice a credit note cancels. */
function Related({ invoice }: { invoice: PortalInvoice }) {
  const link = 'font-semibold text-brand-700 underline hover:no-underline';
  if (invoice.kind === 'credit_note') {
    return invoice.creditsInvoiceId ? (
      <p className="text-ink-900">
        This credit note cancels{' '}
        <a href={invoicePath(invoice.creditsInvoiceId)} className={link}>
          the invoice it was issued for
        </a>
        .
      </p>
    ) : null;
  }
  if (invoice.status !== 'void') return null;
  return (
    <div className="grid gap-1 rounded-xl bg-slate-50 p-4 text-ink-900 ring-1 ring-ink-700/15">
      <p>
        This invoice was voided{invoice.voidedAt ? ` on ${formatDate(invoice.voidedAt)}` : ''}: there is nothing to pay.
        {invoice.creditNoteId && (
          <>
            {' '}
            <a href={invoicePath(invoice.creditNoteId)} className={link}>
              View the credit note
            </a>
          </>
        )}
      </p>
      {invoice.voidReason && <p className="whitespace-pre-wrap wrap-break-word text-ink-700">{invoice.voidReason}</p>}
    </div>
  );
}

function InvoiceView({ invoiceId, me }: { invoiceId: string; me: PortalClient }) {
  const [paidReturn] = useState(() => new URLSearchParams(window.location.search).get('paid') === '1');
  const query = useInvoice(invoiceId, { confirming: paidReturn });
  const name = query.data ? invoiceName(query.data) : null;
  useEffect(() => {
    if (name) document.title = `${name} | Client Portal`;
  }, [name]);

  if (query.isPending) return <Loading />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 403) return <NotForBillingRole role={me.member.role} />;
    return (
      <div className="flex flex-col items-center gap-4 rounded-2xl bg-white p-8 text-center ring-1 ring-ink-700/10 sm:p-12">
        <h1 className="text-2xl font-bold text-ink-900">
          {status === 404 ? 'Invoice not found' : 'Something went wrong'}
        </h1>
        <p className="max-w-prose text-ink-700">
          {status === 404 ? 'This invoice does not exist or is not part of your account.' : 'Please reload the page.'}
        </p>
        <BackLink href="/portal/invoices" label="Back to Invoices" button />
      </div>
    );
  }

  const invoice = query.data;
  const owing = invoice.kind === 'invoice' && invoice.status !== 'void' && invoice.balanceCents > 0;
  return (
    <div className="grid gap-6">
      <div>
        <BackLink href="/portal/invoices" label="Back to Invoices" />
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <div className="flex min-w-0 flex-wrap items-center gap-3">
            <h1 className="min-w-0 text-2xl font-extrabold wrap-break-word text-ink-900 sm:text-3xl">
              {invoiceName(invoice)}
            </h1>
            <InvoiceStatusBadge invoice={invoice} />
          </div>
          <a href={pdfUrl(invoice.id)} className="btn-secondary">
            <Download aria-hidden="true" className="size-4" /> Download PDF
          </a>
        </div>
      </div>
      {paidReturn && <PaymentConfirmation paid={settled(invoice)} />}
      <Related invoice={invoice} />
      {owing && <PaySection invoice={invoice} />}
      <InvoiceDocument invoice={invoice} />
      {invoice.kind === 'invoice' && <Payments payments={invoice.payments} />}
    </div>
  );
}

export default function InvoicePage({ invoiceId }: { invoiceId: string }) {
  return (
    <PortalFrame>
      {(me) =>
        mayBill(me.member.role) ? (
          <LiveUpdates kind="client" refresh={portalLive}>
            <div className="mx-auto w-full max-w-4xl">
              <InvoiceView invoiceId={invoiceId} me={me} />
            </div>
          </LiveUpdates>
        ) : (
          <NotForBillingRole role={me.member.role} />
        )
      }
    </PortalFrame>
  );
}
