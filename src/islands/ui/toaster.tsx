/**
 * The page's notification island. It renders nothing until the first toast is shown, then loads
 * the Radix notification region (radix-toaster.tsx), so that pages load no toast code until a
 * notification is needed. Mount once per page (client:interaction on the landing page: a toast
 * follows an action, so the island waits for the first one).
 */
import { useStore } from '@nanostores/react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { $toasts } from '../lib/toast-store.ts';

const RadixToaster = lazy(() => import('./radix-toaster.tsx'));

export default function Toaster() {
  const toasts = useStore($toasts);
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (toasts.length > 0) setNeeded(true);
  }, [toasts.length]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <RadixToaster />
    </Suspense>
  );
}
