/**
 * The fast reader of an embedded database (docs/decisions/0011-fast-embedded-reads.md): the hot
 * reads return exactly what the drizzle path returns for the same data, see a write as soon as it
 * commits (and not before), and the drizzle path still serves a database without a reader (as a
 * libSQL server is).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, communications, projects } from '../../db/schema/index.ts';
import { SESSION_TTL_MS } from '../../src/server/services/sign-in/session-tokens.ts';
import { insertClient } from '../../src/server/services/clients/clients.ts';
import { migrateDatabase, openDatabase, type Database } from '../../src/server/db/database.ts';
import { fastQuery, tableShape } from '../../src/server/db/fast-reads.ts';
import { listClientProjects } from '../../src/server/services/projects/projects.ts';
import {
  createSession,
  revokeSession,
  validateSession,
  type SessionKind,
} from '../../src/server/services/sign-in/sessions.ts';
import { upsertStaffUser } from '../../src/server/services/staff-users.ts';

const MIGRATIONS = join(import.meta.dirname, '../../db/migrations');
const DAY_MS = 24 * 3600 * 1000;

let dir: string;
/** The file with its fast reader, and the same connections seen without it (every read through drizzle). */
let fast: Database;
let slow: Database;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fast-reads-'));
  const url = `file:${join(dir, 'fast')}`;
  fast = await openDatabase(url);
  await migrateDatabase(fast, MIGRATIONS);
  slow = { ...fast, reader: undefined };
});
afterAll(() => {
  fast.close();
  rmSync(dir, { recursive: true, force: true });
});

let seq = 0;
function newClient(values: { isActive?: boolean } = {}) {
  return insertClient(slow, {
    name: `Client ${++seq}`,
    email: `client${seq}@example.com`,
    company: seq % 2 ? 'Sweet Hen Bakery' : null,
    phone: null,
    passwordHash: 'not-a-real-hash',
  }).then(async (client) => {
    if (values.isActive === false)
      await slow.write((tx) => tx.update(clients).set({ isActive: false }).where(eq(clients.id, client.id)));
    return client;
  });
}

/** Both paths' answer for one token, without renewing (the comparison must not write). */
async function bothValidate<K extends SessionKind>(kind: K, token: string, now = new Date()) {
  const viaClient = await validateSession(slow, kind, token, now, { renew: false });
  const viaReader = await validateSession(fast, kind, token, now, { renew: false });
  return { viaClient, viaReader };
}

describe('handles', () => {
  it('a file database has a reader', () => {
    expect(fast.reader).toBeDefined();
  });

  it('the reader refuses writes', () => {
    expect(() => fast.reader!.prepare("delete from clients where id = 'x' returning id").all()).toThrow(/readonly/i);
  });

  it("a write's own reads see its uncommitted rows; db.read sees them once committed", async () => {
    const client = await newClient();
    const title = 'Seen inside the write only';
    await fast.write(async (tx) => {
      await tx.insert(projects).values({ clientId: client.id, title });
      expect(await tx.select().from(projects).where(eq(projects.title, title))).toHaveLength(1);
      expect(await fast.read.select().from(projects).where(eq(projects.title, title))).toHaveLength(0);
    });
    expect(await fast.read.select().from(projects).where(eq(projects.title, title))).toHaveLength(1);
  });

  it("a query read whole and then for its first row gives that row, not the whole read's first", async () => {
    const [one, two] = [await newClient(), await newClient()];
    const byId = (id: string) => slow.read.select({ id: clients.id }).from(clients).where(eq(clients.id, id));
    // One SQL text, so one prepared statement: all() with one id, then get() with another.
    expect(await byId(one.id)).toEqual([{ id: one.id }]);
    expect(await byId('no-such-client')).toEqual([]);
    expect(await byId(two.id).get()).toEqual({ id: two.id });
    expect(await byId(one.id)).toEqual([{ id: one.id }]);
    expect(await byId(two.id).get()).toEqual({ id: two.id });
  });

  it('refuses a decoder whose columns do not match the select list', () => {
    const query = slow.read.select({ project: projects }).from(projects);
    expect(() => fastQuery(fast.reader!, query, [tableShape(clients)], (row) => row)).toThrow(/expected clients\.id/);
  });
});

describe('session look-up', () => {
  it('matches the client path for valid client and staff sessions', async () => {
    const client = await newClient();
    const staff = await upsertStaffUser(slow, 'staff-one@example.com');
    const { token: clientToken } = await createSession(slow, 'client', client.owner.id);
    const { token: staffToken } = await createSession(slow, 'staff', staff.id);

    const forClient = await bothValidate('client', clientToken);
    expect(forClient.viaReader).not.toBeNull();
    expect(forClient.viaReader).toStrictEqual(forClient.viaClient);
    expect(forClient.viaReader!.user.createdAt).toBeInstanceOf(Date);
    // The session's person is the client's member, with the client (the business) it belongs to.
    expect(forClient.viaReader!.user.id).toBe(client.owner.id);
    expect(forClient.viaReader!.user.joinedAt).toBeInstanceOf(Date);
    expect(forClient.viaReader!.user.client.createdAt).toBeInstanceOf(Date);
    expect(forClient.viaReader!.user.client.isActive).toBe(true);
    expect(forClient.viaReader!.user.client.phone).toBeNull();

    const forStaff = await bothValidate('staff', staffToken);
    expect(forStaff.viaReader).not.toBeNull();
    expect(forStaff.viaReader).toStrictEqual(forStaff.viaClient);
    expect(forStaff.viaReader!.user.lastSignInAt).toBeInstanceOf(Date);
  });

  it('refuses what the client path refuses: unknown, wrong secret, other kind, revoked, inactive', async () => {
    const client = await newClient();
    const { token, session } = await createSession(slow, 'client', client.owner.id);
    const [id] = token.split('.');
    for (const [kind, candidate] of [
      ['client', 'unknownid.unknownsecret'],
      ['client', `${id}.wrongsecret`],
      ['client', 'not-a-token'],
      ['staff', token],
    ] as const) {
      const { viaClient, viaReader } = await bothValidate(kind, candidate);
      expect(viaClient).toBeNull();
      expect(viaReader).toBeNull();
    }

    await revokeSession(slow, 'client', session.id);
    expect(await bothValidate('client', token)).toStrictEqual({ viaClient: null, viaReader: null });

    const inactive = await newClient({ isActive: false });
    const { token: inactiveToken } = await createSession(slow, 'client', inactive.owner.id);
    expect(await bothValidate('client', inactiveToken)).toStrictEqual({ viaClient: null, viaReader: null });
  });

  it('an expired session is refused and deleted through the client', async () => {
    const client = await newClient();
    const created = new Date(Date.now() - SESSION_TTL_MS - DAY_MS);
    const { token } = await createSession(slow, 'client', client.owner.id, created);
    expect(await validateSession(fast, 'client', token)).toBeNull();
    // Deleted, so the client path does not find it either (not merely expired).
    expect(await validateSession(slow, 'client', token, created)).toBeNull();
  });

  it('renews a session in its second half through the client; the reader sees the new expiry at once', async () => {
    const client = await newClient();
    const created = new Date(Date.now() - SESSION_TTL_MS / 2 - DAY_MS);
    const { token } = await createSession(slow, 'client', client.owner.id, created);
    const now = new Date();
    const renewed = await validateSession(fast, 'client', token, now);
    expect(renewed?.renewed).toBe(true);
    expect(renewed?.session.expiresAt.getTime()).toBe(now.getTime() + SESSION_TTL_MS);
    const again = await bothValidate('client', token, now);
    expect(again.viaReader?.session.expiresAt.getTime()).toBe(now.getTime() + SESSION_TTL_MS);
    expect(again.viaReader).toStrictEqual(again.viaClient);
  });
});

describe("a client's project list", () => {
  it('matches the client path: several projects, unread counts, nulls, newest first', async () => {
    const client = await newClient();
    const other = await newClient();
    const base = Date.UTC(2026, 0, 5, 15);
    const rows = await slow.write((tx) =>
      tx
        .insert(projects)
        .values([
          {
            clientId: client.id,
            title: 'Bakery website',
            description: 'Menu and hours',
            status: 'in-progress',
            startDate: '2026-01-05',
            endDate: '2026-03-01',
            estimatedHours: 60,
            actualHours: 12.345678901234567,
            budget: 240000,
            createdAt: new Date(base),
            updatedAt: new Date(base + 1234),
          },
          { clientId: client.id, title: 'Ordering', status: 'planning', createdAt: new Date(base + DAY_MS) },
          { clientId: client.id, title: 'Holiday page', status: 'completed', createdAt: new Date(base + 2 * DAY_MS) },
          { clientId: other.id, title: 'Not theirs', createdAt: new Date(base + 3 * DAY_MS) },
        ])
        .returning(),
    );
    const [website, ordering] = rows;
    await slow.write((tx) =>
      tx.insert(communications).values([
        { projectId: website!.id, fromClient: false, subject: 'a', message: 'unread from the team' },
        { projectId: website!.id, fromClient: false, subject: 'b', message: 'unread from the team' },
        { projectId: website!.id, fromClient: false, subject: 'c', message: 'read', isRead: true, readAt: new Date() },
        { projectId: website!.id, fromClient: true, subject: 'd', message: 'from the client, unread' },
        { projectId: ordering!.id, fromClient: false, subject: 'e', message: 'unread from the team' },
      ]),
    );

    const viaReader = await listClientProjects(fast, client.id);
    const viaClient = await listClientProjects(slow, client.id);
    expect(viaReader).toStrictEqual(viaClient);
    expect(JSON.stringify(viaReader)).toBe(JSON.stringify(viaClient));
    expect(viaReader.map((p) => [p.title, p.unreadCount])).toEqual([
      ['Holiday page', 0],
      ['Ordering', 1],
      ['Bakery website', 2],
    ]);
    expect(viaReader[2]).toMatchObject({
      createdAt: new Date(base).toISOString(),
      updatedAt: new Date(base + 1234).toISOString(),
      actualHours: 12.345678901234567,
    });
    expect(viaReader[1]).toMatchObject({ description: null, endDate: null, budget: null, estimatedHours: null });
  });

  it('is empty for a client without projects', async () => {
    const client = await newClient();
    expect(await listClientProjects(fast, client.id)).toStrictEqual([]);
    expect(await listClientProjects(slow, client.id)).toStrictEqual([]);
  });

  it('sees a write once it commits, and not before', async () => {
    const client = await newClient();
    let seenInside: unknown[] = [];
    await fast.write(async (tx) => {
      await tx.insert(projects).values({ clientId: client.id, title: 'In a transaction' });
      // Read beside the open transaction (which holds the write lock): only committed data.
      seenInside = await listClientProjects(fast, client.id);
    });
    expect(seenInside).toStrictEqual([]);
    const [project] = await listClientProjects(fast, client.id);
    expect(project).toMatchObject({ title: 'In a transaction', unreadCount: 0 });

    await fast.write((tx) =>
      tx.insert(communications).values({ projectId: project!.id, subject: 's', message: 'new' }),
    );
    expect((await listClientProjects(fast, client.id))[0]?.unreadCount).toBe(1);
    await fast.write((tx) =>
      tx.update(communications).set({ isRead: true }).where(eq(communications.projectId, project!.id)),
    );
    expect((await listClientProjects(fast, client.id))[0]?.unreadCount).toBe(0);
  });
});

describe('the reader holds nothing open', () => {
  it('leaves no read transaction behind, so a checkpoint can empty the WAL', async () => {
    const client = await newClient();
    await slow.write((tx) => tx.insert(projects).values({ clientId: client.id, title: 'Checkpointed' }));
    await listClientProjects(fast, client.id);
    const { token } = await createSession(slow, 'client', client.owner.id);
    await validateSession(fast, 'client', token);
    const [[busy] = [1]] = await slow.read.values<[number]>(sql`PRAGMA wal_checkpoint(TRUNCATE)`);
    // busy = 0: no connection held a snapshot that the checkpoint had to wait for.
    expect(Number(busy)).toBe(0);
  });
});

describe('without a reader', () => {
  it('an in-memory database (as a server URL) reads through the client', async () => {
    const memory = await openDatabase('file::memory:');
    try {
      expect(memory.reader).toBeUndefined();
      await migrateDatabase(memory, MIGRATIONS);
      const client = await insertClient(memory, { name: 'Mem', email: 'mem@example.com', passwordHash: 'x' });
      await memory.write((tx) => tx.insert(projects).values({ clientId: client.id, title: 'Only in memory' }));
      const { token } = await createSession(memory, 'client', client.owner.id);
      const validated = await validateSession(memory, 'client', token);
      expect(validated?.user.id).toBe(client.owner.id);
      expect(validated?.user.clientId).toBe(client.id);
      expect(await listClientProjects(memory, client.id)).toMatchObject([{ title: 'Only in memory', unreadCount: 0 }]);
    } finally {
      memory.close();
    }
  });

  it('closing the database closes the reader', async () => {
    const handle = await openDatabase(`file:${join(dir, 'fast')}`);
    handle.reader!.prepare('select 1').get();
    handle.close();
    expect(() => handle.reader!.prepare('select 2').get()).toThrow();
  });
});
