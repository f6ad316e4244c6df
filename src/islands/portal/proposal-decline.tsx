/**
 * 'Decline' (docs/product.md#proposals): the dialog in which an owner or billing member turns a
 * proposal down, saying why (`Why are you declining?`, required: declineProposalSchema). The team
 * is told at once. A refusal (decided, withdrawn or expired meanwhile; a role that no longer
 * answers) is said in the dialog in the server's words, and the proposal is fetched again. One
 * answer at a time: a double click sends once, and the dialog stays open until the answer comes.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { XCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PROPOSAL_LIMITS } from '../../shared/proposals.ts';
import { declineProposalSchema } from '../../shared/schemas/proposals.ts';
import { ApiError, messageOf } from '../lib/api.ts';
import { Field } from '../ui/form.tsx';
import { useDeclineProposal } from './mutations.ts';
import { AnswerActions, useOneAnswer } from './proposal-answer.tsx';

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
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<{ reason: string }>({ resolver: zodResolver(declineProposalSchema), defaultValues: { reason: '' } });
  const answer = useOneAnswer(onBusy, (error) => {
    const reason = error instanceof ApiError ? error.fields.reason : undefined;
    if (reason) setError('reason', { type: 'server', message: reason });
    else setFailure(messageOf(error, 'Please try again.'));
  });

  const send = async (values: { reason: string }) => {
    setFailure(null);
    if (await answer.send(() => decline.mutateAsync(values))) onDone();
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
      <AnswerActions
        pending={answer.pending}
        isBusy={answer.isBusy}
        onCancel={onCancel}
        label="Decline the proposal"
        busyLabel="Sending..."
        icon={XCircle}
        tone="danger"
      />
    </form>
  );
}
