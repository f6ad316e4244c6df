/**
 * The window event that opens the emergency contact form (docs/product.md#emergency): the SOS
 * button broadcasts `openEmergencyContact`, and so may any other script. A request is never lost while the
 * emergency island is still loading: `catchEmergencyRequests()`, run by the landing page's own
 * script as soon as the page is parsed, records each such event in a flag on the window, which
 * the island takes when it hydrates. `requestEmergencyContact()` sets the flag itself too.
 */
export const OPEN_EMERGENCY_CONTACT_EVENT = 'openEmergencyContact';

const PENDING_FLAG = '__emergencyContactRequested';
const CATCHING_FLAG = '__emergencyContactCaught';
type FlaggedWindow = Window & { [PENDING_FLAG]?: boolean; [CATCHING_FLAG]?: boolean };

/**
 * Records each `openEmergencyContact` event until the island takes it. Installed once per page;
 * its listener runs before the island's, which is added later.
 */
export function catchEmergencyRequests(): void {
  const win = window as FlaggedWindow;
  if (win[CATCHING_FLAG]) return;
  win[CATCHING_FLAG] = true;
  window.addEventListener(OPEN_EMERGENCY_CONTACT_EVENT, () => {
    win[PENDING_FLAG] = true;
  });
}

/** Broadcasts the event and remembers the request until the island takes it. */
export function requestEmergencyContact(): void {
  (window as FlaggedWindow)[PENDING_FLAG] = true;
  window.dispatchEvent(new CustomEvent(OPEN_EMERGENCY_CONTACT_EVENT));
}

/** True once if a request was made (an event or requestEmergencyContact) before anyone took it. */
export function takePendingEmergencyRequest(): boolean {
  const pending = (window as FlaggedWindow)[PENDING_FLAG] === true;
  (window as FlaggedWindow)[PENDING_FLAG] = false;
  return pending;
}
