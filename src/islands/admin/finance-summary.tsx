/**
 * The finance summary above the Invoices list (docs/product.md#invoices, docs/product.md#payments),
 * from GET /api/admin/finance/summary: four figures (Outstanding, Overdue, Paid this month,
 * Monthly recurring revenue), the chart of the last 12 months (finance-chart.tsx), the plans whose
 * last payment failed ('Payment failed', the client by name) and the cancellations clients asked
 * for, each with `Confirm cancellation` (asks first). It follows live updates.
 */
import { XCircle } from 'lucide-react';
import { formatCents } from '../../shared/proposals.ts';
import { formatDate, formatDateTime } from '../lib/format.ts';
import { toast } from '../lib/toast-store.ts';
import { ConfirmAction } from '../ui/confirm-action.tsx';
import { Loading } from '../ui/loading.tsx';
import { FinanceChart } from './finance-chart.tsx';
import { useConfirmCancel } from './invoice-mutations.ts';
import { useFinanceSummary, type FinanceSummary } from './invoice-queries.ts';
import { Badge, CARD, ListError } from './parts.tsx';

/** One figure of the four. */
function Figure({ label, cents }: { label: string; cents: number }) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-700/10 sm:p-5">
      <dt className="text-sm font-semibold text-ink-700">{label}</dt>
      <dd className="mt-1 text-xl font-extrabold text-ink-900 tabular-nums sm:text-2xl">{formatCents(cents)}</dd>
    </div>
  );
}

const clientHref = (clientId: string) => `#client/${encodeURIComponent(clientId)}`;
/** A day or an instant as 'Nov 3, 2026'; `fallback` when there is none. */
const dayText = (value: string | null, fallback: string) => (value ? formatDate(value) : fallback);

/** `Confirm cancellation` of one request, asking first. */
function ConfirmCancel({ request }: { request: FinanceSummary['cancelRequests'][number] }) {
  const confirm = useConfirmCancel();
  return (
    <ConfirmAction
      trigger={
        <button type="button" className="btn-secondary">
          <XCircle aria-hidden="true" className="size-4" /> Confirm cancellation
          <span className="sr-only"> for {request.business}</span>
        </button>
      }
      title="Confirm this cancellation?"
      description={
        <p>
          {request.business}&apos;s plan ends on {dayText(request.effectiveOn, 'the day its notice ends')}, and nothing
          more is billed for it after that day.
        </p>
      }
      confirmLabel="Confirm cancellation"
      pendingLabel="Confirming..."
      tone="danger"
      onConfirm={async () => {
        const done = await confirm.mutateAsync(request.subscriptionId);
        const day = dayText(done.cancelEffectiveOn ?? request.effectiveOn, 'the day its notice ends');
        toast({
          title: 'Cancellation confirmed',
          description: `${request.business}'s plan ends on ${day}.`,
        });
      }}
    />
  );
}

/** The plans that need a word from staff: failed payments and cancellation requests. */
function Plans({ summary }: { summary: FinanceSummary }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
      <section aria-labelledby="failed-payments-heading" className={CARD}>
        <h3 id="failed-payments-heading" className="mb-3 text-lg font-bold text-ink-900">
          Failed plan payments
        </h3>
        {summary.failedPayments.length === 0 ? (
          <p className="text-ink-700">No failed plan payments.</p>
        ) : (
          <ul className="grid gap-2 text-sm">
            {summary.failedPayments.map((failed) => (
              <li
                key={failed.subscriptionId}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-ink-700/10 pb-2 last:border-b-0"
              >
                <Badge tone="red">Payment failed</Badge>
                <a
                  href={clientHref(failed.clientId)}
                  className="font-semibold wrap-anywhere text-brand-700 hover:underline"
                >
                  {failed.business}
                </a>
                <time dateTime={failed.failedAt} className="text-ink-700">
                  {formatDateTime(failed.failedAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="cancel-requests-heading" className={CARD}>
        <h3 id="cancel-requests-heading" className="mb-3 text-lg font-bold text-ink-900">
          Cancellation requests
        </h3>
        {summary.cancelRequests.length === 0 ? (
          <p className="text-ink-700">No cancellation requests.</p>
        ) : (
          <ul className="grid gap-3 text-sm">
            {summary.cancelRequests.map((request) => (
              <li
                key={request.subscriptionId}
                className="flex flex-wrap items-center justify-between gap-3 border-b border-ink-700/10 pb-3 last:border-b-0"
              >
                <span className="min-w-0">
                  <a
                    href={clientHref(request.clientId)}
                    className="font-semibold wrap-anywhere text-brand-700 hover:underline"
                  >
                    {request.business}
                  </a>
                  <span className="block text-ink-700">
                    Asked by {request.requestedByName ?? 'the client'}
                    {request.requestedAt ? ` on ${formatDate(request.requestedAt)}` : ''}; ends on{' '}
                    {dayText(request.effectiveOn, 'a day not set yet')}
                  </span>
                </span>
                {request.confirmed ? <Badge tone="gray">Confirmed</Badge> : <ConfirmCancel request={request} />}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The finance summary; see the module comment. */
export function FinanceSummaryPanel() {
  const summary = useFinanceSummary();
  return (
    <section aria-labelledby="finance-heading" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <h2 id="finance-heading" className="text-xl font-bold text-ink-900">
        Finance
      </h2>
      {summary.isPending ? (
        <Loading label="Loading the finance summary..." compact />
      ) : summary.isError ? (
        <ListError what="finance summary" />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
            <Figure label="Outstanding" cents={summary.data.outstandingCents} />
            <Figure label="Overdue" cents={summary.data.overdueCents} />
            <Figure label="Paid this month" cents={summary.data.paidThisMonthCents} />
            <Figure label="Monthly recurring revenue" cents={summary.data.monthlyRecurringCents} />
          </dl>
          <div className={CARD}>
            <FinanceChart months={summary.data.months} />
          </div>
          <Plans summary={summary.data} />
        </>
      )}
    </section>
  );
}
