/**
 * The `client:interaction` directive: an island hydrates at the visitor's first interaction with
 * the page (a pointer press, a key, a touch, a wheel turn or a scroll), not before. For islands
 * whose server-rendered HTML is all a visitor sees until they act: the landing page's floating
 * Emergency button (shown only once the hero has scrolled away) and its toast region (a toast
 * follows an action), the website audit's and the Bug Bounty Toolkit's forms. The page's first load
 * then runs no framework code (docs/product.md#performance).
 *
 * A press that comes before the island has hydrated is not lost: a click on one of the island's
 * buttons, or a form sent from it (Enter in a field), is held back (its default action, such as
 * the form's POST, is cancelled) and replayed once the island has hydrated. Only the last one is
 * replayed, so a double press before hydration sends once. What was typed stays in the fields,
 * which the island reads as they are. Links are never held. Should the island's code fail to load,
 * the held press is replayed all the same and does what the server-rendered HTML does.
 *
 * A value names window events that also start it: `client:interaction="openEmergencyContact"`
 * hydrates the emergency island when any script asks for the emergency form, which the page
 * remembers until the island takes it (src/islands/emergency/events.ts).
 */
import type { ClientDirective } from 'astro';

const EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

const interactionDirective: ClientDirective = (load, options, el) => {
  const extra = typeof options.value === 'string' ? options.value.split(',').filter(Boolean) : [];
  const names = [...EVENTS, ...extra];
  let started = false;
  /** The button pressed, or the form sent, before hydration: replayed after it. */
  let held: HTMLButtonElement | HTMLFormElement | null = null;

  const hold = (event: Event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const control = target instanceof HTMLFormElement ? target : target.closest('button');
    if (!control || !el.contains(control)) return;
    event.preventDefault();
    held = control;
    start();
  };

  /** Stops holding presses and replays the held one, if any. */
  const release = () => {
    el.removeEventListener('click', hold, { capture: true });
    el.removeEventListener('submit', hold, { capture: true });
    const control = held;
    held = null;
    if (!control?.isConnected) return;
    if (control instanceof HTMLFormElement) control.requestSubmit();
    else control.click();
  };

  const start = () => {
    if (started) return;
    started = true;
    for (const name of names) window.removeEventListener(name, start, { capture: true });
    // Hydrated, the island takes the held press. When the island's code cannot be loaded, Astro's
    // loader tries once more after 1 s, then resolves with a hydrate that does nothing, and when
    // hydrating throws, the promise rejects: either way the press then does what the server-rendered
    // HTML does (a form goes by POST to the page).
    void load()
      .then((hydrate) => hydrate())
      .then(release, release);
  };

  el.addEventListener('click', hold, { capture: true });
  el.addEventListener('submit', hold, { capture: true });
  for (const name of names) window.addEventListener(name, start, { capture: true, passive: true });
};

export default interactionDirective;
