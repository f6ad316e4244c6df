/**
 * Emergency support on every public page: the floating Emergency button, which
 * opens the 'Emergency Support' dialog, and the listener for the window event
 * `openEmergencyContact` (the SOS button), which opens the 'Emergency Contact' form, also when
 * the event came before the island hydrated (events.ts). The dialogs
 * (emergency-dialogs.tsx) load on first use, or earlier when the pointer or focus reaches the
 * button, so the page does not download them up front.
 *
 * The button sits in the emergency bar at the top of the page from the first paint, before the
 * island hydrates (a press made then is replayed by the `client:interaction` directive); once the
 * bar has scrolled away it floats in the bottom-left corner (theme.css, src/scripts/emergency-dock.ts,
 * docs/decisions/0027-emergency-button-dock.md). It steps aside while the mobile menu is open.
 */
import { Icon } from '../lib/icon.tsx';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { openChatPanel } from '../../chat/open.ts';
import { OPEN_EMERGENCY_CONTACT_EVENT, catchEmergencyRequests, takePendingEmergencyRequest } from './events.ts';

/** The button's shape, shared with the invisible copy that holds its place in the bar. */
const LOOK =
  'inline-flex min-h-11 items-center gap-2 rounded-full bg-danger-700 px-4 text-sm font-bold whitespace-nowrap text-white sm:min-h-12 sm:px-5 sm:text-base';

const loadDialogs = () => import('./emergency-dialogs.tsx');
const EmergencyDialogs = lazy(loadDialogs);

export default function EmergencySupport({ emergencies }: { emergencies: string[] }) {
  const [infoOpen, setInfoOpen] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Set while 'Start live chat' hands the focus to the chat panel instead of back to the button.
  const chatOpening = useRef(false);

  const openForm = () => {
    setUsed(true);
    setInfoOpen(false);
    setFormOpen(true);
  };

  useEffect(() => {
    // Normally installed by the page's script already; this keeps its listener ahead of ours.
    catchEmergencyRequests();
    const open = () => {
      takePendingEmergencyRequest();
      openForm();
    };
    // A request made before hydration (the page recorded it) opens the form now.
    if (takePendingEmergencyRequest()) open();
    window.addEventListener(OPEN_EMERGENCY_CONTACT_EVENT, open);
    return () => window.removeEventListener(OPEN_EMERGENCY_CONTACT_EVENT, open);
  }, []);

  return (
    <>
      {/* The slot keeps the button's size in the bar (an invisible copy), so that the button
          floating away changes no layout: a change there during a scroll made Chrome lose the
          element that keyboard focus had scrolled to. */}
      <span className="relative inline-grid shrink-0">
        <span aria-hidden="true" className={`${LOOK} invisible`}>
          <Icon name="triangle-exclamation-point" className="size-5" />
          Emergency
        </span>
        <button
          ref={button}
          type="button"
          onClick={() => {
            setUsed(true);
            setInfoOpen(true);
          }}
          onPointerEnter={() => void loadDialogs()}
          onFocus={() => void loadDialogs()}
          className={`emergency-fab absolute inset-0 ${LOOK} shadow-lg shadow-danger-700/30 hover:bg-danger-600`}
        >
          <Icon name="triangle-exclamation-point" className="size-5" />
          Emergency
        </button>
      </span>
      {used && (
        <Suspense fallback={null}>
          <EmergencyDialogs
            emergencies={emergencies}
            infoOpen={infoOpen}
            formOpen={formOpen}
            onInfoOpenChange={setInfoOpen}
            onFormOpenChange={setFormOpen}
            onOpenForm={openForm}
            onStartChat={() => {
              chatOpening.current = true;
              setInfoOpen(false);
              void openChatPanel(button.current).finally(() => (chatOpening.current = false));
            }}
            onInfoClosed={() => {
              // Unless the form or the chat panel has just opened, which takes the focus.
              if (!formOpen && !chatOpening.current) button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
