/**
 * A delete button that asks first (docs/product.md#delete-confirmation): a Radix alert dialog names what
 * goes, including what goes with it. While the delete runs, both the dialog's buttons and the
 * trigger are disabled and the dialog cannot be dismissed; a second press of the confirm button
 * (a double click) sends nothing more. A failed delete closes the dialog and shows a destructive
 * toast with the server's message. The trigger says 'Delete' in words, its name says what; a text
 * trigger shows its whole name and wraps when it is long.
 */
import type { UseMutationResult } from '@tanstack/react-query';
import { Loader2, Trash2 } from 'lucide-react';
import { AlertDialog as A } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { messageOf } from '../lib/api.ts';
import { cn } from '../lib/cn.ts';
import { toast } from '../lib/toast-store.ts';
import { useSinglePress } from '../lib/use-submit.ts';

/** The trigger button and its alert dialog; see the module comment. */
export function ConfirmDelete({
  label,
  title,
  description,
  confirmLabel,
  mutation: remove,
  failureTitle,
  trigger = 'icon',
}: {
  /** Accessible name of the trigger, e.g. 'Delete Acme Bakery'. */
  label: string;
  title: string;
  /** What goes, e.g. 'Acme Bakery and its 3 projects will be deleted…'. */
  description: ReactNode;
  confirmLabel: string;
  /** The delete (from the area's mutations.ts, which refreshes what it changes). */
  mutation: UseMutationResult<unknown, Error, void, unknown>;
  failureTitle: string;
  trigger?: 'icon' | 'text';
}) {
  const [open, setOpen] = useState(false);
  const once = useSinglePress(remove);
  const pending = once.pending;
  const confirm = () =>
    once.press(undefined, {
      onSuccess: () => setOpen(false),
      onError: (error) => {
        setOpen(false);
        toast({ title: failureTitle, description: messageOf(error, 'Please try again.'), variant: 'destructive' });
      },
    });

  return (
    <A.Root open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <A.Trigger asChild>
        <button
          type="button"
          disabled={pending}
          aria-label={trigger === 'icon' ? label : undefined}
          className={cn(
            'inline-flex items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-danger-700 hover:bg-red-50 disabled:opacity-50',
            // A text trigger names a record ('Erase Acme Bakery…'): a long name wraps instead of widening the page.
            trigger === 'text' ? 'min-h-10 py-2 text-left' : 'h-10 whitespace-nowrap',
          )}
        >
          {pending ? (
            <Loader2 aria-hidden="true" className="size-4 shrink-0 animate-spin" />
          ) : (
            <Trash2 aria-hidden="true" className="size-4 shrink-0" />
          )}
          {trigger === 'text' ? label : 'Delete'}
        </button>
      </A.Trigger>
      <A.Portal>
        <A.Overlay data-overlay className="dialog-overlay fixed inset-0 z-[150] bg-ink-950/70" />
        <A.Content className="dialog-content fixed top-1/2 left-1/2 z-[160] max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 text-ink-900 shadow-2xl focus:outline-none">
          <A.Title className="text-xl font-bold">{title}</A.Title>
          <A.Description className="mt-2 text-ink-700">{description}</A.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <A.Cancel className="btn-secondary" disabled={pending}>
              Cancel
            </A.Cancel>
            <button type="button" className="btn-danger" disabled={pending} onClick={confirm}>
              {pending ? (
                <>
                  <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Deleting...
                </>
              ) : (
                <>
                  <Trash2 aria-hidden="true" className="size-4" /> {confirmLabel}
                </>
              )}
            </button>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}
