import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, test } from '@playwright/test';
import { contactSubmissions, jobLeases } from '../../db/schema/index.ts';
import { createClientWithData, E2E_PORT, newSession, openDatabaseAt, staffUser } from './support/data.ts';
import { openEventStream, type EventStreamReader } from './support/sse.ts';
import { startBuiltServer, stopServer, type BuiltServer } from './support/servers.ts';

/**
 * Two built servers on two ports and one database file (README, "Running more than one server";
 * docs/decisions/0024-event-log-and-leases.md): live updates cross from one to the other through
 * the event log, a `kill -9` of one loses no event, sessions and Idempotency-Keys hold across
 * both (the shared lead limit is in operations.spec.ts), and exactly one runs the scheduled jobs,
 * the other taking them over when it dies. No browser: streams are read as a program reads them.
 */

/** The ports of this file's servers: the test server's port plus 60 and 61. */
const PORTS = { a: Number(E2E_PORT) + 60, b: Number(E2E_PORT) + 61 };
const STAFF = 'two-servers-staff@firststatewebstudio.com';
/** A short lease, so that a take-over is seen within the test. */
const LEASE_MS = 2_000;
/**
 * How long a stream on one server is given to show a write made through the other: each reads
 * the event log every 250 ms, so this is a generous wait for the outcome, not a target (how soon
 * it comes is measured by `npm run bench:live`).
 */
const CROSS_WAIT_MS = 10_000;

test.describe('two server processes on one database file', () => {
  test.setTimeout(90_000);

  test('share live updates, sessions, Idempotency-Keys and the scheduled jobs, and survive a kill -9 of one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'two-servers-'));
    const env = { DATABASE_URL: `file:${join(dir, 'app.db')}`, ADMIN_EMAILS: STAFF, JOB_LEASE_MS: String(LEASE_MS) };
    const servers: BuiltServer[] = [];
    const streams: EventStreamReader[] = [];
    const a = await startBuiltServer(env, PORTS.a);
    servers.push(a);
    const b = await startBuiltServer(env, PORTS.b);
    servers.push(b);
    const { db, client: connection } = await openDatabaseAt(env.DATABASE_URL);
    try {
      const client = await createClientWithData(db, { projects: [{ title: 'Two servers site' }] });
      const projectId = client.projects[0]!.id;
      const clientToken = (await newSession(db, 'client', client.memberId)).token;
      const staffToken = (await newSession(db, 'staff', (await staffUser(db, STAFF)).id)).token;
      const reply = (server: BuiltServer, subject: string) =>
        fetch(`${server.url}/api/admin/projects/${projectId}/communications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${staffToken}` },
          body: JSON.stringify({ subject, message: `Reply: ${subject}` }),
        });
      const open = async (server: BuiltServer, lastEventId?: number) => {
        const stream = await openEventStream(`${server.url}/api/client/stream`, clientToken, lastEventId);
        streams.push(stream);
        // One session, made in the database, is valid on both servers.
        expect(stream.status).toBe(200);
        return stream;
      };

      // The first server to start holds the scheduled jobs; the other does not run them.
      const holder = async () =>
        (await db.read.select().from(jobLeases).where(eq(jobLeases.name, 'scheduled-jobs')))[0]?.holder ?? '';
      expect(await holder()).toContain(`:${a.process.pid}:`);

      // A message written through A reaches a stream opened on B.
      const onB = await open(b);
      const onA = await open(a);
      expect((await onB.next())?.event).toBe('ready');
      expect((await onA.next())?.event).toBe('ready');
      expect((await reply(a, 'Written on A')).status).toBe(201);
      expect(await onB.next(CROSS_WAIT_MS)).toMatchObject({ event: 'message', data: { projectId } });
      expect(await onA.next(2_000)).toMatchObject({ event: 'message', data: { projectId } });
      const seenOnA = onA.lastId!;

      // A write acknowledged by A just before A is killed still reaches B's streams.
      expect((await reply(a, 'Last words of A')).status).toBe(201);
      await stopServer(a, 'SIGKILL');
      expect(await onB.next(CROSS_WAIT_MS)).toMatchObject({ event: 'message', data: { projectId } });
      // A's stream ended with its process; what happens meanwhile is written through B.
      expect(await onA.next(2_000)).toBeNull();
      expect((await reply(b, 'While A was down')).status).toBe(201);
      expect(await onB.next(2_000)).toMatchObject({ event: 'message', data: { projectId } });

      // A's browser reconnects to B naming the last event it saw, and gets exactly what it missed.
      const resumed = await open(b, seenOnA);
      const missed = [await resumed.next(2_000), await resumed.next(2_000)];
      expect(missed.map((event) => event?.event)).toEqual(['message', 'message']);
      expect(missed[0]!.id).toBeGreaterThan(seenOnA);
      expect(missed[1]!.id).toBeGreaterThan(missed[0]!.id!);
      await expect(resumed.next(500)).rejects.toThrow(/nothing on the stream/);

      // B takes the scheduled jobs over within one lease time (and one renewal) of A's death.
      await expect.poll(holder, { timeout: LEASE_MS * 2 + 1_000 }).toContain(`:${b.process.pid}:`);

      // An Idempotency-Key used on one server is answered the same on the other, stored once.
      const restarted = await startBuiltServer(env, PORTS.a);
      servers.push(restarted);
      const lead = (server: BuiltServer) =>
        fetch(`${server.url}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': `two-servers-${client.id}` },
          body: JSON.stringify({
            name: 'Across Both',
            email: `across-${client.id}@example.com`,
            message: 'One lead sent to two servers with one key.',
            howDidYouFindUs: 'google-search',
          }),
        });
      const first = await lead(restarted);
      const again = await lead(b);
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(await again.json()).toEqual(await first.json());
      const stored = await db.read
        .select()
        .from(contactSubmissions)
        .where(eq(contactSubmissions.email, `across-${client.id}@example.com`));
      expect(stored).toHaveLength(1);
      // The restarted A waits: B still holds the jobs.
      expect(await holder()).toContain(`:${b.process.pid}:`);
    } finally {
      for (const stream of streams) await stream.close();
      for (const server of servers) await stopServer(server, 'SIGKILL');
      connection.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
