/**
 * The newsletter's subscribers on the dashboard (docs/product.md#newsletter): the list pages,
 * sorts and searches like the other staff lists, and downloads as formula-safe CSV.
 */
import { describe, expect, it } from 'vitest';
import { subscribe } from '../../src/server/services/newsletter/newsletter.ts';
import { bearer, errorOf, withStaffApi } from './helpers.ts';

const suite = withStaffApi('owner@agency.test');
const list = (query: Record<string, string>) =>
  suite.api.raw(`/api/admin/newsletter-subscribers?${new URLSearchParams(query)}`, suite.staff());

describe('newsletter subscribers for staff', () => {
  it('is empty at first, then lists every address newest first, in pages, with a total', async () => {
    const empty = await (await list({})).json();
    expect(empty).toEqual({ items: [], nextCursor: null, total: 0 });
    for (const email of ['ann@example.com', 'bob@shop.example', 'cara@example.com']) {
      await subscribe(suite.api.db, email);
    }
    const first = await (await list({ limit: '2' })).json();
    expect(first.total).toBe(3);
    expect(first.items.map((s: { email: string }) => s.email)).toEqual(['cara@example.com', 'bob@shop.example']);
    const second = await (await list({ limit: '2', cursor: first.nextCursor })).json();
    expect(second.items.map((s: { email: string }) => s.email)).toEqual(['ann@example.com']);
    expect(second.nextCursor).toBeNull();

    const byEmail = await (await list({ sort: 'email.asc' })).json();
    expect(byEmail.items.map((s: { email: string }) => s.email)).toEqual([
      'ann@example.com',
      'bob@shop.example',
      'cara@example.com',
    ]);
    const found = await (await list({ q: 'SHOP' })).json();
    expect(found).toMatchObject({ total: 1, items: [{ email: 'bob@shop.example' }] });
    const wildcard = await (await list({ q: '%' })).json();
    expect(wildcard.total).toBe(0);
  });

  it('downloads every matching subscriber as CSV with formula-safe cells', async () => {
    await subscribe(suite.api.db, '=cmd@example.com');
    const response = await list({ format: 'csv', sort: 'email.asc' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toBe('email,subscribedAt');
    expect(lines.map((l) => l.split(',')[0])).toEqual([
      'email',
      "'=cmd@example.com",
      'ann@example.com',
      'bob@shop.example',
      'cara@example.com',
    ]);
  });

  it('refuses an unknown sort with 422 and anyone without a staff session with 401', async () => {
    const refused = await list({ sort: 'name.asc' });
    expect(refused.status).toBe(422);
    expect((await errorOf(refused)).fields).toHaveProperty('sort');
    const stranger = await suite.api.raw('/api/admin/newsletter-subscribers', bearer('nobody.nothing'));
    expect(stranger.status).toBe(401);
  });
});
