/**
 * The invoice editor's fields (docs/product.md#invoices): the client (client-picker.tsx: `Find a
 * client` and `Client`), `Project (optional)` among that client's projects (emptied when the
 * client changes), the line items (invoice-lines.tsx), `Due date (optional)` (empty: net 15 from
 * the day it is issued) and `Notes (optional)`; and the live total of what is typed, with the tax
 * of a saved draft's rate, or for a new one the rate in force ('Tax: per settings' when it could
 * not be read); the editor's buttons. Each
 * field's message is under it, linked to it.
 */
import { Save, Send } from 'lucide-react';
import type { MouseEventHandler, ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { INVOICE_LIMITS, invoiceTotals } from '../../shared/invoices.ts';
import { formatCents } from '../../shared/proposals.ts';
import { formatDateTime } from '../lib/format.ts';
import { Field } from '../ui/form.tsx';
import { ClientPicker, type ClientChoice } from './client-picker.tsx';
import { InvoiceLines } from './invoice-lines.tsx';
import type { InvoiceBody } from './invoice-mutations.ts';
import { previewItems, type InvoiceFormInput } from './invoice-values.ts';
import { useProjectPages } from './queries.ts';

type InvoiceForm = UseFormReturn<InvoiceFormInput, unknown, InvoiceBody>;

/** A rate in basis points as a percentage: 625 → '6.25%'. */
export const taxRateText = (basisPoints: number) =>
  `${(basisPoints / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

/** `Project (optional)`: the chosen client's projects, or none. */
function ProjectSelect({ form, clientId }: { form: InvoiceForm; clientId: string }) {
  const projects = useProjectPages({ clientId, sort: 'title.asc', limit: '200' });
  const items = projects.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Field
      label="Project (optional)"
      error={form.formState.errors.projectId?.message}
      hint={
        projects.isPending ? 'Loading the projects...' : items.length === 0 ? 'This client has no projects.' : undefined
      }
    >
      {(control) => (
        <select {...control} className="field-input" {...form.register('projectId')}>
          <option value="">No project</option>
          {items.map((project) => (
            <option key={project.id} value={project.id}>
              {project.title}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The fields of `form`, as cells of the editor's two-column grid. */
export function InvoiceFields({ form, initialClient }: { form: InvoiceForm; initialClient: ClientChoice | null }) {
  const {
    register,
    setValue,
    formState: { errors },
  } = form;
  const clientId = useWatch({ control: form.control, name: 'clientId' });
  return (
    <>
      <ClientPicker
        selectedId={clientId}
        initial={initialClient}
        error={errors.clientId?.message}
        select={register('clientId', { onChange: () => setValue('projectId', '') })}
      />
      {clientId ? (
        <ProjectSelect form={form} clientId={clientId} />
      ) : (
        <Field label="Project (optional)" hint="Choose a client first.">
          {(control) => (
            <select {...control} className="field-input" disabled>
              <option>No project</option>
            </select>
          )}
        </Field>
      )}
      <Field
        label="Due date (optional)"
        error={errors.dueDate?.message}
        hint="Empty: 15 days after the day it is issued (net 15)."
      >
        {(control) => <input {...control} type="date" className="field-input" {...register('dueDate')} />}
      </Field>
      <div className="sm:col-span-2">
        <InvoiceLines form={form} />
      </div>
      <Field
        label="Notes (optional)"
        error={errors.notes?.message}
        hint="Shown on the invoice."
        className="sm:col-span-2"
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={INVOICE_LIMITS.notesLength}
            className="field-input"
            {...register('notes')}
          />
        )}
      </Field>
    </>
  );
}

/** One row of the totals: its words and its amount. */
function Row({ term, value, strong = false }: { term: string; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex flex-wrap justify-between gap-x-4 ${strong ? 'border-t border-ink-700/10 pt-2 text-lg font-bold' : ''}`}
    >
      <dt className={strong ? 'text-ink-900' : 'text-ink-700'}>{term}</dt>
      <dd className="text-ink-900 tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * The live total of `form`'s lines as typed, with tax at `taxBasisPoints` (a saved draft's rate,
 * or the rate in force for a new one) or 'Tax: per settings' when it is not known (null). A preview: the server computes the total.
 */
export function InvoiceTotalsPanel({ form, taxBasisPoints }: { form: InvoiceForm; taxBasisPoints: number | null }) {
  const lines = useWatch({ control: form.control, name: 'items' });
  const totals = invoiceTotals(previewItems(lines), taxBasisPoints ?? 0);
  return (
    <section
      aria-labelledby="invoice-total-heading"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-ink-700/10 sm:p-6 xl:sticky xl:top-4"
    >
      <h2 id="invoice-total-heading" className="mb-3 text-lg font-bold text-ink-900">
        Total
      </h2>
      <dl className="grid gap-2">
        <Row term="Subtotal" value={formatCents(totals.subtotalCents)} />
        {taxBasisPoints === null ? (
          <Row term="Tax" value="Per settings" />
        ) : (
          taxBasisPoints > 0 && (
            <Row term={`Tax (${taxRateText(taxBasisPoints)})`} value={formatCents(totals.taxCents)} />
          )
        )}
        <Row
          term={taxBasisPoints === null ? 'Total before tax' : 'Total'}
          value={formatCents(totals.totalCents)}
          strong
        />
      </dl>
      <p className="mt-3 text-sm text-ink-700">
        {taxBasisPoints === null
          ? 'Tax: per settings. The rate shows here once the draft is saved.'
          : 'A preview of what is typed; the saved invoice’s totals are worked out by the server.'}
      </p>
    </section>
  );
}

/** How a button looks while it may not be pressed (it stays focusable). */
const UNAVAILABLE = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

/**
 * The editor's last row: when it was saved, `remove` (Delete draft), Cancel, `Save draft` (the
 * form's submit) and `Save and issue`, marked unavailable, not disabled, while `pending`: focus
 * stays on the button pressed.
 */
export function EditorButtons({
  savedAt,
  pending,
  onCancel,
  onIssue,
  remove,
}: {
  savedAt: string | null;
  pending: 'save' | 'issue' | null;
  onCancel: () => void;
  onIssue: MouseEventHandler<HTMLButtonElement>;
  remove: ReactNode;
}) {
  return (
    <div className="grid gap-3 sm:col-span-2">
      <p role="status" className="text-sm text-ink-700 empty:hidden">
        {savedAt ? `Saved ${formatDateTime(savedAt)}` : ''}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap gap-2">{remove}</div>
        <div className="flex flex-wrap gap-3">
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="submit"
            className={`btn-secondary ${UNAVAILABLE}`}
            aria-disabled={pending !== null || undefined}
          >
            <Save aria-hidden="true" className="size-4" /> {pending === 'save' ? 'Saving...' : 'Save draft'}
          </button>
          <button
            type="button"
            className={`btn-primary ${UNAVAILABLE}`}
            aria-disabled={pending !== null || undefined}
            onClick={onIssue}
          >
            <Send aria-hidden="true" className="size-4" /> {pending === 'issue' ? 'Saving...' : 'Save and issue'}
          </button>
        </div>
      </div>
    </div>
  );
}
