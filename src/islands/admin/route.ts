/**
 * The dashboard's views in the address fragment (docs/product.md#dashboard: list view, client
 * form view or project form view): '#projects' picks a tab, '#clients/new' and '#projects/new' open the add
 * forms, '#clients/{id}' and '#projects/{id}' the edit forms. Opening a form adds a history entry,
 * so Back returns to the list; switching tabs and leaving a form replace the entry.
 */
import { useSyncExternalStore } from 'react';

const TABS = ['clients', 'projects', 'messages', 'leads'] as const;
export type Tab = (typeof TABS)[number];

export type View =
  { kind: 'list'; tab: Tab } | { kind: 'client-form'; id: string | null } | { kind: 'project-form'; id: string | null };

/** '#clients/new' → { kind: 'client-form', id: null }; anything unknown → the Clients tab. */
export function parseView(hash: string): View {
  const [first = '', second] = hash.replace(/^#/, '').split('/');
  if (second !== undefined && second !== '') {
    const id = second === 'new' ? null : decodeURIComponent(second);
    if (first === 'clients') return { kind: 'client-form', id };
    if (first === 'projects') return { kind: 'project-form', id };
  }
  return { kind: 'list', tab: (TABS as readonly string[]).includes(first) ? (first as Tab) : 'clients' };
}

function subscribe(onChange: () => void) {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The current view; re-renders when the fragment changes. */
export function useView(): View {
  const hash = useSyncExternalStore(
    subscribe,
    () => window.location.hash,
    () => '',
  );
  return parseView(hash);
}

/** Goes to `fragment` ('projects', 'clients/new'); `push` adds a history entry. */
export function navigate(fragment: string, mode: 'push' | 'replace' = 'replace') {
  if (mode === 'push') {
    window.location.hash = fragment;
    return;
  }
  history.replaceState(history.state, '', `#${fragment}`);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}
