/**
 * Live updates (docs/product.md#live-updates; docs/decisions/0009-live-updates.md): the two
 * event streams read as a browser reads them, from the answer's body, while other calls write.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientSessions, communications, events } from '../../db/schema/index.ts';
import { deleteEventsBefore } from '../../src/server/services/events/events.ts';
import { revokeSession } from '../../src/server/services/sign-in/sessions.ts';
import { createSignInLink } from '../../src/server/services/sign-in/sign-in-links.ts';
import { sseBlocks, type SseBlock } from '../support/sse.ts';
import { bearer, createTestApi, DEFAULT_ADDRESS, type TestApi, signedIn } from './helpers.ts';

/** Short enough that a test sees several heartbeats, long enough that events are read between them. */
const HEARTBEAT_MS = 150;
/** How long a test waits for something that should come at once. */
const WAIT_MS = 2_000;
/** How long a test waits for another process's write to reach a stream here (a poll every 250 ms). */
const CROSS_PROCESS_WAIT_MS = 10_000;
const STAFF = 'staff@firststatewebstudio.com';

let api: TestApi;
let staffToken: string;

beforeAll(async () => {
  api = await createTestApi({
    env: { ADMIN_EMAILS: STAFF, AUTH_RATE_LIMIT: '1000' },
    live: { heartbeatMs: HEARTBEAT_MS },
  });
  staffToken = await api.signInStaff(STAFF);
});
afterAll(async () => {
  await api.close();
});

/** Reads an event stream block by block (tests/support/sse.ts); `null` means the stream ended. */
function sseReader(response: { body: ReadableStream<Uint8Array> | null }) {
  const { next, cancel } = sseBlocks(response.body!);
  return {
    next,
    /** The id of the last event read (`lastId`), which a reconnect names in Last-Event-ID. */
    lastId: undefined as number | undefined,
    /** The next event without its id (heartbeats and hints skipped; the id goes to `lastId`). */
    async event(timeoutMs = WAIT_MS): Promise<SseBlock> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const block = await next(Math.max(1, deadline - Date.now()));
        if (block === null) throw new Error('the stream ended before an event');
        if (block.event) {
          const { id, ...rest } = block;
          this.lastId = id;
          return rest;
        }
      }
    },
    /** Resolves true once the stream has ended (skipping whatever comes before). */
    async ended(timeoutMs = WAIT_MS): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      while ((await next(Math.max(1, deadline - Date.now()))) !== null);
      return true;
    },
    cancel,
  };
}

/**
 * Runs `body` with the streams it opens on a heartbeat that never comes (the test's clock does not
 * move), so a stream that ends in it was ended by the change itself, not by the next session check.
 */
async function withoutHeartbeat(body: () => Promise<void>): Promise<void> {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  try {
    await body();
  } finally {
    vi.useRealTimers();
  }
}

let seq = 0;
/** A registered client (token and id) with one project created by staff. */
async function clientWithProject(title = 'Bakery website') {
  const registered = await api.fresh().client.register.$post({
    json: { name: 'Live Client', email: `live-${++seq}-${Date.now()}@example.com`, password: 'secret-pass' },
  });
  const { token, client } = await registered.json();
  const created = await api.http.admin.projects.$post({ json: { clientId: client.id, title } }, bearer(staffToken));
  const project = await created.json();
  return { token, clientId: client.id, projectId: project.id };
}

/**
 * Opens the client stream of `token` and reads past its `retry:` hint and its `ready` event. The
 * events of what the test did before have gone out first (over a libSQL server the event log's
 * read after a commit takes a round trip), so the stream starts after them, as a browser's would.
 */
async function clientStream(token: string) {
  await api.events.catchUp();
  const response = await api.http.client.stream.$get({}, bearer(token));
  expect(response.status).toBe(200);
  const stream = sseReader(response);
  expect(await stream.next()).toEqual({ retry: 2000 });
  expect(await stream.event()).toEqual({ event: 'ready', data: {} });
  return Object.assign(stream, { response });
}

/** Opens the staff stream, as `clientStream` opens a client's. */
async function staffStream() {
  await api.events.catchUp();
  const response = await api.http.admin.stream.$get({}, bearer(staffToken));
  expect(response.status).toBe(200);
  const stream = sseReader(response);
  expect((await stream.next())?.retry).toBeGreaterThan(0);
  expect((await stream.event()).event).toBe('ready');
  return stream;
}

function teamReply(projectId: string, inReplyTo?: string) {
  return api.http.admin.projects[':id'].communications.$post(
    { param: { id: projectId }, json: { subject: 'Update', message: 'The homepage is ready.', inReplyTo } },
    bearer(staffToken),
  );
}

describe('GET /api/client/stream and /api/admin/stream', () => {
  // Without a session of their kind both answer 401: tests/integration/unauthorized-routes.test.ts.
  it('send an event stream that no proxy or cache holds back', async () => {
    const { token } = await clientWithProject();
    const stream = await clientStream(token);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.response.headers.get('cache-control')).toBe('no-cache');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    await stream.cancel();
  });
});

describe('what a client sees', () => {
  it("gets a team reply on its own project as `message` {projectId}, and never another client's", async () => {
    const mine = await clientWithProject('Mine');
    const theirs = await clientWithProject('Theirs');
    const stream = await clientStream(mine.token);

    expect((await teamReply(theirs.projectId)).status).toBe(201);
    expect((await teamReply(mine.projectId)).status).toBe(201);

    // The first event is about its own project: the other client's reply was never sent.
    expect(await stream.event()).toEqual({ event: 'message', data: { projectId: mine.projectId } });
    await stream.cancel();
  });

  it('gets `project-updated` when staff change its project or a milestone of it', async () => {
    const { token, clientId, projectId } = await clientWithProject('Shop');
    const stream = await clientStream(token);
    const staff = bearer(staffToken);

    await api.http.admin.projects[':id'].$put(
      { param: { id: projectId }, json: { clientId, title: 'Shop', status: 'in-progress' } },
      staff,
    );
    expect(await stream.event()).toEqual({ event: 'project-updated', data: { projectId } });

    const added = await api.http.admin.projects[':id'].milestones.$post(
      { param: { id: projectId }, json: { title: 'Design' } },
      staff,
    );
    expect(await stream.event()).toEqual({ event: 'project-updated', data: { projectId } });

    const milestone = await added.json();
    await api.http.admin.milestones[':id'].$delete({ param: { id: milestone.id } }, staff);
    expect(await stream.event()).toEqual({ event: 'project-updated', data: { projectId } });
    await stream.cancel();
  });

  it('gets `message-read` when staff mark its message read', async () => {
    const { token, projectId } = await clientWithProject();
    const sent = await api.http.client.projects[':projectId'].communications.$post(
      { param: { projectId }, json: { subject: 'Question', message: 'When is the launch?' } },
      bearer(token),
    );
    const { communication } = await sent.json();
    const stream = await clientStream(token);
    await api.http.admin.communications[':id'].$patch(
      { param: { id: communication.id }, json: { isRead: true } },
      bearer(staffToken),
    );
    expect(await stream.event()).toEqual({ event: 'message-read', data: { projectId } });
    await stream.cancel();
  });
});

describe('what staff see', () => {
  it("get a client's message with its project, client and message ids", async () => {
    const { token, clientId, projectId } = await clientWithProject();
    const stream = await staffStream();
    const sent = await api.http.client.projects[':projectId'].communications.$post(
      { param: { projectId }, json: { subject: 'Question', message: 'When is the launch?' } },
      bearer(token),
    );
    const { communication } = await sent.json();
    expect(await stream.event()).toEqual({
      event: 'message',
      data: { projectId, clientId, communicationId: communication.id, fromClient: true },
    });

    // A reply to it is a new message, and the answered one is now read.
    await teamReply(projectId, communication.id);
    expect(await stream.event()).toMatchObject({ event: 'message', data: { projectId, fromClient: false } });
    expect(await stream.event()).toEqual({ event: 'message-read', data: { projectId, clientId } });
    await stream.cancel();
  });

  it('get `message-read` when a client reads the team messages, only when one changed', async () => {
    const { token, clientId, projectId } = await clientWithProject();
    await teamReply(projectId);
    const stream = await staffStream();
    const read = () =>
      api.http.client.projects[':projectId'].communications.read.$post({ param: { projectId } }, bearer(token));

    expect(await (await read()).json()).toEqual({ updated: 1 });
    expect(await stream.event()).toEqual({ event: 'message-read', data: { projectId, clientId } });

    // Nothing left to read: nothing is published, so the next event is the project's change.
    expect(await (await read()).json()).toEqual({ updated: 0 });
    await api.http.admin.projects[':id'].$delete({ param: { id: projectId } }, bearer(staffToken));
    expect(await stream.event()).toEqual({ event: 'project-updated', data: { projectId, clientId } });
    await stream.cancel();
  });
});

describe('how a stream ends', () => {
  it('sends a heartbeat comment at the configured interval, and not before', async () => {
    const { token, projectId } = await clientWithProject();
    // The stream's heartbeat timer runs on the test's clock: it moves only when the test moves it.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const stream = await clientStream(token);
      for (let beat = 0; beat < 2; beat++) {
        // Just short of the interval there is no heartbeat yet: a change made now comes first.
        vi.advanceTimersByTime(HEARTBEAT_MS - 1);
        expect((await teamReply(projectId)).status).toBe(201);
        expect(await stream.next()).toMatchObject({ event: 'message', data: { projectId } });
        vi.advanceTimersByTime(1);
        expect(await stream.next()).toEqual({ comment: 'ping' });
      }
      await stream.cancel();
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends at sign-out, and not when another session of the same client signs out', async () => {
    const { token, projectId } = await clientWithProject();
    const login = await api.fresh().client.login.$post({
      json: {
        email: (await (await api.http.client.me.$get({}, bearer(token))).json()).email,
        password: 'secret-pass',
      },
    });
    const other = signedIn(await login.json()).token;
    const stream = await clientStream(token);

    // Signing out elsewhere ends that other session only: this stream still gets events.
    expect((await api.http.client.logout.$post({}, bearer(other))).status).toBe(204);
    await teamReply(projectId);
    expect(await stream.event()).toEqual({ event: 'message', data: { projectId } });

    expect((await api.http.client.logout.$post({}, bearer(token))).status).toBe(204);
    expect(await stream.ended()).toBe(true);
  });

  it('ends once the session is revoked through the service, or at the next heartbeat once it has expired', async () => {
    const { token } = await clientWithProject();
    const sessionId = token.split('.')[0]!;
    const stream = await clientStream(token);
    await revokeSession(api.db, 'client', sessionId);
    expect(await stream.ended()).toBe(true);

    const second = await clientWithProject();
    const expiring = await clientStream(second.token);
    await api.db.write((tx) =>
      tx
        .update(clientSessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(clientSessions.id, second.token.split('.')[0]!)),
    );
    expect(await expiring.ended()).toBe(true);
  });

  it("ends the other sessions' streams at once when the client changes the password, and keeps this one", async () => {
    const { token, projectId } = await clientWithProject();
    const email = (await (await api.http.client.me.$get({}, bearer(token))).json()).email;
    const other = signedIn(
      await (await api.fresh().client.login.$post({ json: { email, password: 'secret-pass' } })).json(),
    ).token;
    await withoutHeartbeat(async () => {
      const mine = await clientStream(token);
      const theirs = await clientStream(other);
      const changed = await api.http.client.password.$post(
        { json: { currentPassword: 'secret-pass', newPassword: 'another-secret-pass' } },
        bearer(token),
      );
      expect(changed.status).toBe(200);
      expect(await theirs.ended()).toBe(true);
      await teamReply(projectId);
      expect(await mine.event()).toEqual({ event: 'message', data: { projectId } });
      await mine.cancel();
    });
  });

  it('ends for a client whose account staff deleted', async () => {
    const { token, clientId } = await clientWithProject();
    await withoutHeartbeat(async () => {
      const stream = await clientStream(token);
      await api.http.admin.clients[':id'].$delete({ param: { id: clientId } }, bearer(staffToken));
      expect(await stream.ended()).toBe(true);
    });
  });

  it('ends the staff stream when staff sign out', async () => {
    const link = await createSignInLink(api.db, STAFF);
    const signedIn = await api.fresh().admin.auth.link.$post({ json: { token: link } });
    const token = decodeURIComponent(/admin_session=([^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')?.[1] ?? '');
    await withoutHeartbeat(async () => {
      const response = await api.http.admin.stream.$get({}, bearer(token));
      const stream = sseReader(response);
      await stream.next();
      expect((await api.http.admin.logout.$post({}, bearer(token))).status).toBe(204);
      expect(await stream.ended()).toBe(true);
    });
  });

  it('stops reading the event log when the client goes away', async () => {
    const before = api.events.listenerCount;
    const { token } = await clientWithProject();

    // Cancelling the body (what the Node adapter does when the socket closes).
    const first = await clientStream(token);
    expect(api.events.listenerCount).toBe(before + 1);
    await first.cancel();
    expect(api.events.listenerCount).toBe(before);

    // Aborting the request's signal (the adapter aborts it when the connection closes).
    const abort = new AbortController();
    // Untyped: the typed client cannot pass a signal to the in-process app.
    const response = await api.raw('/api/client/stream', {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal,
    });
    const second = sseReader(response);
    await second.next();
    expect(api.events.listenerCount).toBe(before + 1);
    abort.abort();
    expect(await second.ended()).toBe(true);
    expect(api.events.listenerCount).toBe(before);
  });
});

/** Opens the client stream of `token` resuming after event `lastId`, past its `retry:` hint. */
async function resumedClientStream(token: string, lastId: number, how: 'header' | 'query' = 'header') {
  const response =
    how === 'header'
      ? await api.http.client.stream.$get(
          {},
          { headers: { authorization: `Bearer ${token}`, 'last-event-id': `${lastId}` } },
        )
      : // Untyped: the typed client sends no query on this route; a browser's new EventSource does.
        await api.raw(`/api/client/stream?lastEventId=${lastId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const stream = sseReader(response);
  expect(await stream.next()).toEqual({ retry: 2000 });
  return stream;
}

describe('the event log behind the streams', () => {
  it('gives every event an increasing id, and a reconnect naming the last one gets exactly what it missed', async () => {
    const mine = await clientWithProject('Resumed');
    const theirs = await clientWithProject('Not mine');
    const first = await clientStream(mine.token);
    const start = first.lastId!;
    expect(start).toBeGreaterThan(0);
    await teamReply(mine.projectId);
    expect(await first.event()).toEqual({ event: 'message', data: { projectId: mine.projectId } });
    const seen = first.lastId!;
    expect(seen).toBeGreaterThan(start);
    await first.cancel();

    // Missed while away: another client's reply, a reply and a project change of its own.
    await teamReply(theirs.projectId);
    await teamReply(mine.projectId);
    await api.http.admin.projects[':id'].$put(
      { param: { id: mine.projectId }, json: { clientId: mine.clientId, title: 'Resumed', status: 'review' } },
      bearer(staffToken),
    );

    const resumed = await resumedClientStream(mine.token, seen);
    expect(await resumed.event()).toEqual({ event: 'message', data: { projectId: mine.projectId } });
    const missedMessage = resumed.lastId!;
    expect(await resumed.event()).toEqual({ event: 'project-updated', data: { projectId: mine.projectId } });
    expect(resumed.lastId).toBeGreaterThan(missedMessage);
    // Then live, and nothing sent twice.
    await teamReply(mine.projectId);
    expect(await resumed.event()).toEqual({ event: 'message', data: { projectId: mine.projectId } });
    await expect(resumed.event(300)).rejects.toThrow(/nothing on the stream/);
    const live = resumed.lastId!;
    await resumed.cancel();

    // A browser opening a new EventSource names the id in the query instead.
    await teamReply(mine.projectId);
    const reopened = await resumedClientStream(mine.token, live, 'query');
    expect(await reopened.event()).toEqual({ event: 'message', data: { projectId: mine.projectId } });
    await expect(reopened.event(300)).rejects.toThrow(/nothing on the stream/);
    await reopened.cancel();
  });

  it('tells a reconnect to reload (`reset`) when what it missed was pruned, and ignores a malformed id', async () => {
    const { token, projectId } = await clientWithProject();
    const stream = await clientStream(token);
    await teamReply(projectId);
    await stream.event();
    const seen = stream.lastId!;
    await stream.cancel();
    await teamReply(projectId);
    await deleteEventsBefore(api.db, new Date(Date.now() + 1000));

    const resumed = await resumedClientStream(token, seen);
    expect(await resumed.event()).toEqual({ event: 'reset', data: {} });
    await teamReply(projectId);
    expect(await resumed.event()).toEqual({ event: 'message', data: { projectId } });
    await resumed.cancel();

    // Untyped: a header no browser sends.
    const malformed = await api.raw('/api/client/stream', {
      headers: { authorization: `Bearer ${token}`, 'last-event-id': 'yesterday' },
    });
    const fresh = sseReader(malformed);
    await fresh.next();
    expect(await fresh.event()).toEqual({ event: 'ready', data: {} });
    await fresh.cancel();
  });

  it('records the event in the transaction of the change: a refused write records none', async () => {
    const { projectId } = await clientWithProject();
    const countEvents = async () => (await api.db.read.select({ id: events.id }).from(events)).length;
    const before = await countEvents();
    const refused = await teamReply(projectId, crypto.randomUUID());
    expect(refused.status).toBe(422);
    expect(await countEvents()).toBe(before);
    expect((await teamReply(projectId)).status).toBe(201);
    const [last] = await api.db.read.select().from(events).orderBy(desc(events.id)).limit(1);
    expect(last).toMatchObject({ topic: 'message', payload: { projectId, fromClient: false } });
    expect(await countEvents()).toBe(before + 1);
  });

  it("carries another server process's writes to this one's streams, and its sign-outs", async () => {
    const { token, projectId, clientId } = await clientWithProject();
    const other = await api.secondApp();
    const stream = await clientStream(token);
    const staffStreamHere = await staffStream();

    const reply = await other
      .as(DEFAULT_ADDRESS)
      .admin.projects[':id'].communications.$post(
        { param: { id: projectId }, json: { subject: 'From B', message: 'Written by the other process.' } },
        bearer(staffToken),
      );
    expect(reply.status).toBe(201);
    // This process finds the other's write at its next poll of the event log (every 250 ms): a
    // generous wait for that outcome; how soon it comes is measured by `npm run bench:live`.
    expect(await stream.event(CROSS_PROCESS_WAIT_MS)).toEqual({ event: 'message', data: { projectId } });
    expect(await staffStreamHere.event(CROSS_PROCESS_WAIT_MS)).toMatchObject({
      event: 'message',
      data: { projectId, clientId },
    });

    // And the other way: a change made here reaches a stream opened on the other process.
    const otherStream = sseReader(
      await other.raw('/api/client/stream', { headers: { authorization: `Bearer ${token}` } }),
    );
    expect((await otherStream.next())?.retry).toBe(2000);
    expect((await otherStream.event()).event).toBe('ready');
    expect((await teamReply(projectId)).status).toBe(201);
    expect(await otherStream.event(CROSS_PROCESS_WAIT_MS)).toEqual({ event: 'message', data: { projectId } });

    expect((await other.as(DEFAULT_ADDRESS).client.logout.$post({}, bearer(token))).status).toBe(204);
    expect(await stream.ended(CROSS_PROCESS_WAIT_MS)).toBe(true);
    expect(await otherStream.ended(CROSS_PROCESS_WAIT_MS)).toBe(true);
    await staffStreamHere.cancel();
  });
});

describe('read state', () => {
  it('sends readAt with every message (null until the other side has read it)', async () => {
    const { token, projectId } = await clientWithProject();
    await api.http.client.projects[':projectId'].communications.$post(
      { param: { projectId }, json: { subject: 'Hello', message: 'Hi team' } },
      bearer(token),
    );
    const readAt = new Date('2026-11-03T14:05:00Z');
    await api.db.write((tx) =>
      tx.update(communications).set({ isRead: true, readAt }).where(eq(communications.projectId, projectId)),
    );
    const detail = await (
      await api.http.client.projects[':projectId'].$get({ param: { projectId } }, bearer(token))
    ).json();
    expect(detail.communications[0]).toMatchObject({ isRead: true, readAt: readAt.toISOString() });
  });
});
