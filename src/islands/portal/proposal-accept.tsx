/**
 * 'Accept and sign' (docs/product.md#proposals, docs/product.md#agreements): the dialog in which
 * an owner or billing member signs. It says what is being signed (the totals the server computed
 * for the optional items chosen), shows the electronic-signature disclosure (src/shared/esign.ts),
 * and asks for the consent (a required checkbox with the disclosure's own sentence), the signer's
 * full name and, optionally, a drawn signature (signature-pad.tsx). `Sign the proposal` sends the
 * hash of the document shown, so the server refuses a signature of anything else.
 *
 * One signature at a time: a second press while the first is on its way sends nothing, and the
 * dialog cannot be closed meanwhile. A refusal is said in the dialog (the server's words): a
 * document that changed (409 `document_changed`), a proposal decided, withdrawn or expired
 * meanwhile, a role that no longer signs; the proposal is fetched again either way, so the page
 * behind shows where it stands.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { PenLine } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { currentEsignDisclosure } from '../../shared/esign.ts';
import { formatCents } from '../../shared/proposals.ts';
import { acceptProposalSchema, type AcceptProposalValues } from '../../shared/schemas/proposals.ts';
import type { z } from '../../shared/zod.ts';
import { ApiError, messageOf } from '../lib/api.ts';
import { Field } from '../ui/form.tsx';
import { useAcceptProposal } from './mutations.ts';
import { AnswerActions, useOneAnswer } from './proposal-answer.tsx';
import type { PortalProposal } from './queries.ts';
import { SignaturePad } from './signature-pad.tsx';

type AcceptForm = z.input<typeof acceptProposalSchema>;

/** The fields of the form a server's field message may name. */
const FORM_FIELDS = ['signerName', 'consent', 'signatureSvg'] as const;

/** What is being signed: the title, the totals for the items chosen, and which optional items. */
function SigningSummary({ proposal, chosen }: { proposal: PortalProposal; chosen: readonly number[] }) {
  const current = proposal.optionalItems.join(',') === chosen.join(',');
  const optional = proposal.items.flatMap((item, index) => (item.optional ? [{ item, index }] : []));
  const { totals } = proposal;
  return (
    <section aria-label="What you are signing" className="rounded-xl bg-slate-50 p-4 ring-1 ring-ink-700/10">
      <p className="font-semibold wrap-anywhere text-ink-900">{proposal.title}</p>
      {current ? (
        <dl className="mt-2 grid gap-1 text-sm">
          <div className="flex flex-wrap justify-between gap-x-4">
            <dt className="text-ink-700">One-off total</dt>
            <dd className="font-semibold tabular-nums">{formatCents(totals.oneOffCents)}</dd>
          </div>
          {totals.monthlyCents > 0 && (
            <div className="flex flex-wrap justify-between gap-x-4">
              <dt className="text-ink-700">Monthly total</dt>
              <dd className="font-semibold tabular-nums">{formatCents(totals.monthlyCents)} per month</dd>
            </div>
          )}
          {proposal.depositPercent > 0 && (
            <div className="flex flex-wrap justify-between gap-x-4">
              <dt className="text-ink-700">{proposal.depositPercent}% deposit on signing</dt>
              <dd className="font-semibold tabular-nums">{formatCents(totals.depositCents)}</dd>
            </div>
          )}
        </dl>
      ) : (
        <p role="status" className="mt-2 text-sm text-ink-700">
          Updating the totals for the items you chose...
        </p>
      )}
      {optional.length > 0 && (
        <p className="mt-2 text-sm text-ink-700">
          {chosen.length === 0
            ? 'No optional items included.'
            : `Optional items included: ${optional
                .filter(({ index }) => chosen.includes(index))
                .map(({ item }) => item.description)
                .join(', ')}.`}
        </p>
      )}
    </section>
  );
}

/** The disclosure shown before signing, with its title and paragraphs. */
function Disclosure({ titleId }: { titleId: string }) {
  const disclosure = currentEsignDisclosure();
  return (
    <section aria-labelledby={titleId} className="grid gap-2 rounded-xl p-4 text-sm ring-1 ring-ink-700/15">
      <h3 id={titleId} className="text-base font-bold text-ink-900">
        {disclosure.title}
      </h3>
      {disclosure.paragraphs.map((paragraph) => (
        <p key={paragraph} className="wrap-anywhere text-ink-700">
          {paragraph}
        </p>
      ))}
    </section>
  );
}

/**
 * The signing form of `proposal` for the optional items at `chosen`. `onSigned` runs once the
 * server took the signature and the page's data is fresh, with the deposit invoice the signature
 * issued (`depositInvoiceId`, null when there is none); `onBusy` tells the dialog whether a
 * signature is on its way (it cannot be closed then); `onCancel` closes it.
 */
export function AcceptForm({
  proposal,
  chosen,
  onSigned,
  onBusy,
  onCancel,
}: {
  proposal: PortalProposal;
  chosen: readonly number[];
  onSigned: (signed: { depositInvoiceId: string | null }) => void;
  onBusy: (busy: boolean) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const accept = useAcceptProposal(proposal.id);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<AcceptForm, unknown, AcceptProposalValues>({
    resolver: zodResolver(acceptProposalSchema),
    defaultValues: {
      signerName: '',
      documentHash: proposal.documentHash,
      optionalItems: [...chosen],
      signatureSvg: null,
    },
  });
  // What is signed is what the page shows now (a document fetched again after a 409 included).
  useEffect(() => setValue('documentHash', proposal.documentHash), [proposal.documentHash, setValue]);
  useEffect(() => setValue('optionalItems', [...chosen]), [chosen, setValue]);

  const answer = useOneAnswer(onBusy, (error) => {
    const onFields =
      error instanceof ApiError
        ? Object.entries(error.fields).filter(([field]) => (FORM_FIELDS as readonly string[]).includes(field))
        : [];
    for (const [field, message] of onFields) {
      setError(field as (typeof FORM_FIELDS)[number], { type: 'server', message });
    }
    if (onFields.length === 0) setFailure(messageOf(error, 'Please try again.'));
  });
  const pending = answer.pending;

  const sign = async (values: AcceptProposalValues) => {
    setFailure(null);
    const signed = { depositInvoiceId: null as string | null };
    const sent = await answer.send(async () => {
      signed.depositInvoiceId = (await accept.mutateAsync(values)).depositInvoiceId ?? null;
    });
    if (sent) onSigned(signed);
  };

  const consentError = errors.consent?.message;
  return (
    <form method="post" noValidate onSubmit={handleSubmit(sign)} aria-label="Your signature" className="grid gap-5">
      <SigningSummary proposal={proposal} chosen={chosen} />
      <Disclosure titleId={`${id}-disclosure`} />
      <div>
        <label className="flex cursor-pointer items-start gap-3 rounded-lg p-3 ring-1 ring-ink-700/20 has-checked:bg-brand-50 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
            aria-invalid={consentError ? true : undefined}
            aria-describedby={consentError ? `${id}-consent-error` : undefined}
            {...register('consent')}
          />
          <span className="text-ink-900">{currentEsignDisclosure().consent}</span>
        </label>
        {consentError && (
          <p id={`${id}-consent-error`} className="field-error">
            {consentError}
          </p>
        )}
      </div>
      <Field label="Your full name" error={errors.signerName?.message}>
        {(control) => (
          <input
            {...control}
            autoComplete="name"
            spellCheck={false}
            className="field-input"
            {...register('signerName')}
          />
        )}
      </Field>
      <div>
        <SignaturePad
          disabled={pending}
          onChange={(svg) => setValue('signatureSvg', svg, { shouldValidate: Boolean(errors.signatureSvg) })}
        />
        {errors.signatureSvg?.message && <p className="field-error">{errors.signatureSvg.message}</p>}
      </div>
      {failure && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-semibold text-danger-700">
          The proposal was not signed. {failure}
        </p>
      )}
      <AnswerActions
        pending={pending}
        isBusy={answer.isBusy}
        onCancel={onCancel}
        label="Sign the proposal"
        busyLabel="Signing..."
        icon={PenLine}
        tone="primary"
      />
    </form>
  );
}
