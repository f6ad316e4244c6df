/**
 * Behaviour of the cookie banner and the consent-gated analytics loader
 * (docs/product.md#cookie-consent). Reads and writes localStorage `cookie-consent`; fires CONSENT_EVENT
 * after each save. Any element with `data-open-cookie-preferences` reopens the dialog.
 */
import {
  ACCEPT_ALL,
  BANNER_DELAY_MS,
  CONSENT_EVENT,
  CONSENT_STORAGE_KEY,
  NECESSARY_ONLY,
  OPTIONAL_CATEGORIES,
  parseConsent,
  type Consent,
} from '../shared/consent.ts';
import { consentPath } from '../islands/lib/api-paths.ts';
import { whenIdle } from './when-idle.ts';

function readStored(): Consent | null {
  try {
    return parseConsent(localStorage.getItem(CONSENT_STORAGE_KEY));
  } catch {
    return null;
  }
}

function loadAnalytics(banner: HTMLElement): void {
  const src = banner.dataset.analyticsSrc;
  if (!src || document.querySelector('script[data-analytics]')) return;
  const siteId = banner.dataset.analyticsSiteId ?? '';
  const script = document.createElement('script');
  script.src = src;
  script.defer = true;
  script.dataset.analytics = 'true';
  if (siteId) {
    // Umami reads data-website-id, Plausible data-domain, Fathom data-site.
    script.dataset.websiteId = siteId;
    script.dataset.domain = siteId;
    script.dataset.site = siteId;
  }
  document.head.append(script);
}

/**
 * Records the analytics choice on the server against this browser's anonymous id, with the version
 * of the words shown (docs/product.md#privacy). It never holds the page up: a failure is left
 * alone, and the choice still applies.
 */
function recordChoice(banner: HTMLElement, consent: Consent): void {
  const textVersion = banner.dataset.consentVersion;
  if (!textVersion) return;
  void fetch(consentPath, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ purpose: 'analytics', granted: consent.analytics, textVersion }),
  }).catch(() => undefined);
}

export function startCookieBanner(): void {
  const banner = document.getElementById('cookie-banner');
  const dialog = document.getElementById('cookie-preferences-dialog') as HTMLDialogElement | null;
  if (!banner || !dialog) return;

  const switches = new Map(
    OPTIONAL_CATEGORIES.map((key) => [key, dialog.querySelector<HTMLButtonElement>(`[data-switch="${key}"]`)!]),
  );

  const save = (consent: Consent) => {
    try {
      localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(consent));
    } catch {
      // Storage may be blocked; the choice still applies to this page.
    }
    banner.hidden = true;
    if (dialog.open) dialog.close();
    window.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: consent }));
    if (consent.analytics) loadAnalytics(banner);
    recordChoice(banner, consent);
  };

  const openPreferences = () => {
    const current = readStored() ?? NECESSARY_ONLY;
    for (const [key, button] of switches) button.setAttribute('aria-checked', String(current[key]));
    dialog.showModal();
  };

  for (const button of switches.values()) {
    button.addEventListener('click', () => {
      button.setAttribute('aria-checked', String(button.getAttribute('aria-checked') !== 'true'));
    });
  }

  const actions: Record<string, () => void> = {
    all: () => save(ACCEPT_ALL),
    necessary: () => save(NECESSARY_ONLY),
    customize: openPreferences,
    close: () => {
      banner.hidden = true;
    },
    cancel: () => dialog.close(),
    save: () => {
      const consent: Consent = { ...NECESSARY_ONLY };
      for (const [key, button] of switches) consent[key] = button.getAttribute('aria-checked') === 'true';
      save(consent);
    },
  };
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const action = target?.closest<HTMLElement>('[data-consent]')?.dataset.consent;
    if (action && actions[action]) actions[action]();
    if (target?.closest('[data-open-cookie-preferences]')) {
      event.preventDefault();
      openPreferences();
    }
  });

  // While the banner shows, the floating Emergency button stands above it (theme.css).
  new ResizeObserver(() => {
    document.documentElement.style.setProperty(
      '--consent-banner-height',
      `${banner.hidden ? 0 : banner.getBoundingClientRect().height}px`,
    );
  }).observe(banner);

  // The banner shows BANNER_DELAY_MS after the page starts when no choice is saved by then.
  window.setTimeout(() => {
    if (!readStored()) banner.hidden = false;
  }, BANNER_DELAY_MS);
  // The first read of localStorage loads the origin's storage from the browser process, a wait that
  // would lengthen the task that parses the page; a saved choice's analytics can wait until the
  // browser is idle after the first paint (docs/product.md#performance).
  whenIdle(() => {
    if (readStored()?.analytics) loadAnalytics(banner);
  });
}
