/**
 * The `client:interaction` directive: an island hydrates at the visitor's first interaction with
 * the page (a pointer press, a key, a touch, a wheel turn or a scroll), not before. For islands
 * that nothing needs before then, such as the landing page's floating Emergency button (shown only
 * once the hero has scrolled away) and its toast region (a toast follows an action), so that the
 * page's first load runs no framework code (docs/product.md#performance).
 *
 * A value names window events that also start it: `client:interaction="openEmergencyContact"`
 * hydrates the emergency island when any script asks for the emergency form, which the page
 * remembers until the island takes it (src/islands/emergency/events.ts).
 */
import type { ClientDirective } from 'astro';

const EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

const interactionDirective: ClientDirective = (load, options) => {
  const extra = typeof options.value === 'string' ? options.value.split(',').filter(Boolean) : [];
  const names = [...EVENTS, ...extra];
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const name of names) window.removeEventListener(name, start, { capture: true });
    void load().then((hydrate) => hydrate());
  };
  for (const name of names) window.addEventListener(name, start, { capture: true, passive: true });
};

export default interactionDirective;
