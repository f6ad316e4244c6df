/**
 * The notification region on Radix Toast: F8 focuses it, its label is
 * 'Notification', toasts last 5000 ms and are swiped away to the right past 50 px.
 * Loaded by toaster.tsx when the first toast is shown.
 */
import { useStore } from '@nanostores/react';
import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { $toasts, TOAST_DURATION_MS, dismissToast } from '../lib/toast-store.ts';
import { cn } from '../lib/cn.ts';

export default function RadixToaster() {
  const toasts = useStore($toasts);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={cn(
            'toast-root group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            t.variant === 'destructive'
              ? 'border-danger-700 bg-danger-700 text-white'
              : 'border-ink-700/15 bg-white text-ink-900',
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-bold">{t.title}</Toast.Title>
            {t.description && <Toast.Description className="text-sm opacity-95">{t.description}</Toast.Description>}
          </div>
          <Toast.Close
            aria-label="Close notification"
            className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md hover:bg-black/10"
          >
            <X aria-hidden="true" className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed right-0 bottom-0 z-[200] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm" />
    </Toast.Provider>
  );
}
