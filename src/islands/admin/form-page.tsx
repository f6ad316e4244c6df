/**
 * The frame of the full-page client and project forms (docs/product.md#dashboard): a back link,
 * the heading (focused when the form opens, so screen readers announce it), the failed save's
 * message in an alert (the server's, or 'An error occurred'), and the Cancel and save buttons
 * under the fields.
 */
import { AlertCircle, ArrowLeft } from 'lucide-react';
import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { messageOf } from '../lib/api.ts';

/** The full-page form's frame around `children` (its fields) and `actions` (the save button). */
export function FormPage({
  title,
  backLabel,
  onCancel,
  error,
  onSubmit,
  actions,
  children,
}: {
  title: string;
  backLabel: string;
  onCancel: () => void;
  /** The last save's failure, if it failed; null while saving or after a success. */
  error: Error | null;
  onSubmit: ComponentProps<'form'>['onSubmit'];
  actions: ReactNode;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="mx-auto max-w-2xl">
      <button
        type="button"
        onClick={onCancel}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> {backLabel}
      </button>
      <div className="mt-3 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-700/10 sm:p-8">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-extrabold text-ink-900 focus:outline-none">
          {title}
        </h1>
        {error && (
          <div role="alert" className="mt-5 flex gap-3 rounded-lg bg-red-50 p-4 text-danger-700 ring-1 ring-red-200">
            <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <p>{messageOf(error, 'An error occurred')}</p>
          </div>
        )}
        <form
          method="post"
          noValidate
          onSubmit={onSubmit}
          aria-label={title}
          className="mt-6 grid gap-5 sm:grid-cols-2"
        >
          {children}
          <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-secondary" onClick={onCancel}>
              Cancel
            </button>
            {actions}
          </div>
        </form>
      </div>
    </div>
  );
}

/** The form's missing-record state: an edit address whose record no longer exists. */
export function MissingRecord({ what, onBack }: { what: string; onBack: () => void }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-2xl bg-white p-10 text-center ring-1 ring-ink-700/10">
      <h1 className="text-2xl font-bold text-ink-900">{what} not found</h1>
      <p className="text-ink-700">It may have been deleted.</p>
      <button type="button" className="btn-secondary" onClick={onBack}>
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to the dashboard
      </button>
    </div>
  );
}
