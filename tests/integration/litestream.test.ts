/**
 * Continuous replication with Litestream (docs/product.md#backups, docs/product.md#health,
 * docs/decisions/0039-continuous-backup-with-litestream.md), with the real Litestream binary over
 * a folder replica: what `GET /api/health` says of it, Litestream killed and started again, one
 * Litestream per database file, the uploaded files copied beside the replica, and
 * `restoreFromReplica` (what `npm run db:restore -- --from-replica` runs): its refusals and a
 * restore that brings back every committed row and file.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createClient } from '@libsql/client';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../../src/server/db/database.ts';
import { parseEnv } from '../../src/server/env/index.ts';
import { BackupError } from '../../src/server/ops/backup-error.ts';
import { claimServerPidFile } from '../../src/server/ops/backup-pid-file.ts';
import { litestreamPidFileOf } from '../../src/server/ops/litestream-claim.ts';
import { restoreFromReplica } from '../../src/server/ops/litestream-restore.ts';
import { startReplication, type ReplicationStatus } from '../../src/server/ops/replication.ts';
import { createTestApi } from './helpers.ts';

const MIGRATIONS = join(import.meta.dirname, '../../db/migrations');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const made = mkdtempSync(join(tmpdir(), 'litestream-test-'));
  folders.push(made);
  return made;
}

/** A logger whose lines (parsed) land in `lines`. */
function capturingLog() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { log: pino({ level: 'debug' }, stream), lines };
}

/** The settings of a server on `dir/app.db` replicating to `dir/replica`. */
function replicatedEnv(dir: string) {
  return parseEnv({
    NODE_ENV: 'test',
    DATABASE_URL: `file:${join(dir, 'app.db')}`,
    UPLOADS_DIR: join(dir, 'uploads'),
    OUTBOX_DIR: join(dir, 'outbox'),
    LITESTREAM_REPLICA_URL: join(dir, 'replica'),
  });
}

/** A migrated database at `dir/app.db` with `leads` rows, closed. */
async function databaseWithLeads(dir: string, leads: number): Promise<string> {
  const url = `file:${join(dir, 'app.db')}`;
  const db = await openDatabase(url, undefined, { externalCheckpoints: true });
  await migrateDatabase(db, MIGRATIONS);
  db.close();
  await insertLeads(url, 0, leads);
  return url;
}

/** Inserts leads `from`…`to - 1` (ids `lead-N`) through a plain client. */
async function insertLeads(url: string, from: number, to: number): Promise<void> {
  const client = createClient({ url });
  await client.execute('PRAGMA busy_timeout = 5000');
  await client.execute('PRAGMA wal_autocheckpoint = 0');
  for (let n = from; n < to; n++) {
    await client.execute({
      sql: "INSERT INTO contact_submissions (id, name, email, message, source) VALUES (?, ?, ?, 'Replicated lead', 'landing')",
      args: [`lead-${n}`, `Lead ${n}`, `lead${n}@example.com`],
    });
  }
  client.close();
}

async function leadIds(url: string): Promise<string[]> {
  const client = createClient({ url });
  try {
    const rows = await client.execute("SELECT id FROM contact_submissions WHERE id LIKE 'lead-%' ORDER BY id");
    return rows.rows.map((row) => String(row.id));
  } finally {
    client.close();
  }
}

type On = Extract<ReplicationStatus, { enabled: true }>;

describe('GET /api/health with Litestream', () => {
  it('says replication is off without LITESTREAM_REPLICA_URL', async () => {
    const api = await createTestApi();
    try {
      expect(((await (await api.http.health.$get()).json()) as { replication: unknown }).replication).toEqual({
        enabled: false,
      });
    } finally {
      await api.close();
    }
  });

  it('reports the replicated position and the lag once a lead is replicated', async () => {
    const replica = folder();
    const api = await createTestApi({ env: { LITESTREAM_REPLICA_URL: replica, LEAD_RATE_LIMIT: '100' } });
    try {
      const answer = await api.http.contact.$post({
        json: {
          name: 'Ada Replica',
          email: 'ada@example.com',
          message: 'A lead to replicate',
          howDidYouFindUs: 'referral',
        },
      });
      expect(answer.status).toBe(201);
      const health = async () => ((await (await api.http.health.$get()).json()) as { replication: On }).replication;
      await expect.poll(async () => (await health()).lag?.bytes, { timeout: 15_000 }).toBe(0);
      const status = await health();
      expect(status).toMatchObject({ enabled: true, state: 'running', restarts: 0, problem: null });
      expect(status.replicated).toEqual({
        generation: expect.stringMatching(/^[0-9a-f]{16}$/),
        index: expect.any(Number),
        offset: expect.any(Number),
      });
      expect(status.replicated!.offset).toBeGreaterThan(0);
      expect(status.lag).toEqual({ seconds: 0, bytes: 0 });
      expect(Date.parse(status.checkedAt!)).not.toBeNaN();
      expect(status.uploads).toEqual({ copiedAt: expect.any(String), files: 0 });
      expect(existsSync(join(replica, 'generations', status.replicated!.generation))).toBe(true);
    } finally {
      await api.close();
    }
    // Stopped with the API: its claim is given back.
    expect(existsSync(litestreamPidFileOf(api.env.DATABASE_URL.slice('file:'.length)))).toBe(false);
  });
});

describe('the Litestream child', () => {
  it('is started again after it is killed, and the kill is logged', async () => {
    const dir = folder();
    await databaseWithLeads(dir, 3);
    const { log, lines } = capturingLog();
    const replication = startReplication(replicatedEnv(dir), log, {
      backoff: { firstMs: 50, maxMs: 1000, stableMs: 60_000 },
    });
    try {
      const pid = () => Number(readFileSync(litestreamPidFileOf(join(dir, 'app.db')), 'utf8').split(' ')[1]);
      await expect.poll(pid, { timeout: 10_000 }).toBeGreaterThan(0);
      const first = pid();
      process.kill(first, 'SIGKILL');
      await expect.poll(() => (replication.status() as On).restarts, { timeout: 10_000 }).toBe(1);
      await expect.poll(() => (replication.status() as On).state, { timeout: 10_000 }).toBe('running');
      expect(pid()).not.toBe(first);
      expect((replication.status() as On).problem).toBe('Litestream exited (SIGKILL)');
      expect(lines).toContainEqual(
        expect.objectContaining({
          level: 50,
          component: 'litestream',
          msg: 'Litestream exited (SIGKILL); starting it again in 0.05 s',
        }),
      );
    } finally {
      await replication.stop();
    }
    expect((replication.status() as On).state).toBe('stopped');
  });

  it('runs once per database file: a second server stands by while the first replicates', async () => {
    const dir = folder();
    await databaseWithLeads(dir, 1);
    const first = startReplication(replicatedEnv(dir), pino({ level: 'silent' }));
    try {
      await expect.poll(() => (first.status() as On).state, { timeout: 10_000 }).toBe('running');
      // The same process stands in for a second server here: the claim file names another live pid.
      const file = litestreamPidFileOf(join(dir, 'app.db'));
      const held = readFileSync(file, 'utf8');
      writeFileSync(file, `${process.ppid} ${held.split(' ')[1]}`);
      const second = startReplication(replicatedEnv(dir), pino({ level: 'silent' }));
      await expect.poll(() => (second.status() as On).state, { timeout: 10_000 }).toBe('standby');
      await second.stop();
      writeFileSync(file, held);
    } finally {
      await first.stop();
    }
  });

  it('takes over a claim not renewed for 30 s, though its pid is alive (reused after a restart)', async () => {
    const dir = folder();
    await databaseWithLeads(dir, 1);
    const file = litestreamPidFileOf(join(dir, 'app.db'));
    writeFileSync(file, `${process.ppid} 0\n`);
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(file, minuteAgo, minuteAgo);
    const replication = startReplication(replicatedEnv(dir), pino({ level: 'silent' }));
    try {
      await expect.poll(() => (replication.status() as On).state, { timeout: 10_000 }).toBe('running');
      expect(readFileSync(file, 'utf8')).toMatch(new RegExp(`^${process.pid} [1-9]\\d*\n$`));
    } finally {
      await replication.stop();
    }
  });
});

describe('restoreFromReplica (npm run db:restore -- --from-replica)', () => {
  it('refuses without a replica, while the server runs, and from an empty replica', async () => {
    const dir = folder();
    const url = await databaseWithLeads(dir, 1);
    await expect(restoreFromReplica({ databaseUrl: url, replica: undefined })).rejects.toThrow(
      new BackupError('LITESTREAM_REPLICA_URL is not set: there is no replica to restore from'),
    );
    const replica = replicatedEnv(dir).LITESTREAM_REPLICA_URL;
    const release = claimServerPidFile(url);
    // This process's own pid file does not count: it stands for a server only in another process.
    writeFileSync(join(dir, 'app.db.pid'), `${process.ppid}\n`);
    await expect(restoreFromReplica({ databaseUrl: url, replica })).rejects.toThrow(
      /^The server is running \(pid \d+ in .*app\.db\.pid\): stop it before restoring/,
    );
    release();
    rmSync(join(dir, 'app.db.pid'), { force: true });
    await expect(restoreFromReplica({ databaseUrl: url, replica })).rejects.toThrow(
      `The replica ${join(dir, 'replica')} holds no backup of ${join(dir, 'app.db')}`,
    );
    expect(await leadIds(url)).toEqual(['lead-0']);
  });

  it('refuses while the Litestream of a killed server still runs', async () => {
    const dir = folder();
    const url = await databaseWithLeads(dir, 1);
    const replication = startReplication(replicatedEnv(dir), pino({ level: 'silent' }));
    try {
      await expect.poll(() => (replication.status() as On).state, { timeout: 10_000 }).toBe('running');
      const file = litestreamPidFileOf(join(dir, 'app.db'));
      const litestream = readFileSync(file, 'utf8').trim().split(' ')[1];
      await expect(
        restoreFromReplica({ databaseUrl: url, replica: replicatedEnv(dir).LITESTREAM_REPLICA_URL }),
      ).rejects.toThrow(`Litestream (pid ${litestream}) still replicates ${join(dir, 'app.db')}: stop it`);
    } finally {
      await replication.stop();
    }
  });

  it('brings back every committed row and the uploaded files after the database is lost', async () => {
    const dir = folder();
    const url = await databaseWithLeads(dir, 20);
    mkdirSync(join(dir, 'uploads', 'ab'), { recursive: true });
    writeFileSync(join(dir, 'uploads', 'ab', 'abcdef'), 'the bytes of an uploaded file');
    const env = replicatedEnv(dir);
    const replication = startReplication(env, pino({ level: 'silent' }));
    try {
      await expect.poll(() => (replication.status() as On).lag?.bytes, { timeout: 15_000 }).toBe(0);
      await insertLeads(url, 20, 40);
      await expect.poll(() => (replication.status() as On).lag?.bytes, { timeout: 15_000 }).toBe(0);
      await expect.poll(() => (replication.status() as On).uploads?.files, { timeout: 15_000 }).toBe(1);
    } finally {
      await replication.stop();
    }
    for (const lost of ['app.db', 'app.db-wal', 'app.db-shm', 'uploads']) {
      rmSync(join(dir, lost), { recursive: true, force: true });
    }
    const result = await restoreFromReplica({
      databaseUrl: url,
      replica: env.LITESTREAM_REPLICA_URL,
      uploads: { driver: 'fs', dir: join(dir, 'uploads') },
    });
    expect(result.keptAside).toEqual([]);
    expect(result.counts.contact_submissions).toBe(40);
    expect(await leadIds(url)).toHaveLength(40);
    expect(result.uploads).toMatchObject({ driver: 'fs', copied: 1, missing: [] });
    expect(readFileSync(join(dir, 'uploads', 'ab', 'abcdef'), 'utf8')).toBe('the bytes of an uploaded file');
    // Nothing half-written is left beside the database, nor Litestream's folder of the lost one.
    expect(existsSync(join(dir, '.app.db-litestream'))).toBe(false);
  });
});
