import { eq } from 'drizzle-orm';
/** GET /api/admin/summary: the dashboard's counters, counted by the database (docs/product.md#dashboard). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, communications, contactSubmissions, projects } from '../../db/schema/index.ts';
import { createSignInLink } from '../../src/server/services/sign-in/sign-in-links.ts';
import { bearer, createTestApi, type TestApi } from './helpers.ts';

const ADMIN = 'owner@firststatewebstudio.com';
const DAY_MS = 24 * 60 * 60 * 1000;
let api: TestApi;
let staffToken: string;

beforeAll(async () => {
  api = await createTestApi({ env: { ADMIN_EMAILS: ADMIN } });
  const signedIn = await api.fresh().admin.auth.link.$post({ json: { token: await createSignInLink(api.db, ADMIN) } });
  staffToken = decodeURIComponent(signedIn.headers.get('set-cookie')?.match(/admin_session=([^;]+)/)?.[1] ?? '');
});
afterAll(async () => {
  await api.close();
});

const summary = async () => (await api.http.admin.summary.$get({}, bearer(staffToken))).json();

describe('GET /api/admin/summary', () => {
  it('counts clients, active and all projects, unread client messages, leads of the last 7 days, all messages, leads and proposals', async () => {
    expect(await summary()).toEqual({
      totalClients: 0,
      activeProjects: 0,
      totalProjects: 0,
      unreadMessages: 0,
      newLeadsThisWeek: 0,
      totalMessages: 0,
      totalLeads: 0,
      totalProposals: 0,
    });
    const [a, b] = await api.db.write((tx) =>
      tx
        .insert(clients)
        .values([
          { name: 'A', email: 'a@example.com' },
          { name: 'B', email: 'b@example.com' },
        ])
        .returning(),
    );
    const [active, , done] = await api.db.write((tx) =>
      tx
        .insert(projects)
        .values([
          { clientId: a!.id, title: 'Active one', status: 'in-progress' },
          { clientId: a!.id, title: 'Planned', status: 'planning' },
          { clientId: b!.id, title: 'Done', status: 'completed' },
        ])
        .returning(),
    );
    await api.db.write((tx) =>
      tx.insert(communications).values([
        { projectId: active!.id, fromClient: true, subject: 'Unread', message: '1' },
        { projectId: done!.id, fromClient: true, subject: 'Unread too', message: '2' },
        { projectId: done!.id, fromClient: true, subject: 'Read', message: '3', isRead: true },
        { projectId: active!.id, fromClient: false, subject: 'Team, unread by client', message: '4' },
      ]),
    );
    const now = Date.now();
    await api.db.write((tx) =>
      tx.insert(contactSubmissions).values([
        { name: 'Today', message: 'm', source: 'landing', createdAt: new Date(now) },
        { name: 'Six days ago', message: 'm', source: 'audit', createdAt: new Date(now - 6 * DAY_MS) },
        { name: 'Eight days ago', message: 'm', source: 'landing', createdAt: new Date(now - 8 * DAY_MS) },
      ]),
    );
    expect(await summary()).toEqual({
      totalClients: 2,
      activeProjects: 1,
      totalProjects: 3,
      unreadMessages: 2,
      newLeadsThisWeek: 2,
      totalMessages: 4,
      totalLeads: 3,
      totalProposals: 0,
    });
    // The totals kept by triggers follow deletes too, cascades included.
    await api.db.write((tx) => tx.delete(clients).where(eq(clients.id, b!.id)));
    expect(await summary()).toMatchObject({ totalClients: 1, totalProjects: 2, totalMessages: 2, unreadMessages: 1 });
  });
});
