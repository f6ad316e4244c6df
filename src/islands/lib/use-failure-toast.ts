/**
 * The failure toast of one form (docs/product.md#errors): an error belongs to the form it came
 * from, so its toast is closed once the form no longer fails — when the form's next attempt
 * succeeds (`clear`), and when the form goes away (another mode of the portal's sign-in card, a
 * closed dialog, the page moving on). A success toast is not tracked: it outlives its form.
 */
import { useEffect, useState } from 'react';
import { dismissToast, toast } from './toast-store.ts';

/** What a form's failure toast says. */
interface FailureToast {
  title: string;
  description?: string;
}

/**
 * `show(text)` shows the form's failure toast (the destructive variant),
 * replacing the one it showed before; `clear()` closes it if it is still on screen. The toast is
 * also closed when the calling component unmounts.
 */
export function useFailureToast() {
  const [handle] = useState(() => {
    let shown: number | null = null;
    return {
      show(text: FailureToast) {
        shown = toast({ ...text, variant: 'destructive' });
      },
      clear() {
        if (shown !== null) dismissToast(shown);
        shown = null;
      },
    };
  });
  useEffect(() => () => handle.clear(), [handle]);
  return handle;
}
