/**
 * `Request cancellation…` of the monthly plan (docs/product.md#payments): a dialog that says,
 * before anything is sent, when the plan would end: its 12-month commitment ends on
 * `commitmentEndsOn` and the Terms of Service ask for 30 days' notice, so it ends on the later of
 * the two (the day computed here with date-fns from today). An optional reason, then `Send the
 * request` (POST /api/client/plan/cancel, one at a time; the dialog cannot be closed meanwhile).
 * Staff confirm it: the plan then shows as pending their confirmation, with the day it ends
 * (the server's `cancelEffectiveOn`). A refusal is said in the dialog, in the server's words.
 */
import { addDays, format, max, parseISO, startOfToday } from 'date-fns';
import { Loader2, Send } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { INVOICE_LIMITS, PLAN_BILLING } from '../../shared/invoices.ts';
import { ApiError, messageOf } from '../lib/api.ts';
import { formatDate } from '../lib/format.ts';
import { toast } from '../lib/toast-store.ts';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog.tsx';
import { Field } from '../ui/form.tsx';
import { useCancelPlan } from './invoice-mutations.ts';
import type { PortalPlan } from './invoice-queries.ts';
import { useOneAnswer } from './proposal-answer.tsx';

/**
 * The day ('YYYY-MM-DD') a cancellation asked for on `today` takes effect: the later of the
 * commitment's last day (if any) and today plus the notice the Terms of Service ask for.
 */
function cancellationDay(commitmentEndsOn: string | null, today: Date = startOfToday()): string {
  const notice = addDays(today, PLAN_BILLING.noticeDays);
  return format(commitmentEndsOn ? max([parseISO(commitmentEndsOn), notice]) : notice, 'yyyy-MM-dd');
}

/** The words said before a cancellation is sent: the commitment, the notice and the day it ends. */
function WhenItEnds({ plan }: { plan: PortalPlan }) {
  const ends = formatDate(cancellationDay(plan.commitmentEndsOn));
  const terms = (
    <a href="/terms-of-service" className="font-semibold text-brand-700 underline hover:no-underline">
      Terms of Service
    </a>
  );
  return (
    <div className="grid gap-2 rounded-xl bg-slate-50 p-4 text-ink-900 ring-1 ring-ink-700/10">
      {plan.commitmentEndsOn ? (
        <p>
          Your plan has a {PLAN_BILLING.commitmentMonths}-month commitment that ends on{' '}
          <strong className="whitespace-nowrap">{formatDate(plan.commitmentEndsOn)}</strong>, and our {terms} ask for{' '}
          {PLAN_BILLING.noticeDays} days&rsquo; notice. The plan ends on the later of the two.
        </p>
      ) : (
        <p>
          Our {terms} ask for {PLAN_BILLING.noticeDays} days&rsquo; notice.
        </p>
      )}
      <p>
        Asked for today, your plan ends on <strong className="whitespace-nowrap">{ends}</strong>. It goes on as now
        until then, and our team confirms the request.
      </p>
    </div>
  );
}

function CancelForm({ plan, onDone, onCancel, onBusy }: CancelFormProps) {
  const cancel = useCancelPlan();
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const answer = useOneAnswer(onBusy, (error) => {
    const onField = error instanceof ApiError ? error.fields.reason : undefined;
    setFieldError(onField);
    if (!onField) setFailure(messageOf(error, 'Please try again.'));
  });
  const send = async () => {
    setFailure(null);
    setFieldError(undefined);
    const text = reason.trim();
    if (await answer.send(() => cancel.mutateAsync(text ? { reason: text } : {}))) onDone();
  };
  return (
    <form
      method="post"
      noValidate
      aria-label="Cancellation request"
      className="grid gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <WhenItEnds plan={plan} />
      <Field label="Reason (optional)" error={fieldError}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={INVOICE_LIMITS.voidReasonLength}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className="field-input"
          />
        )}
      </Field>
      {failure && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-semibold text-danger-700">
          The request was not sent. {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          className="btn-secondary aria-disabled:opacity-50"
          aria-disabled={answer.pending || undefined}
          onClick={() => {
            if (!answer.isBusy()) onCancel();
          }}
        >
          Keep my plan
        </button>
        <button
          type="submit"
          className="btn-danger aria-disabled:opacity-50"
          aria-disabled={answer.pending || undefined}
        >
          {answer.pending ? (
            <>
              <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Sending...
            </>
          ) : (
            <>
              <Send aria-hidden="true" className="size-4" /> Send the request
            </>
          )}
        </button>
      </div>
    </form>
  );
}

interface CancelFormProps {
  plan: PortalPlan;
  onDone: () => void;
  onCancel: () => void;
  onBusy: (busy: boolean) => void;
}

/**
 * The `Request cancellation…` button (only while `canRequest`: an active or past-due plan) and its
 * dialog, which stays mounted when the plan's new state hides the button. Once the request went
 * through and the dialog closed, focus goes to `notice` (the plan's pending notice), else back to
 * the button.
 */
export function CancelPlan({
  plan,
  canRequest,
  notice,
}: {
  plan: PortalPlan;
  canRequest: boolean;
  notice: RefObject<HTMLElement | null>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : !busy && setOpen(false))}>
      {canRequest && (
        <DialogTrigger asChild>
          <button type="button" className="btn-secondary">
            Request cancellation…
          </button>
        </DialogTrigger>
      )}
      <DialogContent
        title="Request cancellation"
        description="Tell us you want to end your monthly plan. Nothing changes until our team confirms it."
        size="md"
        onCloseAutoFocus={(event) => {
          if (!sent) return;
          event.preventDefault();
          notice.current?.focus();
        }}
      >
        <CancelForm
          plan={plan}
          onBusy={setBusy}
          onCancel={() => setOpen(false)}
          onDone={() => {
            setSent(true);
            setOpen(false);
            toast({ title: 'Cancellation requested', description: 'Our team will confirm it.' });
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
