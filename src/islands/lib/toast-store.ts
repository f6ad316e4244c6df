/**
 * Notifications shared by every island (islands are separate React roots, so the list lives in
 * a nanostores atom). At most 1 toast at a time, a dismissed toast is removed after 1,000,000
 * ms; variants default and destructive (docs/product.md#errors).
 */
import { atom } from 'nanostores';

const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** How long a toast stays on screen, in milliseconds. */
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'destructive';
export interface ToastItem {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
}

export const $toasts = atom<ToastItem[]>([]);
let nextId = 0;
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

/** Shows a toast, replacing the current one (limit 1). Returns its id. */
export function toast(input: { title: string; description?: string; variant?: ToastVariant }): number {
  const id = ++nextId;
  $toasts.set(
    [
      { id, title: input.title, description: input.description, variant: input.variant ?? 'default', open: true },
      ...$toasts.get(),
    ].slice(0, TOAST_LIMIT),
  );
  return id;
}

/**
 * Closes a toast; it is removed from the list TOAST_REMOVE_DELAY_MS later. A toast already
 * replaced by a newer one (or removed) is left alone.
 */
export function dismissToast(id: number): void {
  if (!$toasts.get().some((t) => t.id === id)) return;
  $toasts.set($toasts.get().map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      $toasts.set($toasts.get().filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}
