/**
 * A modal dialog on Radix Dialog, in shadcn style: overlay, centred panel that scrolls when
 * taller than the screen, a close button labelled 'Close', focus trapped and restored, Escape
 * closes. `title` is required so every dialog has an accessible name.
 */
import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;

interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Panel width: 'lg' (42rem, default) or 'md' (32rem). */
  size?: 'md' | 'lg';
  /** 'danger' gives the header the emergency red. */
  tone?: 'default' | 'danger';
  /** Called when the dialog closes, before focus returns to the trigger; preventDefault() keeps it. */
  onCloseAutoFocus?: (event: Event) => void;
}

export function DialogContent({
  title,
  description,
  children,
  size = 'lg',
  tone = 'default',
  onCloseAutoFocus,
}: DialogContentProps) {
  return (
    <D.Portal>
      <D.Overlay data-overlay className="dialog-overlay fixed inset-0 z-[150] bg-ink-950/70" />
      <D.Content
        className={cn(
          'dialog-content fixed top-1/2 left-1/2 z-[160] max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white text-ink-900 shadow-2xl focus:outline-none',
          size === 'md' ? 'max-w-lg' : 'max-w-2xl',
        )}
        onCloseAutoFocus={onCloseAutoFocus}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <div
          className={cn(
            'border-b border-ink-700/10 p-6 pr-14',
            tone === 'danger' && 'rounded-t-2xl bg-danger-700 text-white',
          )}
        >
          <D.Title className="text-2xl font-bold">{title}</D.Title>
          {description && (
            <D.Description className={cn('mt-1', tone === 'danger' ? 'text-white' : 'text-ink-700')}>
              {description}
            </D.Description>
          )}
        </div>
        <div className="p-6">{children}</div>
        <D.Close
          aria-label="Close"
          className="absolute top-4 right-4 inline-flex size-10 items-center justify-center rounded-lg text-current hover:bg-black/10"
        >
          <X aria-hidden="true" className="size-5" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}
