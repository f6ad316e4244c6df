import { verify } from '@node-rs/argon2';
import type * as Argon2 from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  clientMembers,
  clientSessions,
  clients,
  communications,
  milestones,
  notificationEmails,
  projects,
} from '../../db/schema/index.ts';
import { SESSION_TTL_MS } from '../../src/server/services/sign-in/session-tokens.ts';
import { createPasswordResetToken } from '../../src/server/services/sign-in/password-resets.ts';
import { createSession } from '../../src/server/services/sign-in/sessions.ts';
import type { ErrorBody } from '../../src/shared/api-error.ts';
import { bearer, createTestApi, errorOf, withCookie, type ApiClient, type TestApi, signedIn } from './helpers.ts';

// The real argon2, with `verify` wrapped in a spy: the sign-in test counts password
// verifications (docs/product.md#portal-sign-in). Hashing and verifying stay real.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return { ...real, verify: vi.fn(real.verify) };
});

let api: TestApi;

beforeAll(async () => {
  api = await createTestApi({ env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(async () => {
  await api.close();
});

type RegisterBody = InferRequestType<ApiClient['client']['register']['$post']>['json'];

let seq = 0;
async function register(overrides: Partial<RegisterBody> = {}) {
  const body = {
    name: 'Jordan Client',
    email: `client${++seq}-${Date.now()}@example.com`,
    password: 'secret-pass',
    ...overrides,
  };
  const response = await api.fresh().client.register.$post({ json: body });
  const json = (await response.json()) as Awaited<ReturnType<typeof response.json>> & Partial<ErrorBody>;
  return { response, body, ...json };
}

/** Signs in from a new address. */
function login(email: string, password: string) {
  return api.fresh().client.login.$post({ json: { email, password } });
}

async function addProject(clientId: string, values: Partial<typeof projects.$inferInsert> = {}) {
  const [project] = await api.db.write((tx) =>
    tx
      .insert(projects)
      .values({ clientId, title: 'Bakery website', status: 'in-progress', ...values })
      .returning(),
  );
  return project!;
}

describe('registration', () => {
  it('creates an account, answers 201 with a token and the client, and sets the session cookie', async () => {
    const { response, token, client, body } = await register({ company: 'Sweet Hen Bakery', phone: '302-555-0100' });
    expect(response.status).toBe(201);
    expect(token).toMatch(/^[a-z2-7]{24}\.[a-z2-7]{24}$/);
    expect(client).toMatchObject({
      email: body.email,
      name: 'Jordan Client',
      company: 'Sweet Hen Bakery',
      isActive: true,
    });
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toContain(`client_session=${encodeURIComponent(token)}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    expect(JSON.stringify(client)).not.toMatch(/password|argon2/i);
  });

  it('stores only an argon2id hash of the password', async () => {
    const { client } = await register();
    const [row] = await api.db.read.select().from(clientMembers).where(eq(clientMembers.id, client.member.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it.each([
    [{ name: 'J' }, 'name', 'Name must be at least 2 characters'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [{ password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters'],
  ])('refuses %j with 422 and the spec message', async (overrides, field, message) => {
    const { response, error } = await register(overrides);
    expect(response.status).toBe(422);
    expect(error?.fields?.[field]).toBe(message);
  });

  it('refuses an email that exists in another case with 409', async () => {
    const first = await register({ email: 'Dana.Case@Example.com' });
    expect(first.response.status).toBe(201);
    const again = await register({ email: 'dana.case@example.COM' });
    expect(again.response.status).toBe(409);
    expect(again.error?.message).toBe('An account with this email already exists');
  });

  it('answers 400 to malformed JSON', async () => {
    // Raw: the typed client cannot send malformed JSON.
    const response = await api.raw(
      '/api/client/register',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' },
      api.nextAddress(),
    );
    expect(response.status).toBe(400);
  });
});

describe('sign-in', () => {
  it('signs in with the right password (any email case) and answers a token and the client', async () => {
    const { body } = await register();
    const response = await login(body.email.toUpperCase(), body.password);
    expect(response.status).toBe(200);
    const json = signedIn(await response.json());
    expect(json.client.email).toBe(body.email);
    expect(json.token).toContain('.');
    expect(response.headers.get('set-cookie')).toContain('client_session=');
  });

  it('answers 401 "Invalid email or password" alike for an unknown email and a wrong password', async () => {
    const { body } = await register();
    const wrong = await login(body.email, 'not-the-password');
    const unknown = await login('nobody@example.com', 'whatever');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await errorOf(wrong)).toEqual(await errorOf(unknown));
    expect((await errorOf(await login('nobody@example.com', 'whatever'))).message).toBe('Invalid email or password');
  });

  it('runs one password verification for an unknown email, as for a known email with a wrong password', async () => {
    // The code path, not the clock: the same single argon2id verification runs either way, so
    // the answer takes the time of one verification and tells nobody which emails have accounts.
    const { body } = await register();
    const verifications = vi.mocked(verify);

    verifications.mockClear();
    const unknown = await login('ghost@example.com', 'wrong-password');
    expect(verifications).toHaveBeenCalledTimes(1);
    const [unknownHash, unknownPassword] = verifications.mock.calls[0]!;

    verifications.mockClear();
    const wrong = await login(body.email, 'wrong-password');
    expect(verifications).toHaveBeenCalledTimes(1);
    const [knownHash, knownPassword] = verifications.mock.calls[0]!;

    // Both verify the given password against an argon2id hash of the same cost.
    const argon2idOfTheSameCost = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;
    expect(unknownHash).toMatch(argon2idOfTheSameCost);
    expect(knownHash).toMatch(argon2idOfTheSameCost);
    expect([unknownPassword, knownPassword]).toEqual(['wrong-password', 'wrong-password']);

    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const expected = { error: { code: 'invalid_credentials', message: 'Invalid email or password' } };
    expect(await unknown.json()).toEqual(expected);
    expect(await wrong.json()).toEqual(expected);
  });

  it.each([
    [{ email: 'bad', password: 'x' }, 'email', 'Please enter a valid email address'],
    [{ email: 'a@example.com', password: '' }, 'password', 'Password is required'],
  ])('refuses %j with 422 and the spec message', async (body, field, message) => {
    const response = await login(body.email, body.password);
    expect(response.status).toBe(422);
    expect((await errorOf(response)).fields?.[field]).toBe(message);
  });

  it('refuses a deactivated client', async () => {
    const { body, client } = await register();
    await api.db.write((tx) => tx.update(clients).set({ isActive: false }).where(eq(clients.id, client.id)));
    const response = await login(body.email, body.password);
    expect(response.status).toBe(403);
  });

  it('limits attempts per address (5 × AUTH_RATE_LIMIT) and per email (AUTH_RATE_LIMIT) with 429 and Retry-After', async () => {
    const limited = await createTestApi({ env: { AUTH_RATE_LIMIT: '3' } });
    try {
      const attempt = (email: string, address: string) =>
        limited.as(address).client.login.$post({ json: { email, password: 'wrong-one' } });
      for (let i = 0; i < 15; i++) expect((await attempt(`a${i}@example.com`, '192.0.2.1')).status).toBe(401);
      const byAddress = await attempt('fresh@example.com', '192.0.2.1');
      expect(byAddress.status).toBe(429);
      expect(Number(byAddress.headers.get('retry-after'))).toBeGreaterThan(0);

      for (let i = 0; i < 3; i++) expect((await attempt('target@example.com', `192.0.2.${10 + i}`)).status).toBe(401);
      expect((await attempt('target@example.com', '192.0.2.99')).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('sessions', () => {
  it('GET /me answers the client, by cookie or by bearer token, without the password hash', async () => {
    const { token, client } = await register();
    const byBearer = await api.http.client.me.$get({}, bearer(token));
    expect(byBearer.status).toBe(200);
    const me = await byBearer.json();
    expect(me).toMatchObject({ id: client.id, email: client.email });
    expect(Object.keys(me)).not.toContain('passwordHash');
    const byCookie = await api.http.client.me.$get({}, withCookie(`client_session=${token}`));
    expect(byCookie.status).toBe(200);
  });

  it('refuses a forged token, an expired or a revoked session', async () => {
    const { token, client } = await register();
    const project = await addProject(client.id);
    const [id] = token.split('.');
    const forged = `${id}.${'a'.repeat(24)}`;
    const expired = await createSession(
      api.db,
      'client',
      client.member.id,
      new Date(Date.now() - SESSION_TTL_MS - 1000),
    );
    const revoked = await createSession(api.db, 'client', client.member.id);
    await api.http.client.logout.$post({}, bearer(revoked.token));

    // One guard covers every signed-in route (routes/client/index.ts), and
    // tests/integration/unauthorized-routes.test.ts checks each route without a session: a read
    // and a write of the client's own project are enough to try each kind of bad token on.
    const portal = api.http.client;
    const param = { projectId: project.id };
    const endpoints: [string, (options: { headers?: Record<string, string> }) => Promise<Response>][] = [
      ['GET /api/client/projects/:projectId', (o) => portal.projects[':projectId'].$get({ param }, o)],
      [
        'POST /api/client/projects/:projectId/communications',
        (o) => portal.projects[':projectId'].communications.$post({ param, json: { subject: 's', message: 'm' } }, o),
      ],
    ];
    for (const badToken of [forged, expired.token, revoked.token, 'garbage', 'a.b.c']) {
      for (const [label, call] of endpoints) {
        const response = await call(bearer(badToken));
        expect(response.status, `${label} with ${badToken}`).toBe(401);
        expect(JSON.stringify(await response.json())).not.toContain('Bakery website');
      }
    }
    const [row] = await api.db.read.select().from(clientSessions).where(eq(clientSessions.id, expired.session.id));
    expect(row).toBeUndefined();
  });

  it('logout revokes the session and clears the cookie', async () => {
    const { token } = await register();
    const response = await api.http.client.logout.$post({}, withCookie(`client_session=${token}`));
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toMatch(/client_session=;.*Max-Age=0/);
    expect((await api.http.client.me.$get({}, bearer(token))).status).toBe(401);
  });

  it('renews a session used in the second half of its 30 days', async () => {
    const { client } = await register();
    const old = await createSession(
      api.db,
      'client',
      client.member.id,
      new Date(Date.now() - 20 * 24 * 60 * 60 * 1000),
    );
    const response = await api.http.client.me.$get({}, withCookie(`client_session=${old.token}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toContain('client_session=');
    const [row] = await api.db.read.select().from(clientSessions).where(eq(clientSessions.id, old.session.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
  });

  it('a deactivated client loses access with an existing session', async () => {
    const { token, client } = await register();
    await api.db.write((tx) => tx.update(clients).set({ isActive: false }).where(eq(clients.id, client.id)));
    expect((await api.http.client.me.$get({}, bearer(token))).status).toBe(401);
  });

  it('sets Secure on the cookie when the site is served over https', async () => {
    const secure = await createTestApi({ env: { SITE_URL: 'https://www.example.com' } });
    try {
      const response = await secure.http.client.register.$post({
        json: { name: 'Sec Ure', email: 'secure@example.com', password: 'secret-pass' },
      });
      expect(response.headers.get('set-cookie')).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });
});

describe('projects', () => {
  it('lists only the client’s own projects, each with its unread team messages', async () => {
    const mine = await register();
    const theirs = await register();
    const p1 = await addProject(mine.client.id, { title: 'Mine one', status: 'review' });
    await addProject(mine.client.id, { title: 'Mine two', status: 'planning' });
    await addProject(theirs.client.id, { title: 'Not mine' });
    await api.db.write((tx) =>
      tx.insert(communications).values([
        { projectId: p1.id, fromClient: false, subject: 'Update', message: 'Draft ready' },
        { projectId: p1.id, fromClient: false, subject: 'Update 2', message: 'Another', isRead: true },
        { projectId: p1.id, fromClient: true, subject: 'Question', message: 'From me' },
      ]),
    );
    const response = await api.http.client.projects.$get({ query: {} }, bearer(mine.token));
    expect(response.status).toBe(200);
    const list = await response.json();
    expect(list.map((p) => p.title).sort()).toEqual(['Mine one', 'Mine two']);
    expect(list.find((p) => p.title === 'Mine one')?.unreadCount).toBe(1);
    expect(list.find((p) => p.title === 'Mine two')?.unreadCount).toBe(0);
  });

  it('answers a project with its milestones in order and its messages, and 404 for another client’s', async () => {
    const mine = await register();
    const theirs = await register();
    const project = await addProject(mine.client.id, { budget: 150000 });
    await api.db.write((tx) =>
      tx.insert(milestones).values([
        { projectId: project.id, title: 'Second', orderIndex: 2 },
        { projectId: project.id, title: 'First', orderIndex: 1, status: 'completed' },
      ]),
    );
    const response = await api.http.client.projects[':projectId'].$get(
      { param: { projectId: project.id } },
      bearer(mine.token),
    );
    expect(response.status).toBe(200);
    const detail = await response.json();
    expect(detail.project).toMatchObject({ id: project.id, budget: 150000 });
    expect(detail.milestones.map((m) => m.title)).toEqual(['First', 'Second']);
    expect(detail.communications).toEqual([]);

    const other = await api.http.client.projects[':projectId'].$get(
      { param: { projectId: project.id } },
      bearer(theirs.token),
    );
    expect(other.status).toBe(404);
    expect((await errorOf(other)).message).toBe('Project not found');
    const missing = await api.http.client.projects[':projectId'].$get(
      { param: { projectId: 'does-not-exist' } },
      bearer(mine.token),
    );
    expect(missing.status).toBe(404);
  });

  it('stores a message from the client and refuses bad ones', async () => {
    const mine = await register();
    const theirs = await register();
    const project = await addProject(mine.client.id);
    const messages = api.http.client.projects[':projectId'].communications;
    const param = { projectId: project.id };
    const sent = await messages.$post(
      { param, json: { subject: 'Logo', message: 'Can we try blue?' } },
      bearer(mine.token),
    );
    expect(sent.status).toBe(201);
    const { communication } = await sent.json();
    expect(communication).toMatchObject({ fromClient: true, isRead: false });

    const invalid: [{ subject: string; message: string }, string, string][] = [
      [{ subject: '', message: 'x' }, 'subject', 'Subject is required'],
      [{ subject: 'x', message: '  ' }, 'message', 'Message is required'],
      [{ subject: 's'.repeat(201), message: 'x' }, 'subject', 'Subject must be at most 200 characters'],
      [{ subject: 'x', message: 'm'.repeat(5001) }, 'message', 'Message must be at most 5,000 characters'],
    ];
    for (const [json, field, message] of invalid) {
      const response = await messages.$post({ param, json }, bearer(mine.token));
      expect(response.status).toBe(422);
      expect((await errorOf(response)).fields?.[field]).toBe(message);
    }
    const theirsSent = await messages.$post({ param, json: { subject: 'a', message: 'b' } }, bearer(theirs.token));
    expect(theirsSent.status).toBe(404);
    const stored = await api.db.read.select().from(communications).where(eq(communications.projectId, project.id));
    expect(stored).toHaveLength(1);
  });

  it('marks the team’s messages read, not the client’s own', async () => {
    const mine = await register();
    const project = await addProject(mine.client.id);
    await api.db.write((tx) =>
      tx.insert(communications).values([
        { projectId: project.id, fromClient: false, subject: 'a', message: 'a' },
        { projectId: project.id, fromClient: false, subject: 'b', message: 'b' },
        { projectId: project.id, fromClient: true, subject: 'c', message: 'c' },
      ]),
    );
    const response = await api.http.client.projects[':projectId'].communications.read.$post(
      { param: { projectId: project.id } },
      bearer(mine.token),
    );
    expect(await response.json()).toEqual({ updated: 2 });
    const rows = await api.db.read.select().from(communications).where(eq(communications.projectId, project.id));
    expect(
      rows
        .filter((r) => r.isRead)
        .map((r) => r.subject)
        .sort(),
    ).toEqual(['a', 'b']);
  });

  it('deleting a client deletes its projects, milestones, messages and sessions', async () => {
    const mine = await register();
    const project = await addProject(mine.client.id);
    await api.db.write((tx) => tx.insert(milestones).values({ projectId: project.id, title: 'M' }));
    await api.db.write((tx) => tx.insert(communications).values({ projectId: project.id, subject: 's', message: 'm' }));
    await api.db.write((tx) => tx.delete(clients).where(eq(clients.id, mine.client.id)));
    expect(await api.db.read.select().from(projects).where(eq(projects.id, project.id))).toEqual([]);
    expect(await api.db.read.select().from(milestones).where(eq(milestones.projectId, project.id))).toEqual([]);
    expect(await api.db.read.select().from(communications).where(eq(communications.projectId, project.id))).toEqual([]);
    expect(await api.db.read.select().from(clientSessions).where(eq(clientSessions.clientId, mine.client.id))).toEqual(
      [],
    );
  });
});

describe('password reset', () => {
  function linkFrom(mails: string[], email: string): string {
    // Registration sends its "Confirm your email" too: the reset is the one with the reset's subject.
    const mail = mails.find((m) => m.includes(`To: ${email}`) && m.includes('Subject: Reset your client portal'));
    const flat = mail?.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = flat?.match(/reset-password#token=([\w-]+)/)?.[1];
    if (!token) throw new Error(`no reset link for ${email}`);
    return token;
  }

  it('always answers 202 and emails a link only to an existing account', async () => {
    const { body } = await register();
    const known = await api.fresh().client['password-reset'].$post({ json: { email: body.email } });
    const unknown = await api.fresh().client['password-reset'].$post({ json: { email: 'nobody-here@example.com' } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual(await unknown.json());
    await api.deliver();
    const mails = api.outbox();
    expect(mails.filter((m) => m.includes(`To: ${body.email}`) && m.includes('Subject: Reset'))).toHaveLength(1);
    expect(mails.some((m) => m.includes('nobody-here@example.com'))).toBe(false);
    expect(linkFrom(mails, body.email)).toHaveLength(43);
  });

  it('stores the email in the durable queue before answering, and the worker sends it once', async () => {
    const { body } = await register();
    const answer = await api.fresh().client['password-reset'].$post({ json: { email: body.email } });
    expect(answer.status).toBe(202);
    // Queued with its link before the answer: a crash now would not lose it.
    const queued = await api.db.read
      .select()
      .from(notificationEmails)
      .where(eq(notificationEmails.subject, 'Reset your client portal password'));
    const mine = queued.filter((e) => e.to.includes(body.email));
    expect(mine).toMatchObject([{ status: 'queued', audience: 'client' }]);
    expect(mine[0]!.html).toContain('reset-password#token=');
    expect(mine[0]!.text).toContain('within the next hour');
    await api.deliver();
    await api.deliver();
    const sent = api.outbox().filter((m) => m.includes(`To: ${body.email}`) && m.includes('Subject: Reset'));
    expect(sent).toHaveLength(1);
  });

  it('sets a new password once, revokes every session, and refuses a reused link', async () => {
    const { body, token: sessionToken } = await register();
    await api.fresh().client['password-reset'].$post({ json: { email: body.email } });
    await api.deliver();
    const resetToken = linkFrom(api.outbox(), body.email);
    const confirm = (password: string) =>
      api.http.client['password-reset'].confirm.$post({ json: { token: resetToken, password } });

    const tooShort = await confirm('123');
    expect(tooShort.status).toBe(422);

    const done = await confirm('brand-new-pass');
    expect(done.status).toBe(200);
    expect((await api.http.client.me.$get({}, bearer(sessionToken))).status).toBe(401);
    expect((await login(body.email, body.password)).status).toBe(401);
    expect((await login(body.email, 'brand-new-pass')).status).toBe(200);

    const reused = await confirm('another-pass');
    expect(reused.status).toBe(400);
  });

  it('refuses an expired link', async () => {
    const { body, client } = await register();
    const token = await createPasswordResetToken(api.db, client.member.id, new Date(Date.now() - 61 * 60 * 1000));
    const response = await api.http.client['password-reset'].confirm.$post({
      json: { token, password: 'new-password' },
    });
    expect(response.status).toBe(400);
    expect((await login(body.email, body.password)).status).toBe(200);
  });
});

describe('nothing of a password hash leaves the API', () => {
  it('in any client response', async () => {
    const { token, body, client } = await register();
    await addProject(client.id);
    const responses = [
      await api.http.client.me.$get({}, bearer(token)),
      await api.http.client.projects.$get({ query: {} }, bearer(token)),
      await login(body.email, body.password),
    ];
    for (const response of responses) expect(await response.text()).not.toMatch(/argon2|passwordHash|password_hash/);
  });
});
