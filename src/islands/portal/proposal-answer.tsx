/**
 * What the two answers to a proposal share (docs/product.md#proposals; 'One press at a time',
 * docs/product.md#errors): `useOneAnswer` sends one answer at a time (a double click, a second
 * Enter sends nothing more) and tells the dialog while one is on its way, so it cannot be closed
 * then; `AnswerActions` is the dialog's `Cancel` and its submit button, which shows `{busyLabel}`
 * with a spinner while the answer is on its way.
 */
import { Loader2, type LucideIcon } from 'lucide-react';
import { useRef, useState } from 'react';

/**
 * One answer at a time, telling `onBusy` when one starts and ends. `send(work)` runs `work` unless
 * an answer is already on its way; it resolves true when `work` did, false when it threw (after
 * `onFailure` with the error) or did not run.
 */
export function useOneAnswer(onBusy: (busy: boolean) => void, onFailure: (error: unknown) => void) {
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const setWaiting = (waiting: boolean) => {
    busy.current = waiting;
    setPending(waiting);
    onBusy(waiting);
  };
  const send = async (work: () => Promise<unknown>): Promise<boolean> => {
    if (busy.current) return false;
    setWaiting(true);
    try {
      await work();
    } catch (error) {
      setWaiting(false);
      onFailure(error);
      return false;
    }
    setWaiting(false);
    return true;
  };
  /** Whether an answer is on its way right now (read at a press, before React re-renders). */
  const isBusy = () => busy.current;
  return { pending, send, isBusy };
}

/** `Cancel` (nothing while an answer is on its way) and the submit button of an answer's form. */
export function AnswerActions({
  pending,
  isBusy,
  onCancel,
  label,
  busyLabel,
  icon: Icon,
  tone,
}: {
  pending: boolean;
  isBusy: () => boolean;
  onCancel: () => void;
  label: string;
  busyLabel: string;
  icon: LucideIcon;
  tone: 'primary' | 'danger';
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <button
        type="button"
        className="btn-secondary aria-disabled:opacity-50"
        aria-disabled={pending || undefined}
        onClick={() => {
          if (!isBusy()) onCancel();
        }}
      >
        Cancel
      </button>
      <button
        type="submit"
        className={`${tone === 'primary' ? 'btn-primary' : 'btn-danger'} aria-disabled:opacity-50`}
        aria-disabled={pending || undefined}
      >
        {pending ? (
          <>
            <Loader2 aria-hidden="true" className="size-4 animate-spin" /> {busyLabel}
          </>
        ) : (
          <>
            <Icon aria-hidden="true" className="size-4" /> {label}
          </>
        )}
      </button>
    </div>
  );
}
