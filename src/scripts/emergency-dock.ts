/**
 * Where the Emergency button is (docs/decisions/0027-emergency-button-dock.md): in the emergency
 * bar while the whole bar is in view, floating in the bottom-left corner once any of it has
 * scrolled away. Sets or removes `data-emergency-floating` on <html>; theme.css places the button.
 * Runs from the page's own script, so the button floats before its island has hydrated too.
 */
export function dockEmergencyButton(): void {
  const dock = document.querySelector<HTMLElement>('[data-emergency-dock]');
  if (!dock) return;
  // A fixed top bar (the landing page's) hides the top of the window: the bar is out of view below it.
  const coveredTop = Number(dock.dataset.coveredTop ?? 0);
  new IntersectionObserver(
    ([entry]) => {
      if (entry) document.documentElement.toggleAttribute('data-emergency-floating', entry.intersectionRatio < 0.99);
    },
    { rootMargin: `-${coveredTop}px 0px 0px 0px`, threshold: [0, 0.99, 1] },
  ).observe(dock);
}
