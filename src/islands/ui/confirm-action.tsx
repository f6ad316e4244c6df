/**
 * A change that asks first (docs/product.md#delete-confirmation, docs/product.md#client-teams): a
 * Radix alert dialog says what will happen, with Cancel and the confirm button, as `ConfirmDelete`
 * does for deletes, for any change (an invitation, a removal, an erasure). Opened by `trigger`, or
 * by its caller through `open` (a form that asks once its fields are valid).
 *
 * While `onConfirm` runs, the buttons are marked unavailable (aria-disabled, so focus stays on the
 * confirm button) and the dialog cannot be dismissed; a second press sends nothing more. When it
 * resolves, the dialog closes; when it rejects, the dialog stays open and says why in plain words
 * (the server's message, else 'Please try again.'), announced as an alert.
 */
import { Loader2 } from 'lucide-react';
import { AlertDialog as A } from 'radix-ui';
import { useRef, useState, type ReactNode } from 'react';
import { messageOf } from '../lib/api.ts';

/** The trigger (optional) and its alert dialog; see the module comment. */
export function ConfirmAction({
  trigger,
  open: openProp,
  onOpenChange,
  title,
  description,
  confirmLabel,
  confirmIcon,
  pendingLabel = 'Saving...',
  tone = 'primary',
  onConfirm,
  onCloseAutoFocus,
}: {
  /** The button that opens the dialog; focus returns to it when the dialog closes. */
  trigger?: ReactNode;
  /** Open state held by the caller (with `onOpenChange`); without it the dialog keeps its own. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  /** What will happen, e.g. 'Dana Reyes loses access to the portal at once…'. */
  description: ReactNode;
  confirmLabel: string;
  confirmIcon?: ReactNode;
  /** The confirm button's words while `onConfirm` runs. */
  pendingLabel?: string;
  /** `danger` for what takes something away (a removal, an erasure). */
  tone?: 'primary' | 'danger';
  /** The change; its rejection's message is shown in the dialog. */
  onConfirm: () => Promise<unknown>;
  /** Where focus goes once the dialog closed (call `event.preventDefault()` to move it yourself). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = useRef(false);
  const open = openProp ?? ownOpen;
  const setOpen = (next: boolean) => {
    if (busy.current) return;
    setFailure(null);
    if (onOpenChange) onOpenChange(next);
    else setOwnOpen(next);
  };
  const confirm = async () => {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setFailure(null);
    try {
      await onConfirm();
      busy.current = false;
      setOpen(false);
    } catch (error) {
      busy.current = false;
      setFailure(messageOf(error, 'Please try again.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <A.Root open={open} onOpenChange={setOpen}>
      {trigger && <A.Trigger asChild>{trigger}</A.Trigger>}
      <A.Portal>
        <A.Overlay data-overlay className="dialog-overlay fixed inset-0 z-[150] bg-ink-950/70" />
        <A.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="dialog-content fixed top-1/2 left-1/2 z-[160] max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 text-ink-900 shadow-2xl focus:outline-none"
        >
          <A.Title className="text-xl font-bold wrap-anywhere">{title}</A.Title>
          <A.Description asChild>
            <div className="mt-2 grid gap-2 wrap-anywhere text-ink-700">{description}</div>
          </A.Description>
          {failure && (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-semibold text-danger-700">
              {failure}
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <A.Cancel className="btn-secondary aria-disabled:opacity-50" aria-disabled={pending || undefined}>
              Cancel
            </A.Cancel>
            <button
              type="button"
              className={`${tone === 'danger' ? 'btn-danger' : 'btn-primary'} aria-disabled:opacity-50`}
              aria-disabled={pending || undefined}
              onClick={() => void confirm()}
            >
              {pending ? (
                <>
                  <Loader2 aria-hidden="true" className="size-4 animate-spin" /> {pendingLabel}
                </>
              ) : (
                <>
                  {confirmIcon} {confirmLabel}
                </>
              )}
            </button>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}
