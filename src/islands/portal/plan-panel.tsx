/**
 * The client's monthly plan on /portal/invoices (docs/product.md#payments): its price
 * (`$99/month`), the day it started, the day its commitment ends and its status. When the card
 * was refused: `Payment failed — update your card`, with `Update your card`, which asks for
 * Stripe's billing portal (POST /api/client/plan/update-card) and goes there, one press at a time.
 * While it runs, `Request cancellation…` (plan-cancel.tsx); once asked, the request is shown as
 * pending the team's confirmation with the day the plan ends, then as confirmed, then as canceled.
 */
import { AlertTriangle, CreditCard, Hourglass } from 'lucide-react';
import { useRef, type Ref } from 'react';
import { formatDate } from '../lib/format.ts';
import { cn } from '../lib/cn.ts';
import { useUpdateCard } from './invoice-mutations.ts';
import { formatMonthly, GoThereButton, useGoThere } from './invoice-parts.tsx';
import type { PortalPlan } from './invoice-queries.ts';
import { CancelPlan } from './plan-cancel.tsx';

const STATUS_LABELS: Record<PortalPlan['status'], string> = {
  active: 'Active',
  past_due: 'Payment overdue',
  cancel_requested: 'Cancellation requested',
  canceled: 'Canceled',
};

const STATUS_TONES: Record<PortalPlan['status'], string> = {
  active: 'bg-green-100 text-green-900',
  past_due: 'bg-red-100 text-red-900',
  cancel_requested: 'bg-amber-100 text-amber-900',
  canceled: 'bg-slate-200 text-slate-900',
};

/** The refused card, and the way to Stripe's billing portal to change it. */
function PaymentFailed() {
  const update = useUpdateCard();
  const go = useGoThere(
    () => update.mutateAsync(),
    'Updating the card is not available right now. Please try again later, or call us.',
  );
  return (
    <div className="grid gap-3 rounded-xl bg-red-50 p-4 ring-1 ring-danger-700/30">
      <p className="flex items-start gap-2 font-semibold text-ink-900">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger-700" />
        Payment failed — update your card
      </p>
      <GoThereButton label="Update your card" busyLabel="Opening..." icon={CreditCard} go={go} />
    </div>
  );
}

/** ' Your plan ends on Oct 18, 2027.', the day kept on one line. */
function EndsOn({ text, day }: { text: string; day: string }) {
  return (
    <>
      {text}
      <span className="whitespace-nowrap">{day}</span>.
    </>
  );
}

/** Where a cancellation stands: asked (pending the team's confirmation) or done. */
function Cancellation({ plan, noticeRef }: { plan: PortalPlan; noticeRef: Ref<HTMLParagraphElement> }) {
  const day = plan.cancelEffectiveOn ? formatDate(plan.cancelEffectiveOn) : null;
  return (
    <p
      ref={noticeRef}
      tabIndex={-1}
      className="flex items-start gap-2 rounded-xl bg-amber-50 p-4 text-ink-900 ring-1 ring-amber-700/30 focus:outline-none focus-visible:outline-2"
    >
      <Hourglass aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800" />
      <span>
        {plan.status === 'cancel_requested' && plan.cancelConfirmed ? (
          <>
            <strong>Cancellation confirmed.</strong>
            {day && <EndsOn text=" Your plan ends on " day={day} />}
          </>
        ) : plan.status === 'cancel_requested' ? (
          <>
            <strong>Cancellation requested</strong>, pending confirmation by our team.
            {day && <EndsOn text=" Your plan ends on " day={day} />}
          </>
        ) : (
          <>
            <strong>Your plan is canceled.</strong>
            {day && <EndsOn text=" It ends on " day={day} />}
          </>
        )}
      </span>
    </p>
  );
}

export function PlanSection({ plan }: { plan: PortalPlan }) {
  const notice = useRef<HTMLParagraphElement>(null);
  const running = plan.status === 'active' || plan.status === 'past_due';
  const facts: [string, string][] = [
    ['Started', formatDate(plan.startedOn)],
    ['Commitment ends', plan.commitmentEndsOn ? formatDate(plan.commitmentEndsOn) : 'No commitment'],
  ];
  return (
    <section
      aria-labelledby="plan-title"
      className="grid gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-700/10 sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h2 id="plan-title" className="text-xl font-bold text-ink-900">
          Your plan
        </h2>
        <p className="text-2xl font-extrabold text-ink-900 tabular-nums">{formatMonthly(plan.monthlyCents)}</p>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-ink-700">{term}</dt>
            <dd className="font-semibold text-ink-900">{value}</dd>
          </div>
        ))}
        <div>
          <dt className="text-ink-700">Status</dt>
          <dd>
            <span
              className={cn(
                'inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap',
                STATUS_TONES[plan.status],
              )}
            >
              {STATUS_LABELS[plan.status]}
            </span>
          </dd>
        </div>
      </dl>
      {plan.paymentFailed && plan.status !== 'canceled' && <PaymentFailed />}
      {!running && <Cancellation plan={plan} noticeRef={notice} />}
      <div className={running ? undefined : 'hidden'}>
        <CancelPlan plan={plan} canRequest={running} notice={notice} />
      </div>
    </section>
  );
}
