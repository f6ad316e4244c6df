/**
 * Small pieces every invoice screen of the dashboard shares (docs/product.md#invoices): the status
 * badges (and `Overdue` for an unpaid invoice past its due date, `Credit note` for one), the
 * number or 'Draft', the link to an invoice's page and the name of whom it is for (the client's
 * business, never an email).
 */
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '../../shared/invoices.ts';
import { Badge } from './parts.tsx';

const TONE: Record<InvoiceStatus, Parameters<typeof Badge>[0]['tone']> = {
  draft: 'gray',
  open: 'blue',
  partially_paid: 'amber',
  paid: 'green',
  void: 'gray',
};

/** What the badges read from an invoice. */
interface Badged {
  status: InvoiceStatus;
  overdue: boolean;
  kind: 'invoice' | 'credit_note';
}

/** An invoice's status as coloured badges ('Partially paid', then 'Overdue' when it is); they never wrap. */
export function InvoiceStatusBadge({ invoice }: { invoice: Badged }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {invoice.kind === 'credit_note' && <Badge tone="indigo">Credit note</Badge>}
      <Badge tone={TONE[invoice.status]}>{INVOICE_STATUS_LABELS[invoice.status]}</Badge>
      {invoice.overdue && <Badge tone="red">{INVOICE_STATUS_LABELS.overdue}</Badge>}
    </span>
  );
}

/** The words of an invoice's status for a row's name: 'Open, overdue'. */
export function statusWords(invoice: Badged): string {
  const words = INVOICE_STATUS_LABELS[invoice.status];
  return invoice.overdue ? `${words}, overdue` : words;
}

/** An invoice's number, or 'Draft' before it is issued. */
const invoiceNumberText = (invoice: { number: string | null }) => invoice.number ?? 'Draft';

/** The address of invoice `id`'s page. */
export const invoiceHref = (id: string) => `#invoice/${encodeURIComponent(id)}`;

/** The name an invoice's client goes by: its business, else the person; never the email. */
export function clientNameOf(client: { name: string; business: string | null } | null): string {
  return client?.business ?? client?.name ?? 'Unknown client';
}

/** An invoice's number (or 'Draft') as a link to its page; `inRow` for a row that opens it itself. */
export function InvoiceLink({
  invoice,
  inRow = false,
}: {
  invoice: { id: string; number: string | null };
  inRow?: boolean;
}) {
  return (
    <a
      href={invoiceHref(invoice.id)}
      tabIndex={inRow ? -1 : undefined}
      className="font-semibold whitespace-nowrap text-brand-700 underline-offset-2 hover:underline"
    >
      {invoiceNumberText(invoice)}
      {invoice.number === null && <span className="sr-only"> invoice</span>}
    </a>
  );
}
