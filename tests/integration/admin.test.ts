import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEvents, clients, communications, milestones, projects } from '../../db/schema/index.ts';
import { createSignInLink } from '../../src/server/services/sign-in-links.ts';
import { createTestApi } from './helpers.ts';

type Api = Awaited<ReturnType<typeof createTestApi>>;
let api: Api;
let adminToken: string;
let clientToken: string;

const ADMIN = 'staff@firststatewebstudio.com';

async function signInWithLink(target: Api, email: string) {
  const token = await createSignInLink(target.db, email);
  return target.call('POST', '/api/admin/auth/link', { body: { token }, address: target.nextAddress() });
}

function tokenFrom(response: Response): string {
  const cookie = response.headers.get('set-cookie') ?? '';
  return decodeURIComponent(cookie.match(/admin_session=([^;]+)/)?.[1] ?? '');
}

beforeAll(async () => {
  api = await createTestApi({ env: { ADMIN_EMAILS: `${ADMIN}, Second@Example.com`, AUTH_RATE_LIMIT: '1000' } });
  adminToken = tokenFrom(await signInWithLink(api, ADMIN));
  const registered = await api.call('POST', '/api/client/register', {
    body: { name: 'Portal Client', email: 'portal-client@example.com', password: 'secret-pass' },
  });
  clientToken = ((await registered.json()) as { token: string }).token;
});
afterAll(async () => {
  await api.close();
});

const admin = (method: string, path: string, body?: unknown) => api.call(method, path, { token: adminToken, body });
async function errorOf(response: Response) {
  return ((await response.json()) as { error: { message: string; fields?: Record<string, string> } }).error;
}

describe('admin sign-in with a one-time link', () => {
  it('signs in an allowed email, once, and sets an httpOnly admin cookie', async () => {
    const token = await createSignInLink(api.db, 'second@example.com');
    const first = await api.call('POST', '/api/admin/auth/link', { body: { token } });
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toMatch(/admin_session=.+HttpOnly.+SameSite=Lax/);
    expect(await first.json()).toMatchObject({ user: { username: 'second@example.com' } });
    const again = await api.call('POST', '/api/admin/auth/link', { body: { token } });
    expect(again.status).toBe(400);
  });

  it('refuses a link older than 15 minutes', async () => {
    const token = await createSignInLink(api.db, ADMIN, new Date(Date.now() - 16 * 60 * 1000));
    expect((await api.call('POST', '/api/admin/auth/link', { body: { token } })).status).toBe(400);
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
    const me = await api.call('GET', '/api/admin/me', { token });
    expect(await me.json()).toMatchObject({ username: ADMIN });
    expect((await api.call('POST', '/api/admin/logout', { token })).status).toBe(204);
    expect((await api.call('GET', '/api/admin/me', { token })).status).toBe(401);
  });

  it('reports whether Google sign-in is configured, and explains instead of failing when it is not', async () => {
    expect(await (await api.call('GET', '/api/admin/auth/config')).json()).toEqual({ google: false });
    const start = await api.call('GET', '/api/admin/auth/google');
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe('/admin/login?error=not_configured');
  });
});

describe('every admin endpoint needs a staff session', () => {
  const endpoints: [string, string, unknown?][] = [
    ['GET', '/api/admin/me'],
    ['GET', '/api/admin/clients'],
    ['POST', '/api/admin/clients', { name: 'X', email: 'x@example.com', password: 'secret-pass' }],
    ['PUT', '/api/admin/clients/any', { name: 'X', email: 'x@example.com' }],
    ['DELETE', '/api/admin/clients/any'],
    ['GET', '/api/admin/projects'],
    ['POST', '/api/admin/projects', { clientId: 'x', title: 'T' }],
    ['PUT', '/api/admin/projects/any', { clientId: 'x', title: 'T' }],
    ['DELETE', '/api/admin/projects/any'],
    ['GET', '/api/admin/communications'],
    ['GET', '/api/admin/contact-submissions'],
    ['GET', '/api/admin/events'],
  ];
  it.each(endpoints)('%s %s answers 401 with no session and with a client session', async (method, path, body) => {
    expect((await api.call(method, path, { body })).status).toBe(401);
    expect((await api.call(method, path, { body, token: clientToken })).status).toBe(401);
    expect((await api.call(method, path, { body, cookie: `client_session=${clientToken}` })).status).toBe(401);
  });

  it('an admin session does not open client routes', async () => {
    expect((await api.call('GET', '/api/client/me', { token: adminToken })).status).toBe(401);
  });
});

describe('clients', () => {
  it('creates, lists, updates (keeping the password when blank) and audits a client', async () => {
    const created = await admin('POST', '/api/admin/clients', {
      name: 'Brennan Home Improvement',
      email: 'Office@Brennan.example',
      company: 'Brennan HI',
      phone: '302-555-0123',
      password: 'first-pass',
    });
    expect(created.status).toBe(201);
    const client = (await created.json()) as { id: string; email: string };
    expect(client.email).toBe('office@brennan.example');
    expect(JSON.stringify(client)).not.toMatch(/argon2|password/i);

    const list = (await (await admin('GET', '/api/admin/clients')).json()) as { id: string; projectCount: number }[];
    expect(list.find((c) => c.id === client.id)).toMatchObject({ projectCount: 0 });

    const [before] = await api.db.select().from(clients).where(eq(clients.id, client.id));
    const updated = await admin('PUT', `/api/admin/clients/${client.id}`, {
      name: 'Brennan Home Improvement LLC',
      email: 'office@brennan.example',
      company: '',
      phone: '',
      password: '',
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ name: 'Brennan Home Improvement LLC', company: null });
    const [after] = await api.db.select().from(clients).where(eq(clients.id, client.id));
    expect(after?.passwordHash).toBe(before?.passwordHash);

    const events = await api.db.select().from(adminEvents).where(eq(adminEvents.entityId, client.id));
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
    const response = await admin('POST', '/api/admin/clients', body);
    expect(response.status).toBe(422);
    expect((await errorOf(response)).fields?.[field]).toBe(message);
  });

  it('refuses an email that exists in another case with 409', async () => {
    await admin('POST', '/api/admin/clients', { name: 'One', email: 'dup@example.com', password: 'secret-pass' });
    const response = await admin('POST', '/api/admin/clients', {
      name: 'Two',
      email: 'DUP@example.com',
      password: 'secret-pass',
    });
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message).toBe('An account with this email already exists');
  });

  it('deleting a client removes its projects, milestones and messages in one go', async () => {
    const client = (await (
      await admin('POST', '/api/admin/clients', {
        name: 'Gone Soon',
        email: 'gone@example.com',
        password: 'secret-pass',
      })
    ).json()) as { id: string };
    const project = (await (
      await admin('POST', '/api/admin/projects', { clientId: client.id, title: 'Doomed' })
    ).json()) as {
      id: string;
    };
    await api.db.insert(milestones).values({ projectId: project.id, title: 'M' });
    await api.db.insert(communications).values({ projectId: project.id, subject: 's', message: 'm', fromClient: true });
    expect((await admin('DELETE', `/api/admin/clients/${client.id}`)).status).toBe(204);
    expect(await api.db.select().from(projects).where(eq(projects.id, project.id))).toEqual([]);
    expect(await api.db.select().from(milestones).where(eq(milestones.projectId, project.id))).toEqual([]);
    expect(await api.db.select().from(communications).where(eq(communications.projectId, project.id))).toEqual([]);
    expect((await admin('DELETE', `/api/admin/clients/${client.id}`)).status).toBe(404);
  });
});

describe('projects', () => {
  it('keeps the budget in exact cents and embeds the client name in the list', async () => {
    const client = (await (
      await admin('POST', '/api/admin/clients', {
        name: 'Budget Client',
        email: 'budget@example.com',
        password: 'secret-pass',
      })
    ).json()) as { id: string };
    const created = await admin('POST', '/api/admin/projects', {
      clientId: client.id,
      title: 'Cents',
      status: 'in-progress',
      startDate: '2026-12-01',
      endDate: '',
      estimatedHours: 12.5,
      budget: 123456,
    });
    expect(created.status).toBe(201);
    const project = (await created.json()) as { id: string; budget: number; endDate: string | null };
    expect(project).toMatchObject({ budget: 123456, endDate: null });
    const list = (await (await admin('GET', '/api/admin/projects')).json()) as {
      id: string;
      budget: number;
      client: { name: string };
    }[];
    expect(list.find((p) => p.id === project.id)).toMatchObject({ budget: 123456, client: { name: 'Budget Client' } });

    const updated = await admin('PUT', `/api/admin/projects/${project.id}`, {
      clientId: client.id,
      title: 'Cents',
      status: 'review',
      budget: 1999,
    });
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
    const response = await admin('POST', '/api/admin/projects', body);
    expect(response.status).toBe(422);
    expect((await errorOf(response)).fields?.[field]).toBe(message);
  });

  it('deletes a project and answers 404 for a missing one', async () => {
    const client = (await (
      await admin('POST', '/api/admin/clients', {
        name: 'Del Client',
        email: 'del@example.com',
        password: 'secret-pass',
      })
    ).json()) as { id: string };
    const project = (await (
      await admin('POST', '/api/admin/projects', { clientId: client.id, title: 'Short' })
    ).json()) as {
      id: string;
    };
    expect((await admin('DELETE', `/api/admin/projects/${project.id}`)).status).toBe(204);
    expect((await admin('DELETE', `/api/admin/projects/${project.id}`)).status).toBe(404);
    expect((await admin('PUT', `/api/admin/projects/${project.id}`, { clientId: client.id, title: 'X' })).status).toBe(
      404,
    );
  });
});

describe('lists', () => {
  it('lists communications newest first with the project title, and leads newest first', async () => {
    const client = (await (
      await admin('POST', '/api/admin/clients', {
        name: 'Chatty',
        email: 'chatty@example.com',
        password: 'secret-pass',
      })
    ).json()) as { id: string };
    const project = (await (
      await admin('POST', '/api/admin/projects', { clientId: client.id, title: 'Talk' })
    ).json()) as {
      id: string;
    };
    await api.db.insert(communications).values([
      { projectId: project.id, subject: 'older', message: 'm', fromClient: true, createdAt: new Date('2026-01-01') },
      { projectId: project.id, subject: 'newer', message: 'm', fromClient: false, createdAt: new Date('2026-02-01') },
    ]);
    const list = (await (await admin('GET', '/api/admin/communications')).json()) as {
      subject: string;
      project: { title: string };
    }[];
    const mine = list.filter((c) => c.project?.title === 'Talk');
    expect(mine.map((c) => c.subject)).toEqual(['newer', 'older']);

    await api.post(
      '/api/contact',
      { name: 'Lead One', email: 'l1@example.com', message: 'Hi', howDidYouFindUs: 'other' },
      api.nextAddress(),
    );
    await api.post(
      '/api/contact',
      { name: 'Lead Two', email: 'l2@example.com', message: 'Hi', howDidYouFindUs: 'other' },
      api.nextAddress(),
    );
    const leads = (await (await admin('GET', '/api/admin/contact-submissions')).json()) as {
      name: string;
      status: string;
    }[];
    expect(leads.slice(0, 2).map((l) => l.name)).toEqual(['Lead Two', 'Lead One']);
    expect(leads[0]?.status).toBe('new');
  });
});

describe('conversation, milestones and leads', () => {
  async function newProject(title: string) {
    const client = (await (
      await admin('POST', '/api/admin/clients', {
        name: `${title} Client`,
        email: `${title.toLowerCase().replace(/\W/g, '')}-${Date.now()}@example.com`,
        password: 'secret-pass',
      })
    ).json()) as { id: string; email: string };
    const project = (await (await admin('POST', '/api/admin/projects', { clientId: client.id, title })).json()) as {
      id: string;
    };
    return { client, project };
  }

  it('a team reply reaches the client as an unread team message; staff mark client messages read or unread', async () => {
    const { client, project } = await newProject('Reply');
    const login = await api.call('POST', '/api/client/login', {
      body: { email: client.email, password: 'secret-pass' },
      address: api.nextAddress(),
    });
    const portalToken = ((await login.json()) as { token: string }).token;
    await api.call('POST', `/api/client/projects/${project.id}/communications`, {
      token: portalToken,
      body: { subject: 'Question', message: 'When do we launch?' },
    });
    const inbox = (await (await admin('GET', '/api/admin/communications')).json()) as {
      id: string;
      subject: string;
      fromClient: boolean;
      isRead: boolean;
    }[];
    const question = inbox.find((m) => m.subject === 'Question')!;
    expect(question).toMatchObject({ fromClient: true, isRead: false });
    expect((await admin('PATCH', `/api/admin/communications/${question.id}`, { isRead: true })).status).toBe(200);
    expect((await admin('PATCH', `/api/admin/communications/${question.id}`, { isRead: 'yes' })).status).toBe(422);

    const reply = await admin('POST', `/api/admin/projects/${project.id}/communications`, {
      subject: 'Re: Question',
      message: 'Next Friday.',
    });
    expect(reply.status).toBe(201);
    const list = (await (await api.call('GET', '/api/client/projects', { token: portalToken })).json()) as {
      unreadCount: number;
    }[];
    expect(list[0]?.unreadCount).toBe(1);
    const detail = (await (
      await api.call('GET', `/api/client/projects/${project.id}`, { token: portalToken })
    ).json()) as {
      communications: { subject: string; fromClient: boolean }[];
    };
    expect(detail.communications.find((m) => m.subject === 'Re: Question')?.fromClient).toBe(false);
    expect(
      (await admin('POST', '/api/admin/projects/missing/communications', { subject: 'a', message: 'b' })).status,
    ).toBe(404);
  });

  it('a reply that names the client message it answers marks that message read in the same request', async () => {
    const { client, project } = await newProject('Answered');
    const other = await newProject('Elsewhere');
    const login = await api.call('POST', '/api/client/login', {
      body: { email: client.email, password: 'secret-pass' },
      address: api.nextAddress(),
    });
    const portalToken = ((await login.json()) as { token: string }).token;
    const asked = await api.call('POST', `/api/client/projects/${project.id}/communications`, {
      token: portalToken,
      body: { subject: 'Launch?', message: 'When?' },
    });
    const question = ((await asked.json()) as { communication: { id: string } }).communication;

    // Naming a message of another project is refused as a whole: no reply stored, nothing marked.
    const wrongProject = await admin('POST', `/api/admin/projects/${other.project.id}/communications`, {
      subject: 'Re: Launch?',
      message: 'Soon.',
      inReplyTo: question.id,
    });
    expect(wrongProject.status).toBe(422);
    expect((await errorOf(wrongProject)).fields).toHaveProperty('inReplyTo');
    expect(await api.db.select().from(communications).where(eq(communications.projectId, other.project.id))).toEqual(
      [],
    );
    const [stillUnread] = await api.db.select().from(communications).where(eq(communications.id, question.id));
    expect(stillUnread?.isRead).toBe(false);

    const reply = await admin('POST', `/api/admin/projects/${project.id}/communications`, {
      subject: 'Re: Launch?',
      message: 'Next Friday.',
      inReplyTo: question.id,
    });
    expect(reply.status).toBe(201);
    const [answered] = await api.db.select().from(communications).where(eq(communications.id, question.id));
    expect(answered?.isRead).toBe(true);
  });

  it('creates, edits, reorders and deletes milestones; completedAt follows the status', async () => {
    const { project } = await newProject('Milestones');
    const path = `/api/admin/projects/${project.id}/milestones`;
    const first = (await (await admin('POST', path, { title: 'Design', dueDate: '2026-12-01' })).json()) as {
      id: string;
      orderIndex: number;
    };
    const second = (await (await admin('POST', path, { title: 'Build', status: 'completed' })).json()) as {
      id: string;
      orderIndex: number;
      completedAt: string | null;
    };
    expect([first.orderIndex, second.orderIndex]).toEqual([1, 2]);
    expect(second.completedAt).not.toBeNull();
    expect((await admin('POST', path, { title: '' })).status).toBe(422);

    const edited = (await (
      await admin('PUT', `/api/admin/milestones/${second.id}`, { title: 'Build', status: 'in-progress' })
    ).json()) as { completedAt: string | null };
    expect(edited.completedAt).toBeNull();

    const reordered = (await (await admin('PUT', `${path}/order`, { ids: [second.id, first.id] })).json()) as {
      title: string;
    }[];
    expect(reordered.map((m) => m.title)).toEqual(['Build', 'Design']);
    expect((await admin('PUT', `${path}/order`, { ids: [first.id] })).status).toBe(422);
    // The project list says what a delete would take with it.
    const projectsList = (await (await admin('GET', '/api/admin/projects')).json()) as {
      id: string;
      milestoneCount: number;
      messageCount: number;
    }[];
    expect(projectsList.find((p) => p.id === project.id)).toMatchObject({ milestoneCount: 2, messageCount: 0 });

    expect((await admin('DELETE', `/api/admin/milestones/${first.id}`)).status).toBe(204);
    const left = (await (await admin('GET', path)).json()) as unknown[];
    expect(left).toHaveLength(1);
  });

  it('sets a lead’s status and exports every lead as CSV with formulas neutralised', async () => {
    await api.post(
      '/api/contact',
      {
        name: '=HYPERLINK("x")',
        email: 'csv@example.com',
        message: 'Line one, "quoted"\nline two',
        howDidYouFindUs: 'other',
      },
      api.nextAddress(),
    );
    const leads = (await (await admin('GET', '/api/admin/contact-submissions')).json()) as {
      id: string;
      email: string;
    }[];
    const lead = leads.find((l) => l.email === 'csv@example.com')!;
    const updated = await admin('PATCH', `/api/admin/contact-submissions/${lead.id}`, { status: 'contacted' });
    expect(await updated.json()).toMatchObject({ status: 'contacted' });
    expect((await admin('PATCH', `/api/admin/contact-submissions/${lead.id}`, { status: 'maybe' })).status).toBe(422);

    const csv = await admin('GET', '/api/admin/contact-submissions.csv');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await csv.text();
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(text).toContain('"Line one, ""quoted""\nline two"');
    expect(text).toContain(',contacted,landing,no,');
    expect((await api.call('GET', '/api/admin/contact-submissions.csv', { token: clientToken })).status).toBe(401);
  });

  it('records every change in the audit trail, newest first', async () => {
    const events = (await (await admin('GET', '/api/admin/events')).json()) as {
      action: string;
      entity: string;
      username: string;
    }[];
    expect(events.length).toBeGreaterThan(5);
    expect(events[0]?.username).toBe(ADMIN);
    expect(new Set(events.map((e) => e.entity))).toEqual(
      new Set(['client', 'project', 'communication', 'milestone', 'lead']),
    );
  });
});
