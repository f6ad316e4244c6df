/**
 * Emergency support on the landing page: the floating Emergency button, which
 * opens the 'Emergency Support' dialog, and the listener for the window event
 * `openEmergencyContact` (the SOS button), which opens the 'Emergency Contact' form, also when
 * the event came before the island hydrated (events.ts). The dialogs
 * (emergency-dialogs.tsx) load on first use, or earlier when the pointer or focus reaches the
 * button, so the page does not download them up front.
 *
 * The floating button shows once the hero (#home) has left the screen: over the hero it covered
 * the hero's own text on phones, where the top bar's menu offers Emergency Support
 * (docs/product.md#emergency). It steps aside while the mobile menu is open (theme.css).
 */
import { AlertTriangle } from 'lucide-react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { OPEN_EMERGENCY_CONTACT_EVENT, catchEmergencyRequests, takePendingEmergencyRequest } from './events.ts';

const loadDialogs = () => import('./emergency-dialogs.tsx');
const EmergencyDialogs = lazy(loadDialogs);

export default function EmergencySupport({ emergencies }: { emergencies: string[] }) {
  const [infoOpen, setInfoOpen] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [shown, setShown] = useState(false);

  const openForm = () => {
    setUsed(true);
    setInfoOpen(false);
    setFormOpen(true);
  };

  useEffect(() => {
    const hero = document.getElementById('home');
    if (!hero) {
      setShown(true);
      return;
    }
    const observer = new IntersectionObserver(([entry]) => setShown(!entry?.isIntersecting));
    observer.observe(hero);
    return () => observer.disconnect();
  }, []);

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
      <button
        type="button"
        onClick={() => {
          setUsed(true);
          setInfoOpen(true);
        }}
        onPointerEnter={() => void loadDialogs()}
        onFocus={() => void loadDialogs()}
        data-shown={shown}
        className="emergency-fab fixed bottom-4 left-4 z-40 inline-flex min-h-11 items-center gap-2 rounded-full bg-danger-700 px-4 text-sm font-bold text-white shadow-lg shadow-danger-700/30 hover:bg-danger-600 sm:min-h-12 sm:px-5 sm:text-base"
      >
        <AlertTriangle aria-hidden="true" className="size-5" />
        Emergency
      </button>
      {used && (
        <Suspense fallback={null}>
          <EmergencyDialogs
            emergencies={emergencies}
            infoOpen={infoOpen}
            formOpen={formOpen}
            onInfoOpenChange={setInfoOpen}
            onFormOpenChange={setFormOpen}
            onOpenForm={openForm}
          />
        </Suspense>
      )}
    </>
  );
}
