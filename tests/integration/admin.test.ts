import { eq, sql } from 'drizzle-orm';
import { expectConsoleErrors } from '../setup/console.ts';
import type { InferRequestType } from 'hono/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminEvents,
  adminSessions,
  clients,
  communications,
  contactSubmissions,
  milestones,
  projects,
  singleUseTokens,
} from '../../db/schema/index.ts';
import { primaryOwner } from '../../src/server/services/clients/members.ts';
import { hashToken } from '../../src/server/services/single-use-tokens.ts';
import { SESSION_TTL_MS } from '../../src/server/services/sign-in/session-tokens.ts';
import { createSession } from '../../src/server/services/sign-in/sessions.ts';
import { createSignInLink } from '../../src/server/services/sign-in/sign-in-links.ts';
import {
  bearer,
  createTestApi,
  errorOf,
  invalidBody,
  withCookie,
  type ApiClient,
  type TestApi,
  signedIn,
} from './helpers.ts';

let api: TestApi;
let adminToken: string;

const ADMIN = 'staff@firststatewebstudio.com';
const DAY_MS = 24 * 60 * 60 * 1000;

async function signInWithLink(target: TestApi, email: string) {
  const token = await createSignInLink(target.db, email);
  return target.fresh().admin.auth.link.$post({ json: { token } });
}

function tokenFrom(response: { headers: Headers }): string {
  const cookie = response.headers.get('set-cookie') ?? '';
  return decodeURIComponent(cookie.match(/admin_session=([^;]+)/)?.[1] ?? '');
}

beforeAll(async () => {
  api = await createTestApi({ env: { ADMIN_EMAILS: `${ADMIN}, Second@Example.com`, AUTH_RATE_LIMIT: '1000' } });
  adminToken = tokenFrom(await signInWithLink(api, ADMIN));
});
afterAll(async () => {
  await api.close();
});

/** The dashboard's routes, and the per-call options of the signed-in staff member. */
const admin = () => api.http.admin;
const staff = () => bearer(adminToken);

type ClientBody = InferRequestType<ApiClient['admin']['clients']['$post']>['json'];
type ProjectBody = InferRequestType<ApiClient['admin']['projects']['$post']>['json'];

async function createClient(json: ClientBody) {
  return admin().clients.$post({ json }, staff());
}
async function createProject(json: ProjectBody) {
  return admin().projects.$post({ json }, staff());
}
/** A new client (with password 'secret-pass') and a project of theirs titled `title`. */
async function newProject(title: string) {
  const client = await (
    await createClient({
      name: `${title} Client`,
      email: `${title.toLowerCase().replace(/\W/g, '')}-${Date.now()}@example.com`,
      password: 'secret-pass',
    })
  ).json();
  const project = await (await createProject({ clientId: client.id, title })).json();
  return { client, project };
}
/** A landing-form lead from a new address. */
function sendLead(json: { name: string; email: string; message: string; howDidYouFindUs: 'other' }) {
  return api.fresh().contact.$post({ json });
}

describe('admin sign-in with a one-time link', () => {
  it('signs in an allowed email, once, and sets an httpOnly admin cookie', async () => {
    const token = await createSignInLink(api.db, 'second@example.com');
    const first = await api.http.admin.auth.link.$post({ json: { token } });
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toMatch(/admin_session=.+HttpOnly.+SameSite=Lax/);
    expect(await first.json()).toMatchObject({ user: { username: 'second@example.com' } });
    const again = await api.http.admin.auth.link.$post({ json: { token } });
    expect(again.status).toBe(400);
  });

  it('refuses a link older than 15 minutes', async () => {
    const token = await createSignInLink(api.db, ADMIN, new Date(Date.now() - 16 * 60 * 1000));
    expect((await api.http.admin.auth.link.$post({ json: { token } })).status).toBe(400);
  });

  it('refuses an email that is not (or no longer) allowed', async () => {
    const response = await signInWithLink(api, 'someone-else@example.com');
    expect(response.status).toBe(403);
    expect((await errorOf(response)).message).toBe(
      'Access denied. Only authorized email addresses can access the admin panel.',
    );
  });

  it('GET /me answers the username; logout revokes the session', async () => {
    const token = tokenFrom(await signInWithLink(api, ADMIN));
    const me = await api.http.admin.me.$get({}, bearer(token));
    expect(await me.json()).toMatchObject({ username: ADMIN });
    expect((await api.http.admin.logout.$post({}, bearer(token))).status).toBe(204);
    expect((await api.http.admin.me.$get({}, bearer(token))).status).toBe(401);
  });

  it('reports whether Google sign-in is configured, and explains instead of failing when it is not', async () => {
    expect(await (await api.http.admin.auth.config.$get()).json()).toEqual({ google: false });
    const start = await api.http.admin.auth.google.$get();
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe('/admin/login?error=not_configured');
  });
});

describe('staff sessions (docs/product.md#sessions)', () => {
  it('refuses an expired staff session and deletes its row', async () => {
    const [user] = await api.db.read.query.users.findMany({ where: (u, { eq: is }) => is(u.username, ADMIN) });
    const expired = await createSession(api.db, 'staff', user!.id, new Date(Date.now() - SESSION_TTL_MS - 1000));
    const response = await admin().me.$get({}, withCookie(`admin_session=${expired.token}`));
    expect(response.status).toBe(401);
    expect(await api.db.read.select().from(adminSessions).where(eq(adminSessions.id, expired.session.id))).toEqual([]);
  });

  it('renews a staff session used in the second half of its 30 days and sets the cookie again', async () => {
    const [user] = await api.db.read.query.users.findMany({ where: (u, { eq: is }) => is(u.username, ADMIN) });
    const old = await createSession(api.db, 'staff', user!.id, new Date(Date.now() - 20 * DAY_MS));
    const response = await admin().me.$get({}, withCookie(`admin_session=${old.token}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toContain(`admin_session=${encodeURIComponent(old.token)}`);
    const [row] = await api.db.read.select().from(adminSessions).where(eq(adminSessions.id, old.session.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });
});

describe('clients', () => {
  it('creates, lists, updates (keeping the password when blank) and audits a client', async () => {
    const created = await createClient({
      name: 'Brennan Home Improvement',
      email: 'Office@Brennan.example',
      company: 'Brennan HI',
      phone: '302-555-0123',
      password: 'first-pass',
    });
    expect(created.status).toBe(201);
    const client = await created.json();
    expect(client.email).toBe('office@brennan.example');
    expect(JSON.stringify(client)).not.toMatch(/argon2|password/i);

    const list = (await (await admin().clients.$get({ query: {} }, staff())).json()).items;
    expect(list.find((c) => c.id === client.id)).toMatchObject({ projectCount: 0 });

    const before = await primaryOwner(api.db.read, client.id);
    expect(before?.passwordHash).toBeTruthy();
    const updated = await admin().clients[':id'].$put(
      {
        param: { id: client.id },
        json: {
          name: 'Brennan Home Improvement LLC',
          email: 'office@brennan.example',
          company: '',
          phone: '',
          password: '',
        },
      },
      staff(),
    );
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ name: 'Brennan Home Improvement LLC', company: null });
    const after = await primaryOwner(api.db.read, client.id);
    expect(after?.passwordHash).toBe(before?.passwordHash);

    const events = await api.db.read.select().from(adminEvents).where(eq(adminEvents.entityId, client.id));
    expect(events.map((e) => [e.action, e.entity, e.username])).toEqual([
      ['create', 'client', ADMIN],
      ['update', 'client', ADMIN],
    ]);
  });

  it.each([
    [{ name: '', email: 'a@example.com', password: 'secret-pass' }, 'name', 'Name is required'],
    [{ name: 'A', email: 'nope', password: 'secret-pass' }, 'email', 'Invalid email address'],
    [{ name: 'A', email: 'a@example.com', password: '123' }, 'password', 'Password must be at least 6 characters'],
    [{ name: 'A', email: 'a2@example.com' }, 'password', 'Password is required for a new client'],
  ])('refuses %j with 422 and the spec message', async (body, field, message) => {
    const response = await createClient(body);
    expect(response.status).toBe(422);
    expect((await errorOf(response)).fields?.[field]).toBe(message);
  });

  it('refuses an email that exists in another case with 409', async () => {
    await createClient({ name: 'One', email: 'dup@example.com', password: 'secret-pass' });
    const response = await createClient({ name: 'Two', email: 'DUP@example.com', password: 'secret-pass' });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe('An account with this email already exists');
  });

  it('deleting a client removes its projects, milestones and messages in one go', async () => {
    const client = await (
      await createClient({ name: 'Gone Soon', email: 'gone@example.com', password: 'secret-pass' })
    ).json();
    const project = await (await createProject({ clientId: client.id, title: 'Doomed' })).json();
    await api.db.write((tx) => tx.insert(milestones).values({ projectId: project.id, title: 'M' }));
    await api.db.write((tx) =>
      tx.insert(communications).values({ projectId: project.id, subject: 's', message: 'm', fromClient: true }),
    );
    const remove = () => admin().clients[':id'].$delete({ param: { id: client.id } }, staff());
    expect((await remove()).status).toBe(204);
    expect(await api.db.read.select().from(projects).where(eq(projects.id, project.id))).toEqual([]);
    expect(await api.db.read.select().from(milestones).where(eq(milestones.projectId, project.id))).toEqual([]);
    expect(await api.db.read.select().from(communications).where(eq(communications.projectId, project.id))).toEqual([]);
    expect((await remove()).status).toBe(404);
  });
});

describe('projects', () => {
  it('keeps the budget in exact cents and embeds the client name in the list', async () => {
    const client = await (
      await createClient({ name: 'Budget Client', email: 'budget@example.com', password: 'secret-pass' })
    ).json();
    const created = await createProject({
      clientId: client.id,
      title: 'Cents',
      status: 'in-progress',
      startDate: '2026-12-01',
      endDate: '',
      estimatedHours: 12.5,
      budget: 123456,
    });
    expect(created.status).toBe(201);
    const project = await created.json();
    expect(project).toMatchObject({ budget: 123456, endDate: null });
    const list = (await (await admin().projects.$get({ query: {} }, staff())).json()).items;
    expect(list.find((p) => p.id === project.id)).toMatchObject({ budget: 123456, client: { name: 'Budget Client' } });

    const updated = await admin().projects[':id'].$put(
      { param: { id: project.id }, json: { clientId: client.id, title: 'Cents', status: 'review', budget: 1999 } },
      staff(),
    );
    expect(await updated.json()).toMatchObject({ status: 'review', budget: 1999 });
  });

  it.each([
    [{ title: 'No client' }, 'clientId', 'Client is required'],
    [{ clientId: 'x', title: '' }, 'title', 'Title is required'],
    [{ clientId: 'x', title: 'T', budget: -1 }, 'budget', 'Budget must be 0 or more'],
    [{ clientId: 'x', title: 'T', budget: 10.5 }, 'budget', 'Budget must be a whole number of cents'],
    [{ clientId: 'x', title: 'T', estimatedHours: -2 }, 'estimatedHours', 'Hours must be 0 or more'],
    [{ clientId: 'x', title: 'T', status: 'done' }, 'status', 'Choose a status'],
    [{ clientId: 'no-such-client', title: 'T' }, 'clientId', 'Client is required'],
  ])('refuses %j with 422', async (body, field, message) => {
    // Some of these bodies do not even have the body's type (no clientId, an unknown status).
    const response = await createProject(invalidBody(body));
    expect(response.status).toBe(422);
    expect((await errorOf(response)).fields?.[field]).toBe(message);
  });

  it('deletes a project and answers 404 for a missing one', async () => {
    const client = await (
      await createClient({ name: 'Del Client', email: 'del@example.com', password: 'secret-pass' })
    ).json();
    const project = await (await createProject({ clientId: client.id, title: 'Short' })).json();
    const param = { id: project.id };
    expect((await admin().projects[':id'].$delete({ param }, staff())).status).toBe(204);
    expect((await admin().projects[':id'].$delete({ param }, staff())).status).toBe(404);
    const put = await admin().projects[':id'].$put({ param, json: { clientId: client.id, title: 'X' } }, staff());
    expect(put.status).toBe(404);
  });
});

describe('one record, as the edit forms load it', () => {
  it('GET /clients/{id} and /projects/{id} answer the list item of that record, or 404', async () => {
    const { client, project } = await newProject('Single Record');
    const clients = (await (await admin().clients.$get({ query: {} }, staff())).json()).items;
    const projects = (await (await admin().projects.$get({ query: {} }, staff())).json()).items;
    const oneClient = await admin().clients[':id'].$get({ param: { id: client.id } }, staff());
    expect(oneClient.status).toBe(200);
    expect(await oneClient.json()).toEqual(clients.find((c) => c.id === client.id));
    const oneProject = await admin().projects[':id'].$get({ param: { id: project.id } }, staff());
    expect(oneProject.status).toBe(200);
    const projectBody = await oneProject.json();
    expect(projectBody).toEqual(projects.find((p) => p.id === project.id));
    expect(projectBody).toMatchObject({ client: { name: 'Single Record Client' }, milestoneCount: 0 });

    const missingClient = await admin().clients[':id'].$get({ param: { id: 'no-such-client' } }, staff());
    expect(missingClient.status).toBe(404);
    expect((await errorOf(missingClient)).message).toBe('Client not found');
    const missingProject = await admin().projects[':id'].$get({ param: { id: 'no-such-project' } }, staff());
    expect(missingProject.status).toBe(404);
    expect((await errorOf(missingProject)).message).toBe('Project not found');
  });
});

describe('notes on a lead', () => {
  const notes = () => admin()['contact-submissions'][':id'].notes;

  it('adds notes with their author and time, lists them oldest first, and records an admin event', async () => {
    const lead = (await (
      await sendLead({ name: 'Noted Lead', email: 'noted@example.com', message: 'Call me', howDidYouFindUs: 'other' })
    ).json()) as { id: string };
    const first = await notes().$post({ param: { id: lead.id }, json: { body: '  Called, no answer.  ' } }, staff());
    expect(first.status).toBe(201);
    expect((await first.json()).note).toMatchObject({ leadId: lead.id, author: ADMIN, body: 'Called, no answer.' });
    await notes().$post({ param: { id: lead.id }, json: { body: 'Sent the pricing.' } }, staff());
    const listed = await (await notes().$get({ param: { id: lead.id } }, staff())).json();
    expect(listed.map((n) => n.body)).toEqual(['Called, no answer.', 'Sent the pricing.']);
    const events = await (await admin().events.$get({ query: {} }, staff())).json();
    expect(events[0]).toMatchObject({ entity: 'lead', entityId: lead.id, summary: 'Added a note on Noted Lead' });
  });

  it('refuses an empty or too long note with the field message, and a missing lead with 404', async () => {
    const lead = (await (
      await sendLead({ name: 'Quiet Lead', email: 'quiet@example.com', message: 'Hi', howDidYouFindUs: 'other' })
    ).json()) as { id: string };
    for (const [body, message] of [
      ['   ', 'Note is required'],
      ['x'.repeat(5001), 'Note must be at most 5,000 characters'],
    ] as const) {
      const refused = await notes().$post({ param: { id: lead.id }, json: { body } }, staff());
      expect(refused.status).toBe(422);
      expect((await errorOf(refused)).fields).toEqual({ body: message });
    }
    expect(await (await notes().$get({ param: { id: lead.id } }, staff())).json()).toEqual([]);
    const missing = await notes().$post({ param: { id: 'no-such-lead' }, json: { body: 'Hello' } }, staff());
    expect(missing.status).toBe(404);
    expect((await notes().$get({ param: { id: 'no-such-lead' } }, staff())).status).toBe(404);
  });
});

describe('converting a lead to a client', () => {
  const convert = () => admin()['contact-submissions'][':id'].convert;
  async function newLead(name: string, email: string) {
    const response = await sendLead({ name, email, message: 'We want a site', howDidYouFindUs: 'other' });
    return ((await response.json()) as { id: string }).id;
  }
  /** The invitation link's token in the outbox for `email`. */
  function invitationToken(email: string): string {
    const mail = api
      .outbox()
      .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .find((m) => m.includes(`To: ${email}`) && m.includes('Subject: Your client portal'));
    const token = mail?.match(/welcome#token=([\w-]+)/)?.[1];
    if (!token) throw new Error(`no invitation for ${email}`);
    return token;
  }

  it('creates the client and a first project, links and wins the lead, and invites the client to set a password', async () => {
    const email = `convert-${Date.now()}@example.com`;
    const leadId = await newLead('Connie Convert', email);
    const converted = await convert().$post(
      { param: { id: leadId }, json: { company: 'Convert Co', projectTitle: 'New website' } },
      staff(),
    );
    expect(converted.status).toBe(201);
    const { client, project } = await converted.json();
    expect(client).toMatchObject({ name: 'Connie Convert', email, company: 'Convert Co' });
    expect(project).toMatchObject({ clientId: client.id, title: 'New website', status: 'planning' });
    const [lead] = await api.db.read.select().from(contactSubmissions).where(eq(contactSubmissions.id, leadId));
    expect(lead).toMatchObject({ clientId: client.id, status: 'won' });

    // Nobody can sign in until the client chose a password through the invitation.
    expect((await api.fresh().client.login.$post({ json: { email, password: 'secret-pass' } })).status).toBe(401);
    await api.deliver();
    const token = invitationToken(email);
    const confirm = () =>
      api.fresh().client['password-reset'].confirm.$post({ json: { token, password: 'my-own-password' } });
    expect((await confirm()).status).toBe(200);
    expect((await api.fresh().client.login.$post({ json: { email, password: 'my-own-password' } })).status).toBe(200);
    expect((await confirm()).status).toBe(400);

    const again = await convert().$post({ param: { id: leadId }, json: {} }, staff());
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe('already_converted');
  });

  it('keeps the invitation for 72 hours, and no longer', async () => {
    const email = `expiring-${Date.now()}@example.com`;
    const leadId = await newLead('Eve Expiring', email);
    await convert().$post({ param: { id: leadId }, json: {} }, staff());
    await api.deliver();
    const token = invitationToken(email);
    const [row] = await api.db.read
      .select()
      .from(singleUseTokens)
      .where(eq(singleUseTokens.tokenHash, hashToken(token)));
    const hours = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBe(72);
    await api.db.write((tx) =>
      tx
        .update(singleUseTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(singleUseTokens.tokenHash, hashToken(token))),
    );
    const late = await api
      .fresh()
      .client['password-reset'].confirm.$post({ json: { token, password: 'too-late-pass' } });
    expect(late.status).toBe(400);
  });

  it('writes nothing when the email is taken or the lead has none', async () => {
    const email = `taken-${Date.now()}@example.com`;
    await createClient({ name: 'Already Here', email, password: 'secret-pass' });
    const leadId = await newLead('Second Try', email);
    const clientsBefore = (await api.db.read.select().from(clients)).length;
    const projectsBefore = (await api.db.read.select().from(projects)).length;
    const taken = await convert().$post({ param: { id: leadId }, json: { projectTitle: 'Never made' } }, staff());
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).code).toBe('email_taken');
    expect((await api.db.read.select().from(clients)).length).toBe(clientsBefore);
    expect((await api.db.read.select().from(projects)).length).toBe(projectsBefore);
    const [lead] = await api.db.read.select().from(contactSubmissions).where(eq(contactSubmissions.id, leadId));
    expect(lead).toMatchObject({ clientId: null, status: 'new' });

    const phoneOnly = await api.fresh().contact.$post({
      json: { source: 'emergency', name: 'Phone Only', contact: '(302) 555-0123', message: 'Call me' },
    });
    const phoneLead = ((await phoneOnly.json()) as { id: string }).id;
    const noEmail = await convert().$post({ param: { id: phoneLead }, json: {} }, staff());
    expect(noEmail.status).toBe(422);
    expect((await errorOf(noEmail)).fields).toEqual({ email: 'This lead has no email to invite' });
    expect((await api.db.read.select().from(clients)).length).toBe(clientsBefore);
    const missing = await convert().$post({ param: { id: 'no-such-lead' }, json: {} }, staff());
    expect(missing.status).toBe(404);
  });

  it('leaves no half-made client when a write inside the conversion fails', async () => {
    const email = `halfway-${Date.now()}@example.com`;
    const leadId = await newLead('Halfway Harry', email);
    // The first project's insert fails after the client row was written in the same transaction.
    await api.db.write((tx) =>
      tx.run(sql`create trigger fail_project before insert on projects begin select raise(abort, 'disk full'); end`),
    );
    const errors = expectConsoleErrors();
    try {
      const failed = await convert().$post({ param: { id: leadId }, json: { projectTitle: 'Never made' } }, staff());
      expect(failed.status).toBe(500);
      expect(errors.flat().map(String).join(' ')).toContain('insert into "projects"');
    } finally {
      await api.db.write((tx) => tx.run(sql`drop trigger fail_project`));
    }
    expect(await api.db.read.select().from(clients).where(eq(clients.email, email))).toEqual([]);
    const [lead] = await api.db.read.select().from(contactSubmissions).where(eq(contactSubmissions.id, leadId));
    expect(lead).toMatchObject({ clientId: null, status: 'new' });
    // Once the fault is gone the same lead converts.
    const retried = await convert().$post({ param: { id: leadId }, json: { projectTitle: 'Made now' } }, staff());
    expect(retried.status).toBe(201);
  });
});

describe('lists', () => {
  it('lists communications newest first with the project title, and leads newest first', async () => {
    const client = await (
      await createClient({ name: 'Chatty', email: 'chatty@example.com', password: 'secret-pass' })
    ).json();
    const project = await (await createProject({ clientId: client.id, title: 'Talk' })).json();
    await api.db.write((tx) =>
      tx.insert(communications).values([
        { projectId: project.id, subject: 'older', message: 'm', fromClient: true, createdAt: new Date('2026-01-01') },
        { projectId: project.id, subject: 'newer', message: 'm', fromClient: false, createdAt: new Date('2026-02-01') },
      ]),
    );
    const list = (await (await admin().communications.$get({ query: {} }, staff())).json()).items;
    const mine = list.filter((c) => c.project?.title === 'Talk');
    expect(mine.map((c) => c.subject)).toEqual(['newer', 'older']);

    await sendLead({ name: 'Lead One', email: 'l1@example.com', message: 'Hi', howDidYouFindUs: 'other' });
    await sendLead({ name: 'Lead Two', email: 'l2@example.com', message: 'Hi', howDidYouFindUs: 'other' });
    const leads = (await (await admin()['contact-submissions'].$get({ query: {} }, staff())).json()).items;
    expect(leads.slice(0, 2).map((l) => l.name)).toEqual(['Lead Two', 'Lead One']);
    expect(leads[0]?.status).toBe('new');
  });
});

describe('conversation, milestones and leads', () => {
  /** Signs the client in to the portal; answers its session token. */
  async function portalToken(email: string) {
    const login = await api.fresh().client.login.$post({ json: { email, password: 'secret-pass' } });
    return signedIn(await login.json()).token;
  }
  const teamReply = (projectId: string, json: { subject: string; message: string; inReplyTo?: string }) =>
    admin().projects[':id'].communications.$post({ param: { id: projectId }, json }, staff());

  it('a team reply reaches the client as an unread team message; staff mark client messages read or unread', async () => {
    const { client, project } = await newProject('Reply');
    const portal = bearer(await portalToken(client.email));
    await api.http.client.projects[':projectId'].communications.$post(
      { param: { projectId: project.id }, json: { subject: 'Question', message: 'When do we launch?' } },
      portal,
    );
    const inbox = (await (await admin().communications.$get({ query: {} }, staff())).json()).items;
    const question = inbox.find((m) => m.subject === 'Question')!;
    expect(question).toMatchObject({ fromClient: true, isRead: false });
    const mark = (isRead: boolean) =>
      admin().communications[':id'].$patch({ param: { id: question.id }, json: { isRead } }, staff());
    expect((await mark(true)).status).toBe(200);
    expect((await mark(invalidBody('yes'))).status).toBe(422);

    const reply = await teamReply(project.id, { subject: 'Re: Question', message: 'Next Friday.' });
    expect(reply.status).toBe(201);
    const list = await (await api.http.client.projects.$get({ query: {} }, portal)).json();
    expect(list[0]?.unreadCount).toBe(1);
    const detail = await (
      await api.http.client.projects[':projectId'].$get({ param: { projectId: project.id } }, portal)
    ).json();
    expect(detail.communications.find((m) => m.subject === 'Re: Question')?.fromClient).toBe(false);
    expect((await teamReply('missing', { subject: 'a', message: 'b' })).status).toBe(404);
  });

  it('a reply that names the client message it answers marks that message read in the same request', async () => {
    const { client, project } = await newProject('Answered');
    const other = await newProject('Elsewhere');
    const asked = await api.http.client.projects[':projectId'].communications.$post(
      { param: { projectId: project.id }, json: { subject: 'Launch?', message: 'When?' } },
      bearer(await portalToken(client.email)),
    );
    const question = (await asked.json()).communication;

    // Naming a message of another project is refused as a whole: no reply stored, nothing marked.
    const wrongProject = await teamReply(other.project.id, {
      subject: 'Re: Launch?',
      message: 'Soon.',
      inReplyTo: question.id,
    });
    expect(wrongProject.status).toBe(422);
    expect((await errorOf(wrongProject)).fields).toHaveProperty('inReplyTo');
    expect(
      await api.db.read.select().from(communications).where(eq(communications.projectId, other.project.id)),
    ).toEqual([]);
    const [stillUnread] = await api.db.read.select().from(communications).where(eq(communications.id, question.id));
    expect(stillUnread?.isRead).toBe(false);

    const reply = await teamReply(project.id, {
      subject: 'Re: Launch?',
      message: 'Next Friday.',
      inReplyTo: question.id,
    });
    expect(reply.status).toBe(201);
    const [answered] = await api.db.read.select().from(communications).where(eq(communications.id, question.id));
    expect(answered?.isRead).toBe(true);
  });

  it('creates, edits, reorders and deletes milestones; completedAt follows the status', async () => {
    const { project } = await newProject('Milestones');
    const ofProject = admin().projects[':id'].milestones;
    const param = { id: project.id };
    const first = await (
      await ofProject.$post({ param, json: { title: 'Design', dueDate: '2026-12-01' } }, staff())
    ).json();
    const second = await (
      await ofProject.$post({ param, json: { title: 'Build', status: 'completed' } }, staff())
    ).json();
    expect([first.orderIndex, second.orderIndex]).toEqual([1, 2]);
    expect(second.completedAt).not.toBeNull();
    expect((await ofProject.$post({ param, json: { title: '' } }, staff())).status).toBe(422);

    const edited = await (
      await admin().milestones[':id'].$put(
        { param: { id: second.id }, json: { title: 'Build', status: 'in-progress' } },
        staff(),
      )
    ).json();
    expect(edited.completedAt).toBeNull();

    const reorder = (ids: string[]) => ofProject.order.$put({ param, json: { ids } }, staff());
    const reordered = await (await reorder([second.id, first.id])).json();
    expect(reordered.map((m) => m.title)).toEqual(['Build', 'Design']);
    expect((await reorder([first.id])).status).toBe(422);
    // The project list says what a delete would take with it.
    const projectsList = (await (await admin().projects.$get({ query: {} }, staff())).json()).items;
    expect(projectsList.find((p) => p.id === project.id)).toMatchObject({ milestoneCount: 2, messageCount: 0 });

    expect((await admin().milestones[':id'].$delete({ param: { id: first.id } }, staff())).status).toBe(204);
    const left = await (await ofProject.$get({ param }, staff())).json();
    expect(left).toHaveLength(1);
  });

  it('sets a lead’s status and exports every lead as CSV with formulas neutralised', async () => {
    await sendLead({
      name: '=HYPERLINK("x")',
      email: 'csv@example.com',
      message: 'Line one, "quoted"\nline two',
      howDidYouFindUs: 'other',
    });
    const leads = (await (await admin()['contact-submissions'].$get({ query: {} }, staff())).json()).items;
    const lead = leads.find((l) => l.email === 'csv@example.com')!;
    const setStatus = (status: 'contacted') =>
      admin()['contact-submissions'][':id'].$patch({ param: { id: lead.id }, json: { status } }, staff());
    const updated = await setStatus('contacted');
    expect(await updated.json()).toMatchObject({ status: 'contacted' });
    expect((await setStatus(invalidBody('maybe'))).status).toBe(422);

    const csv = await admin()['contact-submissions.csv'].$get({ query: {} }, staff());
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await csv.text();
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(text).toContain('"Line one, ""quoted""\nline two"');
    expect(text).toContain(',contacted,landing,no,');
  });

  it('records every change in the audit trail, newest first', async () => {
    // Its own changes, one of each kind of record, so that it passes alone and in any order.
    const { client, project } = await newProject('Audited');
    await admin().clients[':id'].$put(
      { param: { id: client.id }, json: { name: 'Audited Client LLC', email: client.email } },
      staff(),
    );
    await admin().projects[':id'].milestones.$post({ param: { id: project.id }, json: { title: 'Kick-off' } }, staff());
    await teamReply(project.id, { subject: 'Welcome', message: 'Glad to start.' });
    await sendLead({ name: 'Audited Lead', email: 'audited@example.com', message: 'Hi', howDidYouFindUs: 'other' });
    const lead = (await (await admin()['contact-submissions'].$get({ query: {} }, staff())).json()).items.find(
      (l) => l.email === 'audited@example.com',
    )!;
    await admin()['contact-submissions'][':id'].$patch(
      { param: { id: lead.id }, json: { status: 'contacted' } },
      staff(),
    );

    const events = await (await admin().events.$get({ query: {} }, staff())).json();
    expect(events.length).toBeGreaterThan(5);
    expect(events[0]?.username).toBe(ADMIN);
    const times = events.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(events.map((e) => e.entity))).toEqual(
      new Set(['client', 'project', 'communication', 'milestone', 'lead']),
    );
  });
});
