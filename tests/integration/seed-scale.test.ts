/**
 * `npm run db:seed -- --scale N` (db/seed-scale.ts): the generator with N = 20 against fresh
 * migrated databases: exact row counts, unique lower-case emails, every project owned by a
 * created client, the same names for the same seed, and a second run of a seed writing nothing.
 *
 * Then the command itself (db/seed.ts as a child process, on a database file of its own) at
 * N = 2,000, whose leads (5·N, the emergency ones binding a phone) once passed SQLite's limit of
 * bound values in one statement; and at N = 10,000, the benchmarks' size.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { asc, count, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientMembers,
  clients,
  communications,
  contactSubmissions,
  milestones,
  projects,
} from '../../db/schema/index.ts';
import { seedScale } from '../../db/seed-scale.ts';
import { migrateDatabase } from '../../src/server/db/database.ts';
import { openDatabaseHandle, type DatabaseHandle } from '../support/database.ts';

const N = 20;
const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$not-a-real-salt$not-a-real-hash';
const dir = mkdtempSync(join(tmpdir(), 'agency-seed-scale-'));
const handles: DatabaseHandle[] = [];

async function freshDatabase(name: string) {
  const handle = await openDatabaseHandle(`file:${join(dir, `${name}.db`)}`);
  await migrateDatabase(handle.db, join(import.meta.dirname, '../../db/migrations'));
  handles.push(handle);
  return handle.db;
}

let first: Awaited<ReturnType<typeof freshDatabase>>;
let result: Awaited<ReturnType<typeof seedScale>>;

beforeAll(async () => {
  first = await freshDatabase('first');
  result = await seedScale(first, { scale: N, seed: 7, passwordHash: PASSWORD_HASH });
});
afterAll(() => {
  for (const handle of handles) handle.client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('seedScale', () => {
  it('writes N clients, 3 projects each, 5 milestones and 20 messages per project, and 5·N leads', async () => {
    const counted = async (table: typeof clients | typeof projects | typeof milestones | typeof communications) =>
      (await first.read.select({ n: count() }).from(table))[0]?.n;
    expect(result).toEqual({
      created: true,
      counts: { clients: N, projects: 3 * N, milestones: 15 * N, communications: 60 * N, leads: 5 * N },
    });
    expect(await counted(clients)).toBe(N);
    expect(await counted(projects)).toBe(3 * N);
    expect(await counted(milestones)).toBe(15 * N);
    expect(await counted(communications)).toBe(60 * N);
    expect((await first.read.select({ n: count() }).from(contactSubmissions))[0]?.n).toBe(5 * N);
  });

  it('gives every client and lead a unique, lower-case email, and every client the shared hash', async () => {
    const clientRows = await first.read.select().from(clients);
    const leadEmails = (
      await first.read
        .select({ email: contactSubmissions.email })
        .from(contactSubmissions)
        .where(isNotNull(contactSubmissions.email))
    ).map((l) => l.email ?? '');
    const emails = [...clientRows.map((c) => c.email), ...leadEmails];
    expect(new Set(emails).size).toBe(emails.length);
    for (const email of emails) expect(email).toMatch(/^[a-z0-9._]+@[a-z0-9.-]+$/);
    // Each client's one person is its owner, with the client's email and the shared hash.
    const owners = new Map((await first.read.select().from(clientMembers)).map((m) => [m.clientId, m]));
    expect(owners.size).toBe(clientRows.length);
    for (const client of clientRows) {
      expect(client.email).toMatch(/@seed7\.example\.com$/);
      expect(owners.get(client.id)).toMatchObject({ email: client.email, role: 'owner', passwordHash: PASSWORD_HASH });
    }
  });

  it('gives every project to a created client, and every milestone and message to a project', async () => {
    const clientIds = new Set((await first.read.select({ id: clients.id }).from(clients)).map((c) => c.id));
    const projectRows = await first.read.select({ id: projects.id, clientId: projects.clientId }).from(projects);
    for (const project of projectRows) expect(clientIds.has(project.clientId)).toBe(true);
    const projectIds = new Set(projectRows.map((p) => p.id));
    for (const m of await first.read.select({ projectId: milestones.projectId }).from(milestones)) {
      expect(projectIds.has(m.projectId)).toBe(true);
    }
    const messages = await first.read.select().from(communications);
    for (const message of messages) expect(projectIds.has(message.projectId)).toBe(true);
    // Both sides write, some messages are unread, and a read message says when it was read.
    expect(new Set(messages.map((m) => m.fromClient))).toEqual(new Set([true, false]));
    for (const message of messages) expect(message.readAt !== null).toBe(message.isRead);
  });

  it('makes leads of every source, audit leads with a score and emergency leads urgent', async () => {
    const leads = await first.read.select().from(contactSubmissions);
    expect(new Set(leads.map((l) => l.source))).toEqual(new Set(['landing', 'audit', 'emergency']));
    for (const lead of leads) {
      expect(lead.auditScore !== null).toBe(lead.source === 'audit');
      expect(lead.urgent).toBe(lead.source === 'emergency');
      expect(lead.email !== null || lead.phone !== null).toBe(true);
    }
  });

  it('makes the same names from the same seed', async () => {
    const second = await freshDatabase('second');
    await seedScale(second, { scale: N, seed: 7, passwordHash: PASSWORD_HASH });
    const names = (db: typeof first) =>
      db.read
        .select({ name: clients.name, email: clients.email, company: clients.company })
        .from(clients)
        .orderBy(asc(clients.email));
    const leadNames = async (db: typeof first) =>
      (await db.read.select({ name: contactSubmissions.name }).from(contactSubmissions)).map((l) => l.name).sort();
    expect(await names(second)).toEqual(await names(first));
    expect(await leadNames(second)).toEqual(await leadNames(first));
  });

  it('writes nothing when data of the seed is there already, and adds another seed beside it', async () => {
    expect(await seedScale(first, { scale: N, seed: 7, passwordHash: PASSWORD_HASH })).toMatchObject({
      created: false,
    });
    expect((await first.read.select({ n: count() }).from(clients))[0]?.n).toBe(N);
    expect(await seedScale(first, { scale: 2, seed: 8, passwordHash: PASSWORD_HASH })).toMatchObject({ created: true });
    expect((await first.read.select({ n: count() }).from(clients))[0]?.n).toBe(N + 2);
  });
});

describe('npm run db:seed -- --scale N on a fresh database', () => {
  const ROOT = join(import.meta.dirname, '../..');
  const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

  /** Runs db/seed.ts with `--scale scale` on a new database file; its output and the rows it holds. */
  async function seedCommand(scale: number) {
    const url = `file:${join(dir, `command-${scale}.db`)}`;
    const stdout = await promisify(execFile)(
      process.execPath,
      [TSX, join(ROOT, 'db', 'seed.ts'), '--scale', String(scale)],
      { cwd: ROOT, env: { PATH: process.env.PATH, NODE_ENV: 'test', DATABASE_URL: url }, maxBuffer: 64 * 1024 * 1024 },
    ).then(
      (done) => done.stdout,
      (failed: { code?: number; stderr?: string }) => {
        // Its error's cause first, then the error lines, cut short: a failed statement's text
        // lists every bound value.
        const lines = (failed.stderr ?? '').split('\n').map((line) => line.trim().slice(0, 200));
        const reasons = [
          ...lines.filter((line) => line.startsWith('cause:')),
          ...lines.filter((line) => /^\w*Error\b/.test(line)),
        ];
        throw new Error(`db:seed --scale ${scale} exited with ${failed.code}:\n${reasons.join('\n')}`);
      },
    );
    const handle = await openDatabaseHandle(url);
    handles.push(handle);
    const { read } = handle.db;
    const counted = async (table: typeof clients | typeof projects | typeof milestones | typeof communications) =>
      (await read.select({ n: count() }).from(table))[0]?.n;
    return {
      stdout,
      rows: {
        clients: await counted(clients),
        projects: await counted(projects),
        milestones: await counted(milestones),
        communications: await counted(communications),
        leads: (await read.select({ n: count() }).from(contactSubmissions))[0]?.n,
        leadsByPhone: (
          await read.select({ n: count() }).from(contactSubmissions).where(isNotNull(contactSubmissions.phone))
        )[0]?.n,
      },
    };
  }

  /** What a run at `scale` prints and leaves: the demo client (3 projects, 8 milestones, 5 messages) and the scale data. */
  async function expectSeeded(scale: number) {
    const { stdout, rows } = await seedCommand(scale);
    expect(stdout).toContain('Demo data created.');
    expect(stdout).toContain(
      `${scale} clients, ${3 * scale} projects, ${15 * scale} milestones, ${60 * scale} messages, ${5 * scale} leads`,
    );
    expect(rows).toEqual({
      clients: scale + 1,
      projects: 3 * scale + 3,
      milestones: 15 * scale + 8,
      communications: 60 * scale + 5,
      leads: 5 * scale,
      // Emergency leads by phone: rows of another shape than the first lead.
      leadsByPhone: expect.any(Number),
    });
    expect(rows.leadsByPhone).toBeGreaterThan(0);
  }

  it('seeds 2,000 clients and their 10,000 leads, some of them emergency leads with a phone', async () => {
    await expectSeeded(2000);
  }, 300_000);

  // The benchmarks' size: over a minute of CPU on its own (600,000 messages through the search triggers).
  it('seeds 10,000 clients and their 50,000 leads', async () => {
    await expectSeeded(10_000);
  }, 900_000);
});
