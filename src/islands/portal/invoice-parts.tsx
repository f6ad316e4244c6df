/**
 * What the portal's invoice screens share (docs/product.md#invoices, docs/product.md#payments): what
 * a member whose role does not see them reads instead (`mayBill`, portal-frame.tsx), an invoice's
 * name and its status as a badge (`Overdue` for an unpaid one past its due date), the payment
 * instructions (their line breaks kept), and `Pay now`: one press asks the server for a Stripe
 * Checkout address and goes there; while it is on its way a second press sends nothing, and a
 * refusal (Stripe down: 503 or 502) is said in an alert under the button, the page staying as it is.
 */
import { ArrowLeft, CreditCard, Loader2, type LucideIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { INVOICE_STATUS_LABELS, type InvoiceKind, type InvoiceStatus } from '../../shared/invoices.ts';
import { CLIENT_ROLE_LABELS, type ClientRole } from '../../shared/team.ts';
import { messageOf } from '../lib/api.ts';
import { cn } from '../lib/cn.ts';
import { useInvoiceCheckout } from './invoice-mutations.ts';

/** An invoice's name: 'Invoice INV-2026-0001', 'Credit note CN-2026-0002'. */
export function invoiceName(invoice: { kind: InvoiceKind; number: string | null }): string {
  return `${invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${invoice.number ?? ''}`.trim();
}

/** A link back, as a small text link or (`button`) a secondary button. */
export function BackLink({ href, label, button = false }: { href: string; label: string; button?: boolean }) {
  return (
    <a
      href={href}
      className={
        button
          ? 'btn-secondary'
          : 'inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline'
      }
    >
      <ArrowLeft aria-hidden="true" className="size-4" /> {label}
    </a>
  );
}

/** Instead of an invoice screen: the reader's role does not include billing, in plain words. */
export function NotForBillingRole({ role }: { role: ClientRole }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl bg-white p-8 text-center ring-1 ring-ink-700/10 sm:p-12">
      <h1 className="text-2xl font-bold text-ink-900">This page is not part of your role</h1>
      <p className="max-w-prose text-ink-700">
        Your role on the team is {CLIENT_ROLE_LABELS[role].toLowerCase()}: invoices, payments and the plan are for your
        team&rsquo;s owners and billing members.
      </p>
      <BackLink href="/portal" label="Back to Portal" button />
    </div>
  );
}

const TONES: Record<InvoiceStatus | 'overdue', string> = {
  draft: 'bg-slate-200 text-slate-900',
  open: 'bg-amber-100 text-amber-900',
  partially_paid: 'bg-blue-100 text-blue-900',
  paid: 'bg-green-100 text-green-900',
  void: 'bg-slate-200 text-slate-900',
  overdue: 'bg-red-100 text-red-900',
};

/** An invoice's status as a badge that never wraps: `Overdue` for an unpaid one past its due date. */
export function InvoiceStatusBadge({ invoice }: { invoice: { status: InvoiceStatus; overdue: boolean } }) {
  const shown = invoice.overdue ? 'overdue' : invoice.status;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap',
        TONES[shown],
      )}
    >
      {INVOICE_STATUS_LABELS[shown]}
    </span>
  );
}

/** A price per month in whole dollars when it has no cents: '$99/month', '$12.50/month'. */
export function formatMonthly(cents: number): string {
  const dollars = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
  return `${dollars}/month`;
}

/** How to pay without Stripe, under `title` (a heading of level `level`), its line breaks kept. */
export function PaymentInstructions({
  text,
  title,
  level = 'h2',
}: {
  text: string;
  title: string;
  level?: 'h2' | 'h3';
}) {
  const id = useId();
  const Heading = level;
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <Heading id={id} className={level === 'h2' ? 'text-xl font-bold text-ink-900' : 'text-lg font-bold text-ink-900'}>
        {title}
      </Heading>
      <p className="whitespace-pre-wrap wrap-break-word text-ink-700">{text}</p>
    </section>
  );
}

/**
 * One press at a time that asks for an address (`start`) and goes there: `pending` from the press
 * on (the page is leaving once the address came); `failure` is the server's message, else a general one.
 */
export function useGoThere(start: () => Promise<{ url: string }>, fallback: string) {
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const press = async () => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setFailure(null);
    try {
      const { url } = await start();
      window.location.assign(url);
    } catch (error) {
      busy.current = false;
      setPending(false);
      setFailure(messageOf(error, fallback));
    }
  };
  return { press, pending, failure };
}

/** A button that goes somewhere once the server gave the address, and the alert of a refusal. */
export function GoThereButton({
  label,
  busyLabel,
  icon: Icon,
  go,
  tone = 'primary',
}: {
  label: string;
  busyLabel: string;
  icon: LucideIcon;
  go: ReturnType<typeof useGoThere>;
  tone?: 'primary' | 'secondary';
}) {
  return (
    <div className="grid justify-items-start gap-3">
      <button
        type="button"
        className={cn(tone === 'primary' ? 'btn-primary' : 'btn-secondary', 'aria-disabled:opacity-60')}
        aria-disabled={go.pending || undefined}
        onClick={() => void go.press()}
      >
        {go.pending ? (
          <>
            <Loader2 aria-hidden="true" className="size-4 animate-spin" /> {busyLabel}
          </>
        ) : (
          <>
            <Icon aria-hidden="true" className="size-4" /> {label}
          </>
        )}
      </button>
      {go.failure && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-semibold wrap-break-word text-danger-700">
          {go.failure}
        </p>
      )}
    </div>
  );
}

/** `Pay now` (or `label`) for invoice `invoiceId`: Stripe Checkout, one press at a time. */
export function PayButton({ invoiceId, label = 'Pay now' }: { invoiceId: string; label?: string }) {
  const checkout = useInvoiceCheckout(invoiceId);
  const go = useGoThere(
    () => checkout.mutateAsync(),
    'Paying online is not available right now. Please try again later, or pay another way.',
  );
  return <GoThereButton label={label} busyLabel="Opening the secure payment page..." icon={CreditCard} go={go} />;
}
