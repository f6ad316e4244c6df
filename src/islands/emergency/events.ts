/**
 * The window event that opens the emergency contact form (SPEC.md 2.2: the SOS button
 * broadcasts `openEmergencyContact`). `requestEmergencyContact()` also leaves a flag on the
 * window, so that a click made before the emergency island has loaded is not lost.
 */
export const OPEN_EMERGENCY_CONTACT_EVENT = 'openEmergencyContact';

const PENDING_FLAG = '__emergencyContactRequested';
type FlaggedWindow = Window & { [PENDING_FLAG]?: boolean };

/** Broadcasts the event and remembers the request until the island takes it. */
export function requestEmergencyContact(): void {
  (window as FlaggedWindow)[PENDING_FLAG] = true;
  window.dispatchEvent(new CustomEvent(OPEN_EMERGENCY_CONTACT_EVENT));
}

/** True once if a request was made (by requestEmergencyContact) before anyone took it. */
export function takePendingEmergencyRequest(): boolean {
  const pending = (window as FlaggedWindow)[PENDING_FLAG] === true;
  (window as FlaggedWindow)[PENDING_FLAG] = false;
  return pending;
}
