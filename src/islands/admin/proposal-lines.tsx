/**
 * The line items of the proposal editor (docs/product.md#proposals): one group per line with its
 * `Description`, `Quantity` (a whole number), `Unit price (USD)` (dollars; sent in cents),
 * `Billed monthly` and `Optional (the client may tick it)`, its amount, and `Move up`, `Move down`
 * and `Remove line`; `Add a line` under them. Every control's name says its line ('Description of
 * line 2', 'Move up line 2'); a new line takes focus at its description, a move keeps focus on
 * the moved line's button and is announced, a removal moves focus to the line that takes its place.
 */
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { formatCents, PROPOSAL_LIMITS } from '../../shared/proposals.ts';
import type { ProposalBody } from '../../shared/schemas/proposals.ts';
import { cn } from '../lib/cn.ts';
import { blankLine } from './proposal-form-data.ts';
import { dollarsToCents, type ProposalFormInput } from './proposal-values.ts';

type ProposalForm = UseFormReturn<ProposalFormInput, unknown, ProposalBody>;

const LINE_BUTTON =
  'inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold whitespace-nowrap text-ink-700 hover:bg-slate-100 hover:text-ink-900 aria-disabled:cursor-not-allowed aria-disabled:opacity-40';

/** A labelled input of a line, its label naming the line, with its error under it. */
function LineField({
  id,
  label,
  line,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  line: number;
  error?: string;
  className?: string;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
        <span className="sr-only"> of line {line}</span>
      </label>
      {children({ id, ...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {}) })}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** What one line comes to as typed: '$2,400.00', '$99.00 a month'; nothing while it cannot be read. */
function LineAmount({ quantity, unitPrice, monthly }: { quantity: string; unitPrice: string; monthly: boolean }) {
  const cents = dollarsToCents(unitPrice);
  const count = Number(quantity);
  if (cents === null || !Number.isInteger(count) || count < 1) return null;
  return (
    <span className="text-sm font-semibold whitespace-nowrap text-ink-900 tabular-nums">
      {formatCents(cents * count)}
      {monthly ? ' a month' : ''}
    </span>
  );
}

/** The line items editor of `form`. */
export function ProposalLines({ form }: { form: ProposalForm }) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'items' });
  const lines = useWatch({ control, name: 'items' });
  const baseId = useId();
  const box = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const [announcement, setAnnouncement] = useState('');
  // The control to focus once the lines have re-rendered: `${index}:${action}`.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === 'add') addButton.current?.focus();
    else box.current?.querySelector<HTMLElement>(`[data-line-control="${target}"]`)?.focus();
  });

  const moveLine = (from: number, to: number, action: 'up' | 'down') => {
    if (to < 0 || to >= fields.length) return;
    move(from, to);
    focusNext.current = `${to}:${action}`;
    setAnnouncement(`Line ${from + 1} moved to position ${to + 1}.`);
  };
  const removeLine = (index: number) => {
    remove(index);
    const left = fields.length - 1;
    focusNext.current = left === 0 ? 'add' : `${Math.min(index, left - 1)}:description`;
    setAnnouncement(`Line ${index + 1} removed.`);
  };
  const listError = errors.items?.message ?? errors.items?.root?.message;
  const full = fields.length >= PROPOSAL_LIMITS.items;

  return (
    <section aria-labelledby={`${baseId}-heading`} className="grid gap-3">
      <h2 id={`${baseId}-heading`} className="text-lg font-bold text-ink-900">
        Line items
      </h2>
      {fields.length === 0 && <p className="text-ink-700">No lines yet.</p>}
      <ol ref={box} className="grid gap-3">
        {fields.map((field, index) => {
          const line = index + 1;
          const id = `${baseId}-${field.id}`;
          const errs = errors.items?.[index];
          const value = lines?.[index];
          return (
            <li key={field.id} className="@container rounded-xl bg-slate-50 p-4 ring-1 ring-ink-700/10">
              <fieldset className="grid min-w-0 gap-3">
                <legend className="mb-1 flex w-full flex-wrap items-baseline justify-between gap-x-3 font-bold text-ink-900">
                  Line {line}
                  {value && <LineAmount {...value} />}
                </legend>
                <LineField id={`${id}-description`} label="Description" line={line} error={errs?.description?.message}>
                  {(props) => (
                    <textarea
                      {...props}
                      rows={2}
                      data-line-control={`${index}:description`}
                      maxLength={PROPOSAL_LIMITS.descriptionLength}
                      // As tall as its words (at most 500 characters), from two lines.
                      className="field-input min-h-18 field-sizing-content"
                      {...register(`items.${index}.description`)}
                    />
                  )}
                </LineField>
                <div className="grid gap-3 @xs:grid-cols-2">
                  <LineField id={`${id}-quantity`} label="Quantity" line={line} error={errs?.quantity?.message}>
                    {(props) => (
                      <input
                        {...props}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={PROPOSAL_LIMITS.quantity}
                        step={1}
                        className="field-input"
                        {...register(`items.${index}.quantity`)}
                      />
                    )}
                  </LineField>
                  <LineField id={`${id}-price`} label="Unit price (USD)" line={line} error={errs?.unitPrice?.message}>
                    {(props) => (
                      <input
                        {...props}
                        type="number"
                        inputMode="decimal"
                        min={0}
                        step={0.01}
                        className="field-input"
                        {...register(`items.${index}.unitPrice`)}
                      />
                    )}
                  </LineField>
                </div>
                <div className="flex flex-wrap gap-x-6 gap-y-1">
                  <label className="flex min-h-10 items-center gap-2 text-sm font-semibold text-ink-900">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-700"
                      {...register(`items.${index}.monthly`)}
                    />
                    Billed monthly<span className="sr-only"> for line {line}</span>
                  </label>
                  <label className="flex min-h-10 items-center gap-2 text-sm font-semibold text-ink-900">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-700"
                      {...register(`items.${index}.optional`)}
                    />
                    Optional (the client may tick it)<span className="sr-only"> for line {line}</span>
                  </label>
                </div>
                <div className="-ml-2.5 flex flex-wrap gap-1">
                  <button
                    type="button"
                    data-line-control={`${index}:up`}
                    aria-disabled={index === 0 || undefined}
                    className={LINE_BUTTON}
                    onClick={() => moveLine(index, index - 1, 'up')}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" /> Move up
                    <span className="sr-only"> line {line}</span>
                  </button>
                  <button
                    type="button"
                    data-line-control={`${index}:down`}
                    aria-disabled={index === fields.length - 1 || undefined}
                    className={LINE_BUTTON}
                    onClick={() => moveLine(index, index + 1, 'down')}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" /> Move down
                    <span className="sr-only"> line {line}</span>
                  </button>
                  <button
                    type="button"
                    className={cn(LINE_BUTTON, 'text-danger-700 hover:bg-red-50 hover:text-danger-700')}
                    onClick={() => removeLine(index)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" /> Remove line<span className="sr-only"> {line}</span>
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {listError && <p className="field-error">{listError}</p>}
      <div>
        <button
          ref={addButton}
          type="button"
          className="btn-secondary"
          aria-disabled={full || undefined}
          onClick={() => {
            if (full) return;
            append(blankLine(), { shouldFocus: false });
            focusNext.current = `${fields.length}:description`;
            setAnnouncement(`Line ${fields.length + 1} added.`);
          }}
        >
          <Plus aria-hidden="true" className="size-4" /> Add a line
        </button>
        {full && (
          <p className="mt-1 text-sm text-ink-700">A proposal has at most {PROPOSAL_LIMITS.items} line items.</p>
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
