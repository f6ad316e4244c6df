/**
 * The dashboard's views in the address fragment (docs/product.md#dashboard: list view, client
 * form view or project form view): '#projects' picks a tab, '#clients/new' and '#projects/new' open the add
 * forms, '#clients/{id}' and '#projects/{id}' the edit forms, '#client/{id}' a client's page,
 * '#project/{id}' a project's files and approvals (docs/product.md#files) and '#lead/{id}' a
 * lead's page (docs/product.md#client-page, docs/product.md#leads), '#security' the signed-in
 * person's sign-in security and '#team' the staff and invitations (docs/product.md#sign-in-security), '#chats' the live
 * chats and '#chat/{id}' one of them (docs/product.md#live-chat), '#proposals/new' (optionally
 * '?clientId=…' or '?leadId=…') and '#proposals/{id}' the proposal editor, '#proposal/{id}' a
 * proposal's page (docs/product.md#proposals), '#invoices/new' (optionally '?clientId=…') and
 * '#invoices/{id}' the invoice editor, '#invoice/{id}' an invoice's page (docs/product.md#invoices),
 * '#bookings?week=YYYY-MM-DD' the booked calls' week view (docs/product.md#bookings). A tab's
 * search, filters and sort follow a '?' ('#projects?status=review&sort=title.asc'), so Back,
 * Forward and reload keep them (docs/product.md#lists). Opening a form or a page adds a history
 * entry, so Back returns to the list; switching tabs and leaving a form replace the entry.
 */
import { useSyncExternalStore } from 'react';

const TABS = [
  'clients',
  'projects',
  'messages',
  'leads',
  'proposals',
  'invoices',
  'chats',
  'bookings',
  'subscribers',
] as const;
export type Tab = (typeof TABS)[number];

export type View =
  | { kind: 'list'; tab: Tab; params: string }
  | { kind: 'client-form'; id: string | null }
  | { kind: 'project-form'; id: string | null }
  /** A new proposal (`id` null), for the client or lead its address names, or draft `id`. */
  | { kind: 'proposal-form'; id: string | null; clientId: string | null; leadId: string | null }
  /** A new invoice (`id` null), for the client its address names, or draft `id`. */
  | { kind: 'invoice-form'; id: string | null; clientId: string | null }
  | { kind: 'client-page'; id: string }
  | { kind: 'project-page'; id: string }
  | { kind: 'lead-page'; id: string }
  | { kind: 'proposal-page'; id: string }
  | { kind: 'invoice-page'; id: string }
  | { kind: 'chat-page'; id: string }
  | { kind: 'security' }
  | { kind: 'team' };

/** '#clients/new' → { kind: 'client-form', id: null }; anything unknown → the Clients tab. */
export function parseView(hash: string): View {
  const [path = '', params = ''] = hash.replace(/^#/, '').split('?', 2);
  const [first = '', second] = path.split('/');
  if (first === 'security' && !second) return { kind: 'security' };
  if (first === 'team' && !second) return { kind: 'team' };
  if (second !== undefined && second !== '') {
    const id = second === 'new' ? null : decodeURIComponent(second);
    if (first === 'clients') return { kind: 'client-form', id };
    if (first === 'projects') return { kind: 'project-form', id };
    if (first === 'proposals') {
      const query = new URLSearchParams(id === null ? params : '');
      return {
        kind: 'proposal-form',
        id,
        clientId: query.get('clientId') || null,
        leadId: query.get('leadId') || null,
      };
    }
    if (first === 'invoices') {
      return {
        kind: 'invoice-form',
        id,
        clientId: new URLSearchParams(id === null ? params : '').get('clientId') || null,
      };
    }
    if (first === 'client' && id) return { kind: 'client-page', id };
    if (first === 'project' && id) return { kind: 'project-page', id };
    if (first === 'lead' && id) return { kind: 'lead-page', id };
    if (first === 'proposal' && id) return { kind: 'proposal-page', id };
    if (first === 'invoice' && id) return { kind: 'invoice-page', id };
    if (first === 'chat' && id) return { kind: 'chat-page', id };
  }
  const tab = (TABS as readonly string[]).includes(first) ? (first as Tab) : 'clients';
  return { kind: 'list', tab, params: tab === first ? params : '' };
}

/**
 * Shows `tab` with `params` (empty values left out). A change of filter or sort adds a history
 * entry ('push'); typing in the search box replaces it.
 */
export function showList(tab: Tab, params: Record<string, string | undefined>, mode: 'push' | 'replace') {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  navigate(text ? `${tab}?${text}` : tab, mode);
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
