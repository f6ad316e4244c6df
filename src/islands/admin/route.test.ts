import { describe, expect, it } from 'vitest';
import { parseView } from './route.ts';

describe('dashboard views from the address fragment', () => {
  it.each([
    ['', { kind: 'list', tab: 'clients' }],
    ['#projects', { kind: 'list', tab: 'projects' }],
    ['#leads', { kind: 'list', tab: 'leads' }],
    ['#nonsense', { kind: 'list', tab: 'clients' }],
    ['#clients/new', { kind: 'client-form', id: null }],
    ['#clients/abc-123', { kind: 'client-form', id: 'abc-123' }],
    ['#projects/new', { kind: 'project-form', id: null }],
    ['#projects/p%201', { kind: 'project-form', id: 'p 1' }],
    ['#messages/x', { kind: 'list', tab: 'messages' }],
  ])('%s', (hash, view) => {
    expect(parseView(hash)).toEqual(view);
  });
});
