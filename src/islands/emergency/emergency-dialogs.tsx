/**
 * The two emergency dialogs (docs/product.md#emergency): 'Emergency Support' with the 24/7 hotline, a
 * live-chat opener, the response times (critical 15 minutes, urgent 1 hour, general 4 hours)
 * and the emergencies we handle; and 'Emergency Contact' with the emergency form. 'Start live chat'
 * opens the live-chat panel (src/chat/open.ts). Loaded by emergency-support.tsx when first needed.
 *
 * The dialog says who is reachable before the visitor presses anything, from the chat's own
 * status (`api.chat.status`, read each time it opens): someone online → 'Start live chat' /
 * 'A person on our team is online now'; nobody → the hotline first, in full, and the chat as
 * 'Leave a message' / 'Nobody is on chat right now: we reply by email'. Until the status is known
 * it promises nothing ('Checking who is online…'); a status it cannot read counts as offline.
 */
import { Icon } from '../lib/icon.tsx';
import { Suspense, lazy, useEffect, useState } from 'react';
import { company, emergency } from '../../shared/company.ts';
import { api, unwrap } from '../lib/api.ts';
import { Dialog, DialogContent } from '../ui/dialog.tsx';

const EmergencyForm = lazy(() => import('./emergency-form.tsx'));

export interface EmergencyDialogsProps {
  emergencies: string[];
  infoOpen: boolean;
  formOpen: boolean;
  onInfoOpenChange: (open: boolean) => void;
  onFormOpenChange: (open: boolean) => void;
  onOpenForm: () => void;
  /** 'Start live chat': closes this dialog and opens the chat panel. */
  onStartChat: () => void;
  /** Where focus goes when the Emergency Support dialog closes (the Emergency button). */
  onInfoClosed?: () => void;
}

/** Whether someone can answer a chat now: unknown while the status loads. */
type ChatStatus = 'loading' | 'online' | 'offline';

/** The chat's status, read again each time `open` becomes true. */
function useChatStatus(open: boolean): ChatStatus {
  const [status, setStatus] = useState<ChatStatus>('loading');
  useEffect(() => {
    if (!open) return;
    let current = true;
    setStatus('loading');
    unwrap(api.chat.status.$get())
      .catch(() => ({ online: false }))
      .then(({ online }) => current && setStatus(online ? 'online' : 'offline'));
    return () => {
      current = false;
    };
  }, [open]);
  return status;
}

const CHAT_LINES: Record<ChatStatus, [string, string]> = {
  loading: ['Start live chat', 'Checking who is online…'],
  online: ['Start live chat', 'A person on our team is online now'],
  offline: ['Leave a message', 'Nobody is on chat right now: we reply by email'],
};

export default function EmergencyDialogs({
  emergencies,
  infoOpen,
  formOpen,
  onInfoOpenChange,
  onFormOpenChange,
  onOpenForm,
  onStartChat,
  onInfoClosed,
}: EmergencyDialogsProps) {
  const chatStatus = useChatStatus(infoOpen);
  const offline = chatStatus === 'offline';
  const [chatTitle, chatLine] = CHAT_LINES[chatStatus];
  return (
    <>
      <Dialog open={infoOpen} onOpenChange={onInfoOpenChange}>
        <DialogContent
          title="Emergency Support"
          description={`Site down, hacked or held for ransom? Our hotline answers ${emergency.hotline}.`}
          tone="danger"
          onCloseAutoFocus={(event) => {
            // Back to the Emergency button, named here rather than left to Radix, which returns the
            // focus to whatever had it when the dialog opened: after a press replayed at
            // hydration, the keyboard test found the focus not back on the button.
            if (!onInfoClosed) return;
            event.preventDefault();
            onInfoClosed();
          }}
        >
          {/* Nobody on chat: the hotline comes first, across the dialog, as the way to reach a person. */}
          <div className={offline ? 'grid gap-3' : 'grid gap-4 sm:grid-cols-2'}>
            <a
              // A new element when the look changes: Chromium kept the old colour on the number and the
              // icon when only the link's classes changed (seen at 1920 px).
              key={offline ? 'first' : 'beside'}
              href={`tel:${company.phoneE164}`}
              className={
                offline
                  ? 'flex items-center gap-3 rounded-xl border-2 border-danger-700 bg-danger-700 p-4 font-bold text-white hover:bg-danger-600'
                  : 'flex items-center gap-3 rounded-xl border-2 border-danger-700 p-4 font-bold text-danger-700 hover:bg-red-50'
              }
            >
              <Icon name="phone" className="size-6" />
              <span>
                Call the hotline
                <span className="block text-lg">{company.phoneDisplay}</span>
                <span className={`block text-sm font-semibold ${offline ? 'text-white' : 'text-ink-700'}`}>
                  Available {emergency.hotline}
                </span>
              </span>
            </a>
            <button
              type="button"
              onClick={onStartChat}
              className="flex items-center gap-3 rounded-xl border-2 border-brand-700 p-4 text-left font-bold text-brand-700 hover:bg-brand-50"
            >
              <Icon name="message-circle" className="size-6" />
              <span>
                {chatTitle}
                {/* Polite: the line changes once the status is known. */}
                <span className="block text-sm font-semibold text-ink-700" aria-live="polite">
                  {chatLine}
                </span>
              </span>
            </button>
          </div>
          <h3 className="mt-6 flex items-center gap-2 text-lg font-bold">
            <Icon name="clock" className="size-5" /> Response times
          </h3>
          {/* Rows on phones (a third of a phone's width cramped '15 minutes'), tiles from 640 px. */}
          <dl className="mt-3 grid gap-2 sm:grid-cols-3 sm:gap-3 sm:text-center">
            {emergency.responseTimes.map((r) => (
              <div
                key={r.level}
                className="flex items-baseline justify-between gap-3 rounded-xl bg-slate-100 px-4 py-2.5 sm:block sm:p-3"
              >
                <dt className="text-sm font-semibold text-ink-700">{r.level}</dt>
                <dd className="text-lg font-bold whitespace-nowrap">{r.time}</dd>
              </div>
            ))}
          </dl>
          <h3 className="mt-6 flex items-center gap-2 text-lg font-bold">
            <Icon name="shield-exclamation-point" className="size-5" /> Emergencies we handle
          </h3>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {emergencies.map((e) => (
              <li key={e} className="flex gap-2 text-ink-700">
                <Icon name="triangle-exclamation-point" className="mt-0.5 size-4 shrink-0 text-danger-700" />
                {e}
              </li>
            ))}
          </ul>
          <button type="button" onClick={onOpenForm} className="btn-danger mt-6 w-full">
            Send an emergency request
          </button>
        </DialogContent>
      </Dialog>

      <Dialog open={formOpen} onOpenChange={onFormOpenChange}>
        <DialogContent
          title="Emergency Contact"
          description={`Tell us what happened and how to reach you. Critical issues get a response within 15 minutes. Or call ${company.phoneDisplay}.`}
          size="md"
        >
          <Suspense
            fallback={
              <p className="flex items-center gap-2 text-ink-700" role="status">
                <Icon name="loader-circle" className="size-5 animate-spin" /> Loading the form…
              </p>
            }
          >
            <EmergencyForm />
          </Suspense>
        </DialogContent>
      </Dialog>
    </>
  );
}
