/**
 * Backups and restore of the embedded database (docs/product.md#backups): a backup holds the
 * same rows as its source and its search indexes find the right rows; KEEP pruning touches only
 * our backup files; the schedule writes, prunes, reports the newest backup and logs failures;
 * bad folders and bad restore files are refused with one line and leave the live database as it
 * was; a restore is refused while a server holds the database; a restore round trip brings the
 * backed-up rows back and keeps the previous database aside. The scripts are run for their exit
 * codes and messages.
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/env/index.ts';
import { scheduleBackups } from '../../src/server/jobs/backup.ts';
import { log } from '../../src/server/log.ts';
import { createBackup } from '../../src/server/ops/backup.ts';
import { BackupError } from '../../src/server/ops/backup-error.ts';
import { newestBackupAt, pruneBackups } from '../../src/server/ops/backup-files.ts';
import { claimServerPidFile } from '../../src/server/ops/backup-pid-file.ts';
import { restoreDatabase } from '../../src/server/ops/backup-restore.ts';
import { databaseFilePath, fileUrlOf, migrateDatabase } from '../../src/server/db/database.ts';
import { openDatabaseHandle, type DatabaseHandle } from '../support/database.ts';
import { capturedLogLines, expectConsoleErrors } from '../setup/console.ts';

const root = resolve(import.meta.dirname, '..', '..');
const MIGRATIONS = join(root, 'db', 'migrations');
const TSX = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * Closes a client for good. The libSQL client lets go of its file (and SQLite's lock on it) only
 * when the connection is garbage-collected, and a restore refuses while another connection
 * holds the database: a server's connections go when its process exits, a test's here.
 */
async function closeForGood(handle: Pick<DatabaseHandle, 'client'>): Promise<void> {
  handle.client.close();
  // Native finalizers run after the collection, on a later turn of the event loop.
  for (let i = 0; i < 3; i++) {
    collectGarbage();
    await new Promise((r) => setTimeout(r, 20));
  }
}

let work: string;
let sequence = 0;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'agency-backup-'));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

/** A fresh migrated database in its own folder. */
async function freshDatabase(): Promise<DatabaseHandle & { url: string; path: string; dir: string }> {
  const dir = join(work, `case-${++sequence}`);
  mkdirSync(dir, { recursive: true });
  const url = fileUrlOf(join(dir, 'app.db'));
  const handle = await openDatabaseHandle(url);
  await migrateDatabase(handle.db, MIGRATIONS);
  return { ...handle, url, path: databaseFilePath(url)!, dir };
}

/**
 * Clients (each with its owner, a member who has joined) and leads with one word of their own each
 * (`clientword<i>`, `leadword<i>`), some deleted.
 */
async function addRows(handle: DatabaseHandle, clients: number, leads: number, tag = ''): Promise<void> {
  for (let i = 0; i < clients; i++) {
    const [id, name, email] = [crypto.randomUUID(), `Client clientword${tag}${i}`, `c${tag}${i}@example.com`];
    await handle.client.execute({
      sql: 'INSERT INTO clients (id, name, email, company) VALUES (?, ?, ?, ?)',
      args: [id, name, email, `Company ${i}`],
    });
    await handle.client.execute({
      sql: "INSERT INTO client_members (id, client_id, name, email, password_hash, role, joined_at) VALUES (?, ?, ?, ?, 'x', 'owner', ?)",
      args: [crypto.randomUUID(), id, name, email, Date.now()],
    });
  }
  for (let i = 0; i < leads; i++) {
    await handle.client.execute({
      sql: "INSERT INTO contact_submissions (id, name, email, message, source) VALUES (?, ?, ?, ?, 'landing')",
      args: [crypto.randomUUID(), `Lead ${i}`, `l${tag}${i}@example.com`, `We need leadword${tag}${i} soon`],
    });
  }
}

/** Every row of every ordinary table, as sorted JSON lines per table (rowids left out). */
async function dump(handle: Pick<DatabaseHandle, 'client'>): Promise<Record<string, string[]>> {
  const tables = await handle.client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts%' ORDER BY name",
  );
  const out: Record<string, string[]> = {};
  for (const row of tables.rows) {
    const name = String(row.name);
    const rows = await handle.client.execute(`SELECT * FROM "${name}"`);
    out[name] = rows.rows
      .map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)))
      .sort();
  }
  return out;
}

function sha(path: string): string {
  return existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex') : 'absent';
}

/** Hashes of the live database and its WAL, to prove a refusal left them alone. */
function fingerprint(path: string): string[] {
  return [sha(path), sha(`${path}-wal`)];
}

async function openCopy(path: string): Promise<DatabaseHandle> {
  return openDatabaseHandle(fileUrlOf(path));
}

/** The search-then-join the dashboard's lists use: ids of `table` rows whose index matches `query`. */
async function search(handle: DatabaseHandle, table: string, query: string): Promise<{ id: string; text: string }[]> {
  const column = table === 'clients' ? 'c.name' : 'c.message';
  const result = await handle.client.execute({
    sql: `SELECT c.id AS id, ${column} AS text FROM ${table}_fts f JOIN ${table} c ON c.rowid = f.rowid WHERE ${table}_fts MATCH ?`,
    args: [query],
  });
  return result.rows.map((r) => ({ id: String(r.id), text: String(r.text) }));
}

describe('db:backup', () => {
  it('writes a copy with the same rows as the source, checked and named by its time', async () => {
    const source = await freshDatabase();
    try {
      await addRows(source, 25, 40);
      // Holes in the rowids: the copy may number rows differently.
      await source.client.execute("DELETE FROM clients WHERE name LIKE '%clientword1_' OR name = 'Client clientword3'");
      await source.client.execute("DELETE FROM contact_submissions WHERE message LIKE '%leadword2_ %'");
      const backups = join(source.dir, 'backups');
      const result = await createBackup({ databasePath: source.path, dir: backups });

      expect(result.path).toMatch(/[/\\]app-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.db$/);
      expect(readdirSync(backups)).toEqual([result.path.split(/[/\\]/).at(-1)]);
      expect(result.bytes).toBeGreaterThan(0);
      expect(result.ftsTables).toEqual([
        'clients_fts',
        'communications_fts',
        'contact_submissions_fts',
        'projects_fts',
      ]);
      expect(result.countMismatches).toEqual([]);
      expect(result.counts).toMatchObject({ clients: 25 - 11, contact_submissions: 40 - 10 });

      const copy = await openCopy(result.path);
      try {
        expect(await dump(copy)).toEqual(await dump(source));
        const check = await copy.client.execute('PRAGMA integrity_check');
        expect(check.rows.map((r) => Object.values(r)[0])).toEqual(['ok']);
      } finally {
        copy.client.close();
      }
    } finally {
      source.client.close();
    }
  });

  it('keeps the search indexes of the copy pointing at the right rows', async () => {
    const source = await freshDatabase();
    try {
      await addRows(source, 30, 30);
      await source.client.execute(
        "DELETE FROM clients WHERE name IN ('Client clientword0', 'Client clientword7', 'Client clientword8')",
      );
      await source.client.execute(
        "DELETE FROM contact_submissions WHERE message LIKE '%leadword1 %' OR message LIKE '%leadword5 %'",
      );
      const result = await createBackup({ databasePath: source.path, dir: join(source.dir, 'b') });
      const copy = await openCopy(result.path);
      try {
        for (let i = 0; i < 30; i++) {
          const expectedClient = await search(source, 'clients', `clientword${i}`);
          const foundClient = await search(copy, 'clients', `clientword${i}`);
          expect(foundClient).toEqual(expectedClient);
          expect(foundClient).toHaveLength([0, 7, 8].includes(i) ? 0 : 1);
          if (foundClient[0]) expect(foundClient[0].text).toBe(`Client clientword${i}`);

          const foundLead = await search(copy, 'contact_submissions', `leadword${i}`);
          expect(foundLead).toEqual(await search(source, 'contact_submissions', `leadword${i}`));
          expect(foundLead).toHaveLength([1, 5].includes(i) ? 0 : 1);
          if (foundLead[0]) expect(foundLead[0].text).toBe(`We need leadword${i} soon`);
        }
        // A prefix search, as the dashboard's search box sends it.
        expect(await search(copy, 'clients', 'clientword2*')).toHaveLength(11);
      } finally {
        copy.client.close();
      }
    } finally {
      source.client.close();
    }
  });

  it('gives two backups within one second different names', async () => {
    const source = await freshDatabase();
    try {
      const at = () => new Date('2026-03-01T10:00:00.500Z');
      const dir = join(source.dir, 'same-second');
      const first = await createBackup({ databasePath: source.path, dir, now: at });
      const second = await createBackup({ databasePath: source.path, dir, now: at });
      expect(first.path).toMatch(/app-2026-03-01T10-00-00Z\.db$/);
      expect(second.path).toMatch(/app-2026-03-01T10-00-00Z-2\.db$/);
      expect(newestBackupAt(dir, source.path)).toEqual(new Date('2026-03-01T10:00:00Z'));
    } finally {
      source.client.close();
    }
  });

  it('prunes the oldest backups beyond KEEP and never touches other files', async () => {
    const source = await freshDatabase();
    try {
      const dir = join(source.dir, 'keep');
      const times = [5, 1, 9, 3, 7, 2].map((d) => new Date(Date.UTC(2026, 0, d, 12)));
      for (const t of times) await createBackup({ databasePath: source.path, dir, now: () => t });
      const others = ['notes.txt', 'other-2026-01-01T00-00-00Z.db', 'app-2026-01-01T00-00-00Z.db.bak', 'app-latest.db'];
      for (const name of others) writeFileSync(join(dir, name), 'not ours');

      const removed = await pruneBackups(dir, source.path, 3);
      expect(removed.map((p) => p.split(/[/\\]/).at(-1)).sort()).toEqual([
        'app-2026-01-01T12-00-00Z.db',
        'app-2026-01-02T12-00-00Z.db',
        'app-2026-01-03T12-00-00Z.db',
      ]);
      expect(readdirSync(dir).sort()).toEqual(
        [...others, 'app-2026-01-05T12-00-00Z.db', 'app-2026-01-07T12-00-00Z.db', 'app-2026-01-09T12-00-00Z.db'].sort(),
      );
      expect(await pruneBackups(dir, source.path, 3)).toEqual([]);
      expect(newestBackupAt(dir, source.path)).toEqual(new Date(Date.UTC(2026, 0, 9, 12)));
      await expect(pruneBackups(dir, source.path, 0)).rejects.toThrow(BackupError);
    } finally {
      source.client.close();
    }
  });

  it('refuses a target that is not a writable folder, with one line, and leaves the database alone', async () => {
    const source = await freshDatabase();
    try {
      await addRows(source, 3, 3);
      const before = await dump(source);
      const aFile = join(source.dir, 'a-file');
      writeFileSync(aFile, 'x');
      const attempts: [string, RegExp][] = [
        [aFile, /^Backup folder .*a-file is not a folder$/],
        [join(aFile, 'below'), /^Backup folder .*below cannot be created \(ENOTDIR\)$/],
      ];
      if (process.getuid?.() !== 0) {
        const locked = join(source.dir, 'locked');
        mkdirSync(locked);
        chmodSync(locked, 0o555);
        attempts.push([locked, /^Backup folder .*locked is not writable \(EACCES\)$/]);
      }
      for (const [dir, message] of attempts) {
        const error = await createBackup({ databasePath: source.path, dir }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(BackupError);
        expect((error as Error).message).toMatch(message);
        expect((error as Error).message).not.toContain('\n');
      }
      expect(await dump(source)).toEqual(before);
      // No temporary file is left anywhere.
      expect(readdirSync(source.dir).filter((f) => f.includes('partial'))).toEqual([]);
    } finally {
      source.client.close();
    }
  });
});

describe('scheduled backups', () => {
  const handles: DatabaseHandle[] = [];
  afterEach(() => {
    for (const h of handles.splice(0)) h.client.close();
  });

  function envFor(url: string, settings: Record<string, string>) {
    return parseEnv({ NODE_ENV: 'test', DATABASE_URL: url, ...settings });
  }

  it('backs up at start without a recent backup, then every interval, keeping KEEP files', async () => {
    const source = await freshDatabase();
    handles.push(source);
    await addRows(source, 2, 2);
    const dir = join(source.dir, 'scheduled');
    // 0.0003 hours: about 1.1 s between backups.
    const env = envFor(source.url, { BACKUP_DIR: dir, BACKUP_EVERY_HOURS: '0.0003', BACKUP_KEEP: '2' });
    const schedule = scheduleBackups({
      env,
      log,
    });
    try {
      await expect.poll(() => schedule.lastBackupAt(), { timeout: 5000 }).not.toBeNull();
      await expect
        .poll(() => capturedLogLines().filter((l) => l.msg === 'backup written').length, { timeout: 15_000 })
        .toBeGreaterThanOrEqual(3);
    } finally {
      await schedule.stop();
    }
    const written = capturedLogLines().filter((l) => l.msg === 'backup written');
    expect(written[0]).toMatchObject({ component: 'backup', level: 30, rows: { clients: 2, contact_submissions: 2 } });
    const files = readdirSync(dir).filter((f) => /^app-.*Z(-\d+)?\.db$/.test(f));
    expect(files).toHaveLength(2);
    expect(readdirSync(dir)).toHaveLength(2);
    expect(schedule.lastBackupAt()).toEqual(newestBackupAt(dir, source.path));
    // After stop(), nothing more is written.
    const count = written.length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(capturedLogLines().filter((l) => l.msg === 'backup written')).toHaveLength(count);
  });

  it('waits one interval after a recent backup, and reports it after a restart', async () => {
    const source = await freshDatabase();
    handles.push(source);
    const dir = join(source.dir, 'recent');
    // The test's clock: the backup is taken at 09:00:00, the schedules start ten minutes later.
    const takenAt = new Date('2026-11-27T09:00:00Z');
    const tenMinutesLater = () => new Date(takenAt.getTime() + 10 * 60_000);
    const made = await createBackup({ databasePath: source.path, dir, now: () => takenAt });
    const env = envFor(source.url, { BACKUP_DIR: dir, BACKUP_EVERY_HOURS: '1' });
    const schedule = scheduleBackups({
      env,
      log,
      now: tenMinutesLater,
    });
    await new Promise((r) => setTimeout(r, 500));
    await schedule.stop();
    expect(readdirSync(dir)).toEqual([made.path.split(/[/\\]/).at(-1)]);
    // A new schedule (a restarted server) reads the time of the newest backup from the folder.
    const restarted = scheduleBackups({
      env,
      log,
      now: tenMinutesLater,
    });
    await restarted.stop();
    expect(restarted.lastBackupAt()).toEqual(takenAt);
    expect(restarted.lastBackupAt()).toEqual(newestBackupAt(dir, source.path));
  });

  it('does nothing without BACKUP_DIR, and only warns for a libSQL server', async () => {
    const source = await freshDatabase();
    handles.push(source);
    const none = scheduleBackups({
      env: envFor(source.url, {}),
      log,
    });
    expect(none.lastBackupAt()).toBeNull();
    await none.stop();
    const remote = scheduleBackups({
      env: envFor('libsql://example.turso.io', { BACKUP_DIR: join(source.dir, 'never') }),
      log,
    });
    await remote.stop();
    expect(remote.lastBackupAt()).toBeNull();
    expect(existsSync(join(source.dir, 'never'))).toBe(false);
    expect(capturedLogLines().find((l) => l.level === 40)?.msg).toMatch(/BACKUP_DIR is set.*own tools/);
  });

  it('logs a folder it cannot write to, at start and at each attempt, and keeps the server up', async () => {
    const errors = expectConsoleErrors();
    const source = await freshDatabase();
    handles.push(source);
    const aFile = join(source.dir, 'not-a-folder');
    writeFileSync(aFile, 'x');
    const env = envFor(source.url, { BACKUP_DIR: aFile, BACKUP_EVERY_HOURS: '0.0002' });
    const schedule = scheduleBackups({
      env,
      log,
    });
    await expect.poll(() => errors.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    await schedule.stop();
    expect(String(errors[0]?.[0])).toBe(`BACKUP_DIR: Backup folder ${aFile} is not a folder`);
    expect(String(errors[1]?.[0])).toBe(`backup failed: Backup folder ${aFile} is not a folder`);
    expect(schedule.lastBackupAt()).toBeNull();
  });

  it('checks BACKUP_EVERY_HOURS, BACKUP_KEEP and LOG_LEVEL with messages naming the variable', () => {
    const env = parseEnv({});
    expect(env.BACKUP_DIR).toBeUndefined();
    expect(env).toMatchObject({ BACKUP_EVERY_HOURS: 24, BACKUP_KEEP: 7, LOG_LEVEL: 'info' });
    expect(parseEnv({ BACKUP_DIR: '  ' }).BACKUP_DIR).toBeUndefined();
    expect(parseEnv({ BACKUP_DIR: ' db/b ', BACKUP_EVERY_HOURS: '0.5', BACKUP_KEEP: '3' })).toMatchObject({
      BACKUP_DIR: 'db/b',
      BACKUP_EVERY_HOURS: 0.5,
      BACKUP_KEEP: 3,
    });
    expect(() => parseEnv({ BACKUP_EVERY_HOURS: '0' })).toThrow(
      'BACKUP_EVERY_HOURS: must be a positive number of hours',
    );
    expect(() => parseEnv({ BACKUP_EVERY_HOURS: 'daily' })).toThrow('BACKUP_EVERY_HOURS: must be a number of hours');
    expect(() => parseEnv({ BACKUP_KEEP: '0' })).toThrow('BACKUP_KEEP: must keep at least 1 backup');
    expect(() => parseEnv({ BACKUP_KEEP: '2.5' })).toThrow('BACKUP_KEEP: must be a whole number of backups');
    expect(() => parseEnv({ LOG_LEVEL: 'loud' })).toThrow(
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
    );
  });
});

describe('db:restore', () => {
  it('refuses missing, foreign, damaged and non-database files with one line, the live database untouched', async () => {
    const live = await freshDatabase();
    await addRows(live, 4, 4);
    const good = await createBackup({ databasePath: live.path, dir: join(live.dir, 'b') });
    const before = fingerprint(live.path);

    const notDb = join(live.dir, 'notes.db');
    writeFileSync(notDb, 'These are not the rows you are looking for.\n'.repeat(200));
    const damaged = join(live.dir, 'damaged.db');
    const bytes = readFileSync(good.path);
    // Keep the header page, scribble over the pages of the tables.
    for (let i = 4096 * 2; i < bytes.length - 4096; i += 97) bytes[i] = (bytes[i]! + 91) % 256;
    writeFileSync(damaged, bytes);
    const foreign = await openDatabaseHandle(fileUrlOf(join(live.dir, 'foreign.db')));
    await foreign.client.execute('CREATE TABLE t (x)');
    await foreign.client.execute('PRAGMA journal_mode = DELETE');
    foreign.client.close();

    const cases: [string, RegExp][] = [
      [join(live.dir, 'missing.db'), /^Backup file .*missing\.db does not exist$/],
      [join(live.dir, 'b'), /is not a file$/],
      [notDb, /^.*notes\.db is not a SQLite database$/],
      [damaged, /damaged\.db (is damaged|cannot be read as a database)/],
      [
        join(live.dir, 'foreign.db'),
        /foreign\.db has no __drizzle_migrations table: it is not a database of this site$/,
      ],
    ];
    try {
      for (const [file, message] of cases) {
        const error = await restoreDatabase({ databaseUrl: live.url, file }).catch((e: unknown) => e);
        expect(error, file).toBeInstanceOf(BackupError);
        expect((error as Error).message).toMatch(message);
        expect((error as Error).message).not.toContain('\n');
        expect(fingerprint(live.path)).toEqual(before);
      }
      expect(readdirSync(live.dir).filter((f) => f.includes('restoring') || f.includes('before-restore'))).toEqual([]);
      const rows = await live.client.execute('SELECT count(*) AS n FROM clients');
      expect(Number(rows.rows[0]?.n)).toBe(4);
    } finally {
      live.client.close();
    }
  });

  it('refuses while a server holds the database: a live pid file, or an open connection', async () => {
    const live = await freshDatabase();
    await addRows(live, 2, 0);
    const good = await createBackup({ databasePath: live.path, dir: join(live.dir, 'b') });
    // The test process's parent stands in for a running server.
    writeFileSync(`${live.path}.pid`, `${process.ppid}\n`);
    const before = fingerprint(live.path);
    await expect(restoreDatabase({ databaseUrl: live.url, file: good.path })).rejects.toThrow(
      new RegExp(`^The server is running \\(pid ${process.ppid} in .*app\\.db\\.pid\\): stop it before restoring`),
    );
    expect(fingerprint(live.path)).toEqual(before);
    rmSync(`${live.path}.pid`);

    // Without a pid file, SQLite's lock shows the connection that is still open.
    await live.client.execute('SELECT count(*) FROM clients');
    await expect(restoreDatabase({ databaseUrl: live.url, file: good.path })).rejects.toThrow(
      /^The database .*app\.db is in use by another process: stop the server before restoring$/,
    );
    // Told to wait, it says so once and refuses the same way when the connection stays open.
    let told = 0;
    await expect(
      restoreDatabase({ databaseUrl: live.url, file: good.path, waitMs: 600, onWait: () => told++ }),
    ).rejects.toThrow(/^The database .*app\.db is in use by another process: stop the server before restoring$/);
    expect(told).toBe(1);
    // While it waits it keeps trying: a server's pid file that appears once it has said so is seen
    // at its next try and ends the wait at once (a restore that stopped trying once it had said so
    // would refuse as in use).
    await expect(
      restoreDatabase({
        databaseUrl: live.url,
        file: good.path,
        waitMs: 30_000,
        onWait: () => writeFileSync(`${live.path}.pid`, `${process.ppid}\n`),
      }),
    ).rejects.toThrow(new RegExp(`^The server is running \\(pid ${process.ppid} in .*app\\.db\\.pid\\)`));
    rmSync(`${live.path}.pid`);
    expect(readdirSync(live.dir).filter((f) => f.includes('before-restore') || f.includes('restoring'))).toEqual([]);
    const rows = await live.client.execute('SELECT count(*) AS n FROM clients');
    expect(Number(rows.rows[0]?.n)).toBe(2);
    live.client.close();
  });

  it('claims and releases the pid file; a pid file of a dead process does not block a restore', async () => {
    const live = await freshDatabase();
    const release = claimServerPidFile(live.url);
    expect(readFileSync(`${live.path}.pid`, 'utf8')).toBe(`${process.pid}\n`);
    release();
    expect(existsSync(`${live.path}.pid`)).toBe(false);
    expect(claimServerPidFile('libsql://example.turso.io')).toBeTypeOf('function');

    const good = await createBackup({ databasePath: live.path, dir: join(live.dir, 'b') });
    await closeForGood(live);
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => dead.once('exit', r));
    writeFileSync(`${live.path}.pid`, `${dead.pid}\n`);
    const result = await restoreDatabase({ databaseUrl: live.url, file: good.path });
    expect(result.keptAside[0]).toMatch(/app\.db\.before-restore-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);
  });

  it('brings back the backed-up rows, keeps the previous database aside, and its search works', async () => {
    const live = await freshDatabase();
    await addRows(live, 10, 10);
    const backup = await createBackup({ databasePath: live.path, dir: join(live.dir, 'b') });
    const backedUp = await dump(live);
    // Changes after the backup: new rows, a deleted one.
    await addRows(live, 3, 3, 'late');
    await live.client.execute("DELETE FROM clients WHERE name = 'Client clientword4'");
    const afterChanges = await dump(live);
    await closeForGood(live);

    const result = await restoreDatabase({ databaseUrl: live.url, file: backup.path });
    expect(result.databasePath).toBe(live.path);
    expect(result.counts).toMatchObject({ clients: 10, contact_submissions: 10 });
    expect(result.keptAside[0]).toMatch(/app\.db\.before-restore-/);
    for (const file of result.keptAside) expect(existsSync(file)).toBe(true);
    expect(existsSync(backup.path)).toBe(true);

    const restored = await openDatabaseHandle(live.url);
    const aside = await openDatabaseHandle(fileUrlOf(result.keptAside[0]!));
    try {
      expect(await dump(restored)).toEqual(backedUp);
      expect(await dump(aside)).toEqual(afterChanges);
      const check = await restored.client.execute('PRAGMA integrity_check');
      expect(check.rows.map((r) => Object.values(r)[0])).toEqual(['ok']);
      expect(await search(restored, 'clients', 'clientword4')).toHaveLength(1);
      expect(await search(restored, 'clients', 'clientwordlate0')).toHaveLength(0);
      expect((await search(restored, 'contact_submissions', 'leadword9'))[0]?.text).toBe('We need leadword9 soon');
      // The restored database takes writes, and its indexes follow them.
      await addRows(restored, 1, 0, 'new');
      expect(await search(restored, 'clients', 'clientwordnew0')).toHaveLength(1);
    } finally {
      restored.client.close();
      aside.client.close();
    }
  });
});

describe('the scripts', () => {
  function run(script: string, args: string[], env: Record<string, string>) {
    return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
      execFile(
        process.execPath,
        [TSX, join(root, 'scripts', script), ...args],
        { cwd: root, env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env } },
        (error, stdout, stderr) => done({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
    });
  }

  /** `run` with its standard error readable while it runs: `said(text)` resolves once it has printed `text`. */
  function runStreaming(script: string, args: string[], env: Record<string, string>) {
    const child = spawn(process.execPath, [TSX, join(root, 'scripts', script), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const waiters: { text: string; resolve: () => void }[] = [];
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      for (const waiter of waiters) if (stderr.includes(waiter.text)) waiter.resolve();
    });
    const done = once(child, 'close').then(([code]) => ({ code: Number(code), stdout, stderr }));
    return {
      done,
      said: (text: string) =>
        new Promise<void>((resolve) => {
          if (stderr.includes(text)) resolve();
          else waiters.push({ text, resolve });
        }),
    };
  }

  it(
    'db:backup prints the file, its size and its rows; bad input exits 1 with one line',
    { timeout: 30_000 },
    async () => {
      const live = await freshDatabase();
      await addRows(live, 3, 5);
      const dir = join(live.dir, 'by-hand');
      const [ok, remote, badDir] = await Promise.all([
        run('backup.ts', ['--to', dir], { DATABASE_URL: live.url }),
        run('backup.ts', [], { DATABASE_URL: 'libsql://example.turso.io' }),
        run('backup.ts', ['--to', join(live.path, 'inside')], { DATABASE_URL: live.url }),
      ]);
      live.client.close();
      expect(ok.code, ok.stderr).toBe(0);
      const [file] = readdirSync(dir);
      expect(ok.stdout).toContain(`Backup written to ${join(dir, file!)}`);
      expect(ok.stdout).toMatch(/Size: [\d.]+ KB \(\d+ bytes\)/);
      expect(ok.stdout).toMatch(/clients\s+3\n/);
      expect(ok.stdout).toMatch(/contact_submissions\s+5\n/);
      expect(ok.stdout).toContain('Row counts agree with the row_counts table of the same snapshot.');

      expect(remote.code).toBe(1);
      expect(remote.stderr.trim().split('\n')).toHaveLength(1);
      expect(remote.stderr).toMatch(/^Backup failed: DATABASE_URL points at a libSQL server.*own tools/);
      expect(badDir.code).toBe(1);
      expect(badDir.stderr.trim()).toMatch(/^Backup failed: Backup folder .*inside cannot be created \(ENOTDIR\)$/);
    },
  );

  it(
    'db:restore restores and prints what it kept aside; a missing file exits 1 with one line',
    { timeout: 30_000 },
    async () => {
      const live = await freshDatabase();
      await addRows(live, 2, 1);
      const backup = await createBackup({ databasePath: live.path, dir: join(live.dir, 'b') });
      await closeForGood(live);
      const [missing, noArgs] = await Promise.all([
        run('restore.ts', [join(live.dir, 'nope.db')], { DATABASE_URL: live.url }),
        run('restore.ts', [], { DATABASE_URL: live.url }),
      ]);
      expect(missing.code).toBe(1);
      expect(missing.stderr.trim()).toMatch(/^Restore refused: Backup file .*nope\.db does not exist$/);
      expect(noArgs.code).toBe(2);
      const ok = await run('restore.ts', [backup.path], { DATABASE_URL: live.url });
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout).toContain(`Restored ${backup.path} into ${live.path}`);
      expect(ok.stdout).toMatch(/The previous database is kept aside as .*app\.db\.before-restore-/);
      expect(ok.stdout).toMatch(/clients\s+2\n/);
      expect(readdirSync(live.dir).filter((f) => /^app\.db\.before-restore-.*Z$/.test(f))).toHaveLength(1);
    },
  );

  it(
    'while another process holds the write lock, db:backup runs at once and db:restore waits for it, saying so',
    { timeout: 40_000 },
    async () => {
      const live = await freshDatabase();
      await addRows(live, 2, 1);
      const earlier = await createBackup({ databasePath: live.path, dir: join(live.dir, 'b') });
      await addRows(live, 3, 0, 'later');
      await closeForGood(live);

      // The other process holds the lock until the test releases it (standard input): only once
      // the backup has finished and the restore has said that it waits.
      const holder = spawn(process.execPath, [join(import.meta.dirname, 'hold-write-lock.mjs'), live.path, 'stdin'], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const holderExited = once(holder, 'exit');
      let holderSays = '';
      const holding = new Promise<void>((resolveHolding) => {
        holder.stdout.on('data', (chunk: Buffer) => {
          holderSays += chunk.toString();
          if (holderSays.includes('holding')) resolveHolding();
        });
      });
      let released = false;
      const release = () => {
        if (!released) holder.stdin.end('release\n');
        released = true;
      };
      try {
        await holding;

        // A backup only reads: it ends while the lock is still held (one that waited for the lock
        // would never end), without the holder's unfinished write.
        const backup = await run('backup.ts', ['--to', join(live.dir, 'during')], { DATABASE_URL: live.url });
        expect(holderSays).not.toContain('released');
        expect(backup.code, backup.stderr).toBe(0);
        expect(backup.stdout).toMatch(/clients\s+5\n/);
        expect(backup.stdout).toMatch(/rate_limits\s+0\n/);

        // The restore says it waits for the other process to let go of the file; released then,
        // it restores.
        const restore = runStreaming('restore.ts', [earlier.path], { DATABASE_URL: live.url });
        await Promise.race([
          restore.said('Waiting for the database: another process is using it (up to 30 s)'),
          restore.done,
        ]);
        release();
        const restored = await restore.done;
        expect(restored.stderr).toContain('Waiting for the database: another process is using it (up to 30 s)');
        expect(restored.code, restored.stderr).toBe(0);
        expect(restored.stdout).toMatch(/clients\s+2\n/);
      } finally {
        release();
        await holderExited;
      }
      expect(holderSays).toContain('released');
    },
  );
});
