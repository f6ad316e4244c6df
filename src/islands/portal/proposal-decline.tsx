/**
 * 'Decline' (docs/product.md#proposals): the dialog in which an owner or billing member turns a
 * proposal down, saying why (`Why are you declining?`, required: declineProposalSchema). The team
 * is told at once. A refusal (decided, withdrawn or expired meanwhile; a role that no longer
 * answers) is said in the dialog in the server's words, and the proposal is fetched again. One
 * answer at a time: a double click sends once, and the dialog stays open until the answer comes.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, XCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PROPOSAL_LIMITS } from '../../shared/proposals.ts';
import { declineProposalSchema } from '../../shared/schemas/proposals.ts';
import { ApiError, messageOf } from '../lib/api.ts';
import { Field } from '../ui/form.tsx';
import { useDeclineProposal } from './mutations.ts';

/** The decline form of proposal `proposalId`; see AcceptForm for `onDone`, `onBusy` and `onCancel`. */
export function DeclineForm({
  proposalId,
  onDone,
  onBusy,
  onCancel,
}: {
  proposalId: string;
  onDone: () => void;
  onBusy: (busy: boolean) => void;
  onCancel: () => void;
}) {
  const decline = useDeclineProposal(proposalId);
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ reason: string }>({ resolver: zodResolver(declineProposalSchema), defaultValues: { reason: '' } });

  const setWaiting = (waiting: boolean) => {
    busy.current = waiting;
    setPending(waiting);
    onBusy(waiting);
  };

  const send = async (values: { reason: string }) => {
    if (busy.current) return;
    setWaiting(true);
    setFailure(null);
    try {
      await decline.mutateAsync(values);
    } catch (error) {
      setWaiting(false);
      const reason = error instanceof ApiError ? error.fields.reason : undefined;
      if (reason) setError('reason', { type: 'server', message: reason });
      else setFailure(messageOf(error, 'Please try again.'));
      return;
    }
    setWaiting(false);
    onDone();
  };

  return (
    <form method="post" noValidate onSubmit={handleSubmit(send)} aria-label="Your answer" className="grid gap-5">
      <Field
        label="Why are you declining?"
        error={errors.reason?.message}
        hint="The team reads this. A word on what did not fit helps them make a better offer."
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={PROPOSAL_LIMITS.declineReasonLength}
            className="field-input"
            {...register('reason')}
          />
        )}
      </Field>
      {failure && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-semibold text-danger-700">
          Your answer was not sent. {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          className="btn-secondary aria-disabled:opacity-50"
          aria-disabled={pending || undefined}
          onClick={() => {
            if (!busy.current) onCancel();
          }}
        >
          Cancel
        </button>
        <button type="submit" className="btn-danger aria-disabled:opacity-50" aria-disabled={pending || undefined}>
          {pending ? (
            <>
              <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Sending...
            </>
          ) : (
            <>
              <XCircle aria-hidden="true" className="size-4" /> Decline the proposal
            </>
          )}
        </button>
      </div>
    </form>
  );
}
