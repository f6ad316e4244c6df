/**
 * The line items of the invoice editor (docs/product.md#invoices): one group per line with its
 * `Description`, `Quantity` (a whole number) and `Unit price (USD)` (dollars; sent in cents), its
 * amount, and `Remove line`; `Add a line` under them. Every control's name says its line
 * ('Description of line 2', 'Remove line 2'); a new line takes focus at its description, a
 * removal moves focus to the line that takes its place and is announced (as proposal-lines.tsx).
 */
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { INVOICE_LIMITS } from '../../shared/invoices.ts';
import { formatCents } from '../../shared/proposals.ts';
import type { InvoiceBody } from './invoice-mutations.ts';
import { blankInvoiceLine, type InvoiceFormInput } from './invoice-values.ts';
import { dollarsToCents } from './proposal-values.ts';

type InvoiceForm = UseFormReturn<InvoiceFormInput, unknown, InvoiceBody>;

/** A labelled input of a line, its label naming the line, with its error under it. */
function LineField({
  id,
  label,
  line,
  error,
  children,
}: {
  id: string;
  label: string;
  line: number;
  error?: string;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  return (
    <div>
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

/** What one line comes to as typed ('$2,400.00'); nothing while it cannot be read. */
function LineAmount({ quantity, unitPrice }: { quantity?: string; unitPrice?: string }) {
  const cents = dollarsToCents(unitPrice ?? '');
  const count = Number(quantity);
  if (cents === null || !Number.isInteger(count) || count < 1) return null;
  return (
    <span className="text-sm font-semibold whitespace-nowrap text-ink-900 tabular-nums">
      {formatCents(cents * count)}
    </span>
  );
}

/** The line items editor of `form`. */
export function InvoiceLines({ form }: { form: InvoiceForm }) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const lines = useWatch({ control, name: 'items' });
  const baseId = useId();
  const box = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const [announcement, setAnnouncement] = useState('');
  // The control to focus once the lines have re-rendered: 'add', or the index of a description.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === 'add') addButton.current?.focus();
    else box.current?.querySelector<HTMLElement>(`[data-line-description="${target}"]`)?.focus();
  });

  const removeLine = (index: number) => {
    remove(index);
    const left = fields.length - 1;
    focusNext.current = left === 0 ? 'add' : String(Math.min(index, left - 1));
    setAnnouncement(`Line ${index + 1} removed.`);
  };
  const listError = errors.items?.message ?? errors.items?.root?.message;
  const full = fields.length >= INVOICE_LIMITS.items;

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
          return (
            <li key={field.id} className="@container rounded-xl bg-slate-50 p-4 ring-1 ring-ink-700/10">
              <fieldset className="grid min-w-0 gap-3">
                <legend className="mb-1 flex w-full flex-wrap items-baseline justify-between gap-x-3 font-bold text-ink-900">
                  Line {line}
                  <LineAmount {...lines?.[index]} />
                </legend>
                <LineField id={`${id}-description`} label="Description" line={line} error={errs?.description?.message}>
                  {(props) => (
                    <textarea
                      {...props}
                      rows={2}
                      data-line-description={index}
                      maxLength={INVOICE_LIMITS.descriptionLength}
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
                        max={INVOICE_LIMITS.quantity}
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
                <div className="-ml-2.5">
                  <button
                    type="button"
                    className="inline-flex min-h-10 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold whitespace-nowrap text-danger-700 hover:bg-red-50"
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
            append(blankInvoiceLine(), { shouldFocus: false });
            focusNext.current = String(fields.length);
            setAnnouncement(`Line ${fields.length + 1} added.`);
          }}
        >
          <Plus aria-hidden="true" className="size-4" /> Add a line
        </button>
        {full && <p className="mt-1 text-sm text-ink-700">An invoice has at most {INVOICE_LIMITS.items} line items.</p>}
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
