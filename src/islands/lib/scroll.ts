/**
 * Scrolling to a landing-page section so that it stops 80 px below the top of the window,
 * under the fixed navigation; to the very top for the hero (`home`). Smooth unless the visitor prefers reduced
 * motion. Focus moves to the section so keyboard and screen-reader users land there too.
 */
const SECTION_SCROLL_OFFSET_PX = 80;

export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls to the element with `id`; returns false when there is none on this page. Blocks that
 * render lazily (the `lazy-render` utility, docs/product.md#performance) count as a placeholder
 * height until shown, so every one is rendered first (`data-render-all` on <html>): the position is
 * then measured over real heights and the scroll ends where it was aimed.
 */
export function scrollToSection(id: string, options: { updateHash?: boolean } = {}): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  // Spelled out (not `dataset.renderAll`) so the per-page CSS pruning sees the attribute's name.
  document.documentElement.setAttribute('data-render-all', '');
  // The top of the page for the hero: the emergency bar above it shows again too.
  const top = id === 'home' ? 0 : target.getBoundingClientRect().top + window.scrollY - SECTION_SCROLL_OFFSET_PX;
  window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  if (options.updateHash !== false) history.replaceState(null, '', id === 'home' ? location.pathname : `#${id}`);
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return true;
}
