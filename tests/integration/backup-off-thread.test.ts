/**
 * A backup of a database of some tens of MB, made while the process keeps working
 * (docs/product.md#backups, docs/decisions/0023-backups-in-a-worker-thread.md): the copy runs off
 * the event loop, so writes go on and are acknowledged while it runs (an outcome, not a duration:
 * the event loop's longest pause is measured by `npm run bench:backup`), and the backup is the
 * complete, checked database. The temporary files that a killed backup leaves in
 * the folder are deleted by the next backup; those of a backup still running in another process
 * are not.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../src/server/ops/backup.ts';
import { databaseFilePath, fileUrlOf, migrateDatabase } from '../../src/server/db/database.ts';
import { openDatabaseHandle, type DatabaseHandle } from '../support/database.ts';

const MIGRATIONS = join(resolve(import.meta.dirname, '..', '..'), 'db', 'migrations');

let work: string;
let sequence = 0;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'agency-backup-thread-'));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/**
 * A migrated database in its own folder with `leads` leads of about 250 bytes of text each, one
 * word of which is unique, so that the search index is about as large as the table: 60 000 leads
 * make about 55 MB.
 */
async function databaseWithLeads(leads: number): Promise<DatabaseHandle & { path: string; dir: string }> {
  const dir = join(work, `case-${++sequence}`);
  mkdirSync(dir, { recursive: true });
  const url = fileUrlOf(join(dir, 'app.db'));
  const handle = await openDatabaseHandle(url);
  await migrateDatabase(handle.db, MIGRATIONS);
  await handle.client.execute({
    sql: `INSERT INTO contact_submissions (id, name, email, message, source)
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
      SELECT lower(hex(randomblob(16))), 'Lead ' || i, 'lead' || i || '@example.com',
        'We need ' || hex(randomblob(100)) || ' soon', 'landing' FROM n`,
    args: [leads],
  });
  await handle.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  return { ...handle, path: databaseFilePath(url)!, dir };
}

async function countLeads(handle: Pick<DatabaseHandle, 'client'>): Promise<number> {
  const result = await handle.client.execute('SELECT count(*) AS n FROM contact_submissions');
  return Number(result.rows[0]?.n);
}

/** The pid of a process that has exited (a backup killed mid-way stands for it). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

describe('a backup off the event loop', () => {
  it(
    'keeps the event loop free and writes going while it copies a 55 MB database, and copies all of it',
    { timeout: 60_000 },
    async () => {
      const source = await databaseWithLeads(60_000);
      try {
        let writing = true;
        let written = 0;
        const writer = (async () => {
          while (writing) {
            await source.client.execute({
              sql: "INSERT INTO contact_submissions (id, name, email, message, source) VALUES (?, 'During', 'during@example.com', 'Sent during the backup', 'landing')",
              args: [crypto.randomUUID()],
            });
            written++;
            await new Promise((r) => setTimeout(r, 2));
          }
        })();
        // Every write acknowledged before the backup settles was served by the event loop while
        // the copy ran: a copy on the event loop would let none through until it ended.
        let settled = false;
        const backup = createBackup({ databasePath: source.path, dir: join(source.dir, 'backups') }).finally(() => {
          settled = true;
        });
        const writtenBefore = written;
        expect(settled).toBe(false);
        const result = await backup;
        const writtenDuringBackup = written - writtenBefore;
        writing = false;
        await writer;

        expect(result.bytes).toBeGreaterThan(40 * 1024 * 1024);
        expect(writtenDuringBackup).toBeGreaterThan(10);

        // One consistent moment: every lead stored before the backup, some of those during it.
        const copied = result.counts.contact_submissions!;
        expect(copied).toBeGreaterThanOrEqual(60_000);
        expect(copied).toBeLessThanOrEqual(60_000 + writtenBefore + writtenDuringBackup);
        expect(result.countMismatches).toEqual([]);
        const copy = await openDatabaseHandle(fileUrlOf(result.path));
        try {
          expect(await countLeads(copy)).toBe(copied);
          const check = await copy.client.execute('PRAGMA integrity_check');
          expect(check.rows.map((r) => Object.values(r)[0])).toEqual(['ok']);
        } finally {
          copy.client.close();
        }
        expect(await countLeads(source)).toBe(60_000 + written);
      } finally {
        source.client.close();
      }
    },
  );

  it('deletes the temporary files a killed backup left, keeps those of a backup still running, and completes', async () => {
    const source = await databaseWithLeads(200);
    try {
      const dir = join(source.dir, 'backups');
      mkdirSync(dir);
      const dead = await deadPid();
      // What a backup killed during its checks leaves: part of a copy and its rollback journal.
      const killed = `.app-2026-11-20T03-00-00Z.db.partial-${dead}`;
      writeFileSync(join(dir, killed), Buffer.alloc(64 * 1024, 7));
      writeFileSync(join(dir, `${killed}-journal`), Buffer.alloc(4096, 1));
      // A server restarted under the same pid (pid 1 in a container) finds its own old file.
      const ownOld = `.app-2026-11-21T03-00-00Z.db.partial-${process.pid}`;
      writeFileSync(join(dir, ownOld), Buffer.alloc(4096, 2));
      // A `npm run db:backup` in progress in another, live process (the test's parent stands in).
      const running = `.app-2026-11-22T03-00-00Z.db.partial-${process.ppid}`;
      writeFileSync(join(dir, running), Buffer.alloc(4096, 3));
      // Not ours: another database's file and a file of the operator's.
      const others = [`.other-2026-11-20T03-00-00Z.db.partial-${dead}`, 'notes.partial'];
      for (const name of others) writeFileSync(join(dir, name), 'not ours');

      const result = await createBackup({ databasePath: source.path, dir });

      const name = result.path.split(/[/\\]/).at(-1)!;
      expect(readdirSync(dir).sort()).toEqual([running, ...others, name].sort());
      expect(result.counts.contact_submissions).toBe(200);
      const copy = await openDatabaseHandle(fileUrlOf(result.path));
      try {
        expect(await countLeads(copy)).toBe(200);
        const check = await copy.client.execute('PRAGMA integrity_check');
        expect(check.rows.map((r) => Object.values(r)[0])).toEqual(['ok']);
      } finally {
        copy.client.close();
      }
    } finally {
      source.client.close();
    }
  });
});
