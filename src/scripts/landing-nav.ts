/**
 * Behaviour of the landing page navigation (docs/product.md#navigation): `data-scrolled` once the page
 * is scrolled more than 50 px; the scroll-progress bar; smooth scrolling to `data-scroll-to`
 * sections, stopping 80 px above them; the mobile menu, which closes after any choice and on
 * Escape; and `data-emergency` buttons, which broadcast the `openEmergencyContact` event.
 */
import { requestEmergencyContact } from '../islands/emergency/events.ts';
import { scrollToSection } from '../islands/lib/scroll.ts';
import { whenIdle } from './when-idle.ts';

/** Scroll distance past which the navigation turns more opaque, in px (docs/product.md#constants). */
const NAV_SCROLLED_AT_PX = 50;

export function startLandingNav(): void {
  const nav = document.getElementById('top-nav');
  const progress = document.getElementById('scroll-progress');
  const toggle = document.getElementById('mobile-menu-toggle');
  const menu = document.getElementById('mobile-menu');
  if (!nav || !progress || !toggle || !menu) return;

  let frame = 0;
  const update = () => {
    frame = 0;
    const scrolled = window.scrollY;
    nav.dataset.scrolled = String(scrolled > NAV_SCROLLED_AT_PX);
    const max = document.documentElement.scrollHeight - window.innerHeight;
    const ratio = max > 0 ? Math.min(1, Math.max(0, scrolled / max)) : 0;
    progress.style.transform = `scaleX(${ratio})`;
    progress.dataset.percent = String(Math.round(ratio * 100));
  };
  window.addEventListener(
    'scroll',
    () => {
      if (!frame) frame = requestAnimationFrame(update);
    },
    { passive: true },
  );
  window.addEventListener('resize', update, { passive: true });
  // At load the bar is empty and the navigation unscrolled, as drawn on the server; reading the
  // scroll height forces a layout, so the first reading waits until after the first paint.
  whenIdle(update);

  const setMenu = (open: boolean) => {
    menu.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    // The floating Emergency button steps aside while the menu is open (theme.css).
    document.documentElement.toggleAttribute('data-menu-open', open);
  };
  toggle.addEventListener('click', () => setMenu(Boolean(menu.hidden)));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !menu.hidden) {
      setMenu(false);
      toggle.focus();
    }
  });

  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const choice = target?.closest<HTMLElement>('a, button[data-emergency]');
    if (!choice) return;
    if (menu.contains(choice)) setMenu(false);
    if (choice.hasAttribute('data-emergency')) {
      requestEmergencyContact();
      return;
    }
    const section = choice.dataset.scrollTo;
    if (section && scrollToSection(section)) event.preventDefault();
  });
}
