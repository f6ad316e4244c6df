/**
 * Where the staff's notifications go (docs/product.md#notification-routes): one team-inbox rule
 * for new leads, urgent leads, clients' messages and waiting chats, as a new agency sets it up
 * (only ADMIN_EMAILS), with each list set, and with the lead list set but empty; the same routes
 * from GET /api/admin/notification-routes; and an urgent lead on the staff's live stream only.
 */
import { describe, expect, it } from 'vitest';
import { readEventsAfter } from '../../src/server/services/events/events.ts';
import { bearer, createTestApi, type TestApi } from './helpers.ts';

const OWNER = 'owner@agency.test';

/** A test API with only `env` set of the notification settings (LEADS_NOTIFY_TO unset unless given). */
async function apiWith(env: Record<string, string | undefined>, run: (api: TestApi) => Promise<void>) {
  const api = await createTestApi({ env: { LEADS_NOTIFY_TO: undefined, AUTH_RATE_LIMIT: '1000', ...env } });
  try {
    await run(api);
  } finally {
    await api.close();
  }
}

const landing = {
  name: 'Jamie Rivera',
  email: 'jamie@example.com',
  message: 'We need a new site for our bakery in Newark.',
  howDidYouFindUs: 'google-search',
} as const;
const emergency = { source: 'emergency', name: 'Pat Moore', contact: '(302) 555-0199', message: 'Site down.' } as const;

/** How the plain text of each lead email starts (its subject is MIME-encoded). */
const LANDING = '\nNew lead from the landing form\n';
const URGENT = '\nURGENT New lead from the emergency form\n';

/** The recipients (`To:`) of each email written to the outbox whose text contains `start`. */
function recipientsOf(api: TestApi, start: string): string[][] {
  return api
    .outbox()
    .map((mail) => mail.replace(/\r\n/g, '\n'))
    .filter((mail) => mail.includes(start))
    .map((mail) =>
      (/^To: (.*)$/m.exec(mail)?.[1] ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );
}

describe('one team inbox for every staff notification', () => {
  it('with only ADMIN_EMAILS set, new and urgent leads reach the owner, not a built-in address', async () => {
    await apiWith({ ADMIN_EMAILS: OWNER, TEAM_NOTIFY_TO: undefined }, async (api) => {
      expect((await api.fresh().contact.$post({ json: landing })).status).toBe(201);
      expect((await api.fresh().contact.$post({ json: emergency })).status).toBe(201);
      await api.deliver();
      expect(recipientsOf(api, LANDING)).toEqual([[OWNER]]);
      expect(recipientsOf(api, URGENT)).toEqual([[OWNER]]);
      expect(api.outbox().join('\n')).not.toContain('hello@firststatewebstudio.com');

      const token = await api.signInStaff(OWNER);
      const routes = await api.http.admin['notification-routes'].$get({}, bearer(token));
      expect(routes.status).toBe(200);
      expect(await routes.json()).toEqual({ leads: [OWNER], urgent: [OWNER], team: [OWNER] });
    });
  });

  it('each list as set: leads to LEADS_NOTIFY_TO, urgent to leads and team, the team to TEAM_NOTIFY_TO', async () => {
    const env = { ADMIN_EMAILS: OWNER, LEADS_NOTIFY_TO: 'leads@agency.test', TEAM_NOTIFY_TO: 'team@agency.test' };
    await apiWith(env, async (api) => {
      await api.fresh().contact.$post({ json: landing });
      await api.fresh().contact.$post({ json: emergency });
      await api.deliver();
      expect(recipientsOf(api, LANDING)).toEqual([['leads@agency.test']]);
      expect(recipientsOf(api, URGENT)).toEqual([['leads@agency.test', 'team@agency.test']]);
      const token = await api.signInStaff(OWNER);
      expect(await (await api.http.admin['notification-routes'].$get({}, bearer(token))).json()).toEqual({
        leads: ['leads@agency.test'],
        urgent: ['leads@agency.test', 'team@agency.test'],
        team: ['team@agency.test'],
      });
    });
  });

  it('LEADS_NOTIFY_TO set but empty: no email about ordinary leads, while an urgent one still reaches the team', async () => {
    await apiWith({ ADMIN_EMAILS: OWNER, LEADS_NOTIFY_TO: '' }, async (api) => {
      await api.fresh().contact.$post({ json: landing });
      await api.fresh().contact.$post({ json: emergency });
      await api.deliver();
      expect(recipientsOf(api, LANDING)).toEqual([]);
      expect(recipientsOf(api, URGENT)).toEqual([[OWNER]]);
    });
  });

  it('staff who turned their email notifications off are left out of the team and of the leads that follow it', async () => {
    const other = 'dana@agency.test';
    await apiWith({ ADMIN_EMAILS: `${OWNER}, ${other}` }, async (api) => {
      const danaToken = await api.signInStaff(other);
      const off = await api.http.admin.me.notifications.$put(
        { json: { emailNotifications: false } },
        bearer(danaToken),
      );
      expect(off.status).toBe(200);
      expect(await (await api.http.admin['notification-routes'].$get({}, bearer(danaToken))).json()).toEqual({
        leads: [OWNER],
        urgent: [OWNER],
        team: [OWNER],
      });
      await api.fresh().contact.$post({ json: landing });
      await api.deliver();
      expect(recipientsOf(api, LANDING)).toEqual([[OWNER]]);
    });
  });

  it('needs a staff session', async () => {
    await apiWith({ ADMIN_EMAILS: OWNER }, async (api) => {
      expect((await api.http.admin['notification-routes'].$get()).status).toBe(401);
    });
  });
});

describe('a lead’s email goes out at once', () => {
  it('a stored lead starts the worker without waiting for its next poll', async () => {
    const api = await createTestApi({ env: { ADMIN_EMAILS: OWNER, LEADS_NOTIFY_TO: undefined }, wakeOnLead: true });
    try {
      expect((await api.fresh().contact.$post({ json: emergency })).status).toBe(201);
      // The worker polls once a day in tests: only the wake-up can have sent it.
      await expect.poll(() => recipientsOf(api, URGENT), { timeout: 10_000 }).toEqual([[OWNER]]);
    } finally {
      await api.close();
    }
  });
});

describe('an urgent lead on the live streams', () => {
  it('is an event for the staff only, naming the lead', async () => {
    await apiWith({ ADMIN_EMAILS: OWNER }, async (api) => {
      const before = api.events.lastId;
      const answer = await api.fresh().contact.$post({ json: emergency });
      const { id } = (await answer.json()) as { id: string };
      await api.fresh().contact.$post({ json: landing });
      const staff = await readEventsAfter(api.db.read, before, 100, { staff: true });
      expect(staff.filter((e) => e.type === 'lead-urgent')).toEqual([
        expect.objectContaining({ type: 'lead-urgent', leadId: id, name: 'Pat Moore', source: 'emergency' }),
      ]);
      const forClients = await readEventsAfter(api.db.read, before, 100, { clientId: 'any' });
      const forVisitors = await readEventsAfter(api.db.read, before, 100, { conversationId: 'any' });
      expect([...forClients, ...forVisitors]).toEqual([]);
    });
  });
});
