/**
 * The proposal editor's content fields (docs/product.md#proposals): `Title`, `Introduction
 * (Markdown)`, the line items (proposal-lines.tsx), `Discount (USD)`, `Deposit (%)`, `Valid until`
 * (today to a year ahead) and `Additional terms (Markdown, optional)`, with the note that the
 * site's Terms of Service as published are attached by their version. Each field's message is
 * under it, linked to it.
 */
import type { UseFormReturn } from 'react-hook-form';
import { PROPOSAL_LIMITS } from '../../shared/proposals.ts';
import type { ProposalBody } from '../../shared/schemas/proposals.ts';
import { Field } from '../ui/form.tsx';
import { ProposalLines } from './proposal-lines.tsx';
import { dayAfter, type ProposalFormInput } from './proposal-values.ts';

/** The content fields of `form`, as cells of the editor's two-column grid. */
export function ProposalFields({ form }: { form: UseFormReturn<ProposalFormInput, unknown, ProposalBody> }) {
  const {
    register,
    formState: { errors },
  } = form;
  const today = new Date();
  return (
    <>
      <Field label="Title" error={errors.title?.message} className="sm:col-span-2">
        {(control) => (
          <input {...control} maxLength={PROPOSAL_LIMITS.titleLength} className="field-input" {...register('title')} />
        )}
      </Field>
      <Field
        label="Introduction (Markdown)"
        error={errors.intro?.message}
        hint="Headings (##), lists (-), **bold** and links; no images or HTML."
        className="sm:col-span-2"
      >
        {(control) => <textarea {...control} rows={8} className="field-input" {...register('intro')} />}
      </Field>
      <div className="sm:col-span-2">
        <ProposalLines form={form} />
      </div>
      <Field label="Discount (USD)" error={errors.discount?.message} hint="Taken off the one-off lines.">
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            className="field-input"
            {...register('discount')}
          />
        )}
      </Field>
      <Field label="Deposit (%)" error={errors.depositPercent?.message} hint="Of the one-off total, on signing.">
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            className="field-input"
            {...register('depositPercent')}
          />
        )}
      </Field>
      <Field label="Valid until" error={errors.validUntil?.message} hint="The last day it may be signed.">
        {(control) => (
          <input
            {...control}
            type="date"
            min={dayAfter(today, 0)}
            max={dayAfter(today, PROPOSAL_LIMITS.validDays)}
            className="field-input"
            {...register('validUntil')}
          />
        )}
      </Field>
      <Field label="Additional terms (Markdown, optional)" error={errors.extraTerms?.message} className="sm:col-span-2">
        {(control) => <textarea {...control} rows={5} className="field-input" {...register('extraTerms')} />}
      </Field>
      <p className="text-sm text-ink-700 sm:col-span-2">
        The site&apos;s{' '}
        <a href="/terms-of-service" target="_blank" className="font-semibold text-brand-700 underline">
          Terms of Service (opens in a new tab)
        </a>{' '}
        as published when the proposal is sent are attached to it by their version.
      </p>
    </>
  );
}
