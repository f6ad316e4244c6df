import { describe, expect, it } from 'vitest';
import { parseView } from './route.ts';

describe('dashboard views from the address fragment', () => {
  it.each([
    ['', { kind: 'list', tab: 'clients', params: '' }],
    ['#projects', { kind: 'list', tab: 'projects', params: '' }],
    ['#leads', { kind: 'list', tab: 'leads', params: '' }],
    ['#nonsense', { kind: 'list', tab: 'clients', params: '' }],
    ['#nonsense?q=x', { kind: 'list', tab: 'clients', params: '' }],
    [
      '#projects?status=review&sort=title.asc',
      { kind: 'list', tab: 'projects', params: 'status=review&sort=title.asc' },
    ],
    ['#leads?view=board', { kind: 'list', tab: 'leads', params: 'view=board' }],
    ['#client/c%201', { kind: 'client-page', id: 'c 1' }],
    ['#lead/l-9', { kind: 'lead-page', id: 'l-9' }],
    ['#client/', { kind: 'list', tab: 'clients', params: '' }],
    ['#clients/new', { kind: 'client-form', id: null }],
    ['#clients/abc-123', { kind: 'client-form', id: 'abc-123' }],
    ['#projects/new', { kind: 'project-form', id: null }],
    ['#projects/p%201', { kind: 'project-form', id: 'p 1' }],
    ['#messages/x', { kind: 'list', tab: 'messages', params: '' }],
    ['#proposals', { kind: 'list', tab: 'proposals', params: '' }],
    [
      '#proposals?status=viewed&sort=validUntil.asc&q=bakery',
      { kind: 'list', tab: 'proposals', params: 'status=viewed&sort=validUntil.asc&q=bakery' },
    ],
    ['#proposals/new', { kind: 'proposal-form', id: null, clientId: null, leadId: null }],
    ['#proposals/new?clientId=c-1', { kind: 'proposal-form', id: null, clientId: 'c-1', leadId: null }],
    ['#proposals/new?leadId=l%209', { kind: 'proposal-form', id: null, clientId: null, leadId: 'l 9' }],
    ['#proposals/new?leadId=', { kind: 'proposal-form', id: null, clientId: null, leadId: null }],
    ['#proposals/p-1', { kind: 'proposal-form', id: 'p-1', clientId: null, leadId: null }],
    ['#proposals/p-1?clientId=c-1', { kind: 'proposal-form', id: 'p-1', clientId: null, leadId: null }],
    ['#proposal/p%201', { kind: 'proposal-page', id: 'p 1' }],
    ['#proposal/', { kind: 'list', tab: 'clients', params: '' }],
    ['#invoices', { kind: 'list', tab: 'invoices', params: '' }],
    ['#bookings?week=2027-03-08', { kind: 'list', tab: 'bookings', params: 'week=2027-03-08' }],
    ['#invoices?status=overdue', { kind: 'list', tab: 'invoices', params: 'status=overdue' }],
    ['#invoices/new', { kind: 'invoice-form', id: null, clientId: null }],
    ['#invoices/new?clientId=c-1', { kind: 'invoice-form', id: null, clientId: 'c-1' }],
    ['#invoices/i-1?clientId=c-1', { kind: 'invoice-form', id: 'i-1', clientId: null }],
    ['#invoice/i%201', { kind: 'invoice-page', id: 'i 1' }],
  ])('%s', (hash, view) => {
    expect(parseView(hash)).toEqual(view);
  });
});
