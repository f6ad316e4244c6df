/**
 * Backups and restore of the embedded database (docs/product.md#backups).
 *
 * A backup is `VACUUM INTO` a temporary file in the target folder, run through the libSQL client
 * of the database being copied: one read transaction, so the copy is a consistent snapshot while
 * the site keeps writing. Our tables have text primary keys, so the copy may number their rowids
 * differently, and the full-text indexes (`*_fts`, external content keyed by rowid) would then
 * point at the wrong rows: every FTS5 index of the copy is rebuilt before the copy is checked
 * (`PRAGMA integrity_check`, FTS5 `integrity-check`, row counts against the copy's own
 * `row_counts`). Only a checked copy is renamed to its final name, `<db>-YYYY-MM-DDTHH-MM-SSZ.db`
 * (`-2`, `-3`… before `.db` when two fall in one second).
 *
 * A restore checks the backup (SQLite header, integrity, the `__drizzle_migrations` table) in a
 * copy beside the live database, refuses while a server uses that database (its pid file,
 * `claimServerPidFile`, and an exclusive-lock probe), checkpoints the live database, renames it
 * and its `-wal`/`-shm` to `<db>.before-restore-<time>`, and renames the checked copy into place.
 *
 * Errors meant for an operator are `BackupError`s with a one-line message naming the problem.
 * Only SQLite through the libSQL client is used: a second SQLite library in the server process
 * would break SQLite's POSIX locks.
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { databaseFilePath, fileUrlOf } from './db.ts';

/** A problem an operator can fix (bad folder, bad file, server running); `message` is one line. */
export class BackupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BackupError';
  }
}

/** What a backup wrote. */
export interface BackupResult {
  /** Absolute path of the checked backup file. */
  path: string;
  /** Its size, in bytes. */
  bytes: number;
  /** Rows per table in the copy (FTS5 indexes and their shadow tables left out). */
  counts: Record<string, number>;
  /** The FTS5 indexes rebuilt and checked in the copy. */
  ftsTables: string[];
  /** Tables whose row count differs from the copy's `row_counts` (empty when all agree). */
  countMismatches: string[];
  /** Milliseconds from the start of `VACUUM INTO` to the rename. */
  ms: number;
}

/** What a restore did. */
export interface RestoreResult {
  /** The live database file, now holding the backup. */
  databasePath: string;
  /** The files the previous database was renamed to (database first, then `-wal`, `-shm`). */
  keptAside: string[];
  /** Rows per table in the restored database. */
  counts: Record<string, number>;
}

const REMOTE_MESSAGE =
  "DATABASE_URL points at a libSQL server, not an embedded file: back it up and restore it with that server's own tools (e.g. sqld snapshots, `turso db shell … .dump`)";

/** The database file of `databaseUrl`; BackupError for a libSQL server or an in-memory database. */
export function embeddedDatabasePath(databaseUrl: string): string {
  const path = databaseFilePath(databaseUrl);
  if (path) return path;
  if (databaseUrl.startsWith('file:'))
    throw new BackupError('DATABASE_URL is an in-memory database: nothing to back up');
  throw new BackupError(REMOTE_MESSAGE);
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? (error instanceof Error ? error.message : String(error));
}

// ---------------------------------------------------------------------------------------------
// Backup names

/** `2026-11-23T18:30:00.123Z` → `2026-11-23T18-30-00Z`. */
function stampOf(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
}

function stemOf(databasePath: string): string {
  return basename(databasePath, extname(databasePath));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function namePattern(stem: string): RegExp {
  return new RegExp(`^${escapeRegExp(stem)}-(\\d{4}-\\d{2}-\\d{2})T(\\d{2})-(\\d{2})-(\\d{2})Z(?:-(\\d+))?\\.db$`);
}

interface BackupFile {
  name: string;
  path: string;
  /** When the backup was taken (the time in its name, to the second). */
  takenAt: Date;
  /** The `-N` suffix of a second backup within one second (1 when absent). */
  sequence: number;
}

/**
 * The backups of the database at `databasePath` in `dir`, oldest first: only files named as
 * this module names them (`<db>-YYYY-MM-DDTHH-MM-SSZ[-N].db`). A missing folder has none.
 */
function listBackups(dir: string, databasePath: string): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return [];
    throw error;
  }
  const pattern = namePattern(stemOf(databasePath));
  const found: BackupFile[] = [];
  for (const name of names) {
    const match = pattern.exec(name);
    if (!match) continue;
    const [, day, hh, mm, ss, sequence] = match;
    const takenAt = new Date(`${day}T${hh}:${mm}:${ss}Z`);
    if (Number.isNaN(takenAt.getTime())) continue;
    found.push({ name, path: join(dir, name), takenAt, sequence: sequence ? Number(sequence) : 1 });
  }
  return found.sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime() || a.sequence - b.sequence);
}

/**
 * When the newest backup of the database at `databasePath` in `dir` was taken (from its name,
 * so it survives a restart), or null when there is none or the folder cannot be read.
 */
export function newestBackupAt(dir: string, databasePath: string): Date | null {
  try {
    return listBackups(resolve(dir), databasePath).at(-1)?.takenAt ?? null;
  } catch {
    return null;
  }
}

/**
 * Deletes the oldest backups of the database at `databasePath` in `dir` beyond the newest
 * `keep` (integer ≥ 1); files not named like our backups are never touched. Returns the paths
 * deleted. Throws BackupError when `keep` is not an integer ≥ 1.
 */
export function pruneBackups(dir: string, databasePath: string, keep: number): string[] {
  if (!Number.isInteger(keep) || keep < 1) throw new BackupError(`BACKUP_KEEP must be a whole number ≥ 1, not ${keep}`);
  const backups = listBackups(resolve(dir), databasePath);
  const doomed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const backup of doomed) rmSync(backup.path, { force: true });
  return doomed.map((b) => b.path);
}

/**
 * Makes sure `dir` is a folder this process can write to, creating it (and its parents) when
 * missing. Returns its absolute path. Throws BackupError naming the folder and the problem.
 */
export function prepareBackupDir(dir: string): string {
  const absolute = resolve(dir);
  if (existsSync(absolute) && !statSync(absolute).isDirectory()) {
    throw new BackupError(`Backup folder ${absolute} is not a folder`);
  }
  try {
    mkdirSync(absolute, { recursive: true });
  } catch (error) {
    throw new BackupError(`Backup folder ${absolute} cannot be created (${codeOf(error)})`, { cause: error });
  }
  if (!statSync(absolute).isDirectory()) throw new BackupError(`Backup folder ${absolute} is not a folder`);
  // A real write, because permission bits do not tell the whole story (root, read-only mounts).
  const probe = join(absolute, `.write-test-${process.pid}`);
  try {
    writeFileSync(probe, '');
    unlinkSync(probe);
  } catch (error) {
    throw new BackupError(`Backup folder ${absolute} is not writable (${codeOf(error)})`, { cause: error });
  }
  return absolute;
}

// ---------------------------------------------------------------------------------------------
// Checking a database file

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** FTS5 tables of the database (external-content indexes such as `clients_fts`). */
async function ftsTables(client: Client): Promise<string[]> {
  const rows = await client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%' AND lower(sql) LIKE '%using fts5%' ORDER BY name",
  );
  return rows.rows.map((r) => String(r.name));
}

/** Row counts of the ordinary tables (not FTS5 indexes, their shadow tables or SQLite's own). */
async function tableCounts(client: Client, fts: string[]): Promise<Record<string, number>> {
  const shadow = new Set(fts.flatMap((t) => ['data', 'idx', 'docsize', 'config', 'content'].map((s) => `${t}_${s}`)));
  const tables = await client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name",
  );
  const counts: Record<string, number> = {};
  for (const row of tables.rows) {
    const name = String(row.name);
    if (shadow.has(name)) continue;
    const result = await client.execute(`SELECT count(*) AS n FROM ${quoteIdent(name)}`);
    counts[name] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}

/** Rebuilds every FTS5 index from its content table, then runs FTS5's own integrity check on it. */
async function rebuildFts(client: Client, fts: string[]): Promise<void> {
  for (const table of fts) {
    const t = quoteIdent(table);
    await client.execute(`INSERT INTO ${t}(${t}) VALUES('rebuild')`);
    try {
      await client.execute(`INSERT INTO ${t}(${t}) VALUES('integrity-check')`);
    } catch (error) {
      throw new BackupError(`Search index ${table} fails its integrity check (${codeOf(error)})`, { cause: error });
    }
  }
}

async function integrityOk(client: Client): Promise<void> {
  const result = await client.execute('PRAGMA integrity_check');
  const lines = result.rows.map((r) => String(Object.values(r)[0]));
  if (lines.length !== 1 || lines[0] !== 'ok') {
    throw new BackupError(`integrity_check failed: ${lines.slice(0, 3).join('; ')}`);
  }
}

/** Tables whose count differs from the `row_counts` table kept by triggers (same snapshot). */
async function countMismatches(client: Client, counts: Record<string, number>): Promise<string[]> {
  if (!('row_counts' in counts)) return [];
  const kept = await client.execute('SELECT table_name, n FROM row_counts');
  return kept.rows
    .map((r) => ({ table: String(r.table_name), n: Number(r.n) }))
    .filter(({ table, n }) => table in counts && counts[table] !== n)
    .map(({ table, n }) => `${table}: ${counts[table]} rows, row_counts says ${n}`);
}

function fsyncPath(path: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    fsyncSync(fd);
  } catch {
    // Some file systems cannot fsync a folder; the rename is still atomic.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function removeQuietly(path: string): void {
  for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(path + suffix, { force: true });
}

/** A name in `dir` not taken yet: `<db>-<stamp>.db`, else `<db>-<stamp>-2.db`, … */
function freeBackupName(dir: string, databasePath: string, at: Date): string {
  const base = `${stemOf(databasePath)}-${stampOf(at)}`;
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${base}.db` : `${base}-${n}.db`;
    if (!existsSync(join(dir, name))) return name;
  }
}

// ---------------------------------------------------------------------------------------------
// Backup

/**
 * Writes a checked backup of the database that `client` is connected to (the embedded file at
 * `databasePath`) into `dir`, under a temporary name first and its final name only after the
 * checks pass. `client` is the caller's libSQL client (the server's own, or the one of
 * `npm run db:backup`); the copy is opened with a client of its own. Throws BackupError for a
 * folder that cannot be written and for a copy that fails a check (the temporary file is
 * removed); the live database is only read.
 */
export async function createBackup({
  client: given,
  databasePath,
  dir,
  now = () => new Date(),
}: {
  /** The connection to copy through; without one, a connection of the backup's own is opened. */
  client?: Client;
  databasePath: string;
  dir: string;
  now?: () => Date;
}): Promise<BackupResult> {
  // VACUUM INTO only reads: it holds no lock that a write waits for.
  const client = given ?? createClient({ url: fileUrlOf(databasePath) });
  try {
    return await copyAndCheck({ client, databasePath, dir, now });
  } finally {
    if (!given) client.close();
  }
}

async function copyAndCheck({
  client,
  databasePath,
  dir,
  now,
}: {
  client: Client;
  databasePath: string;
  dir: string;
  now: () => Date;
}): Promise<BackupResult> {
  const folder = prepareBackupDir(dir);
  const started = now();
  const startedMs = performance.now();
  const name = freeBackupName(folder, databasePath, started);
  const temporary = join(folder, `.${name}.partial-${process.pid}`);
  removeQuietly(temporary);
  let copy: Client | undefined;
  try {
    try {
      await client.execute({ sql: 'VACUUM INTO ?', args: [temporary] });
    } catch (error) {
      throw new BackupError(`VACUUM INTO ${temporary} failed (${codeOf(error)})`, { cause: error });
    }
    copy = createClient({ url: fileUrlOf(temporary) });
    const fts = await ftsTables(copy);
    await rebuildFts(copy, fts);
    await integrityOk(copy);
    const counts = await tableCounts(copy, fts);
    const mismatches = await countMismatches(copy, counts);
    const mode = await copy.execute('PRAGMA journal_mode');
    if (String(mode.rows[0]?.journal_mode) === 'wal') await copy.execute('PRAGMA journal_mode = DELETE');
    copy.close();
    copy = undefined;
    fsyncPath(temporary);
    const target = join(folder, freeBackupName(folder, databasePath, started));
    renameSync(temporary, target);
    fsyncPath(folder);
    return {
      path: target,
      bytes: statSync(target).size,
      counts,
      ftsTables: fts,
      countMismatches: mismatches,
      ms: Math.round(performance.now() - startedMs),
    };
  } catch (error) {
    copy?.close();
    removeQuietly(temporary);
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The backup copy failed its checks (${codeOf(error)})`, { cause: error });
  }
}

/**
 * `npm run db:backup`: opens the embedded database of `databaseUrl` (which must exist), backs it
 * up into `dir` (createBackup) and closes it. Throws BackupError for a libSQL server URL, a
 * missing database file and every createBackup problem.
 */
export async function backupDatabase({
  databaseUrl,
  dir,
}: {
  databaseUrl: string;
  dir: string;
}): Promise<BackupResult> {
  const databasePath = embeddedDatabasePath(databaseUrl);
  if (!existsSync(databasePath)) throw new BackupError(`There is no database at ${databasePath} (DATABASE_URL)`);
  const client = createClient({ url: fileUrlOf(databasePath) });
  try {
    return await createBackup({ client, databasePath, dir });
  } finally {
    client.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The server's pid file

function pidFileOf(databasePath: string): string {
  return `${databasePath}.pid`;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === 'EPERM';
  }
}

/**
 * Marks the embedded database of `databaseUrl` as used by this server: writes this process's
 * pid to `<database>.pid` (docs/product.md#backups), which `npm run db:restore` checks. Returns
 * `release()`, which removes the file if it still holds this pid; it is also removed when the
 * process exits normally. For a libSQL server URL nothing is written and `release` does nothing.
 * Throws when the file cannot be written.
 */
export function claimServerPidFile(databaseUrl: string): () => void {
  const databasePath = databaseFilePath(databaseUrl);
  if (!databasePath) return () => {};
  const file = pidFileOf(databasePath);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${process.pid}\n`);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  process.once('exit', release);
  return release;
}

/** The pid in `<database>.pid` when that process is alive, else null. */
function livePidOf(databasePath: string): number | null {
  let text: string;
  try {
    text = readFileSync(pidFileOf(databasePath), 'utf8').trim();
  } catch {
    return null;
  }
  const pid = Number(text);
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid) ? pid : null;
}

/**
 * Takes SQLite's exclusive lock on the live database (no waiting), checkpoints its WAL into the
 * file and leaves WAL mode, so the database is one self-contained file (the server turns WAL on
 * again at start). Any other process with the database open holds a shared lock on it, so this
 * fails with SQLITE_BUSY while a server runs, even an idle one: BackupError. Leaving WAL mode
 * also matters because the libSQL client closes a connection only when it is garbage-collected:
 * a connection still in WAL mode would then delete the `-wal` file of whatever database is at
 * this path by that time; for the same reason the exclusive lock is given back before closing.
 */
async function checkpointAlone(databasePath: string): Promise<void> {
  const client = createClient({ url: fileUrlOf(databasePath) });
  try {
    await client.executeMultiple(
      'PRAGMA busy_timeout = 0; PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; SELECT count(*) FROM sqlite_master; COMMIT; PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE; PRAGMA locking_mode = NORMAL; SELECT count(*) FROM sqlite_master;',
    );
  } catch (error) {
    const busy = /BUSY|locked/i.test(codeOf(error)) || /BUSY|locked/i.test(String((error as Error).message));
    throw new BackupError(
      busy
        ? `The database ${databasePath} is in use by another process: stop the server before restoring`
        : `The live database ${databasePath} cannot be opened (${codeOf(error)})`,
      { cause: error },
    );
  } finally {
    client.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Restore

const SQLITE_HEADER = 'SQLite format 3\u0000';

function hasSqliteHeader(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(16);
    return readSync(fd, buffer, 0, 16, 0) === 16 && buffer.toString('latin1') === SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
}

/** Checks the copy at `path` as a backup of this site; rebuilds its FTS5 indexes. Returns its counts. */
async function checkRestoreCopy(path: string, shownName: string): Promise<Record<string, number>> {
  const copy = createClient({ url: fileUrlOf(path) });
  try {
    try {
      await integrityOk(copy);
    } catch (error) {
      throw new BackupError(`${shownName} is damaged: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    const migrations = await copy.execute(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'",
    );
    if (migrations.rows.length === 0) {
      throw new BackupError(`${shownName} has no __drizzle_migrations table: it is not a database of this site`);
    }
    const fts = await ftsTables(copy);
    await rebuildFts(copy, fts);
    const mode = await copy.execute('PRAGMA journal_mode');
    if (String(mode.rows[0]?.journal_mode) === 'wal') await copy.execute('PRAGMA journal_mode = DELETE');
    return await tableCounts(copy, fts);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${shownName} cannot be read as a database (${codeOf(error)})`, { cause: error });
  } finally {
    copy.close();
  }
}

/**
 * `npm run db:restore -- FILE`: replaces the embedded database of `databaseUrl` with the backup
 * `file`. In order: the file must exist and be a SQLite database; no server may hold the
 * database (its pid file names a live process, or SQLite's lock is taken); a copy of the file
 * beside the database must pass `PRAGMA integrity_check` and have `__drizzle_migrations`; the
 * live database is checkpointed and renamed, with its `-wal` and `-shm`, to
 * `<db>.before-restore-<time>`; the copy is renamed into place. Throws BackupError (the live
 * database untouched) for every refusal.
 */
export async function restoreDatabase({
  databaseUrl,
  file,
  now = () => new Date(),
}: {
  databaseUrl: string;
  file: string;
  now?: () => Date;
}): Promise<RestoreResult> {
  const databasePath = embeddedDatabasePath(databaseUrl);
  const source = resolve(file);
  let sourceStat;
  try {
    sourceStat = statSync(source);
  } catch (error) {
    throw new BackupError(
      codeOf(error) === 'ENOENT'
        ? `Backup file ${source} does not exist`
        : `Backup file ${source} cannot be read (${codeOf(error)})`,
      { cause: error },
    );
  }
  if (!sourceStat.isFile()) throw new BackupError(`${source} is not a file`);
  if (source === databasePath) throw new BackupError(`${source} is the live database itself`);
  if (!hasSqliteHeader(source)) throw new BackupError(`${source} is not a SQLite database`);

  const pid = livePidOf(databasePath);
  if (pid !== null) {
    throw new BackupError(
      `The server is running (pid ${pid} in ${pidFileOf(databasePath)}): stop it before restoring (if it is not a server, delete that file)`,
    );
  }

  mkdirSync(dirname(databasePath), { recursive: true });
  const staged = `${databasePath}.restoring-${process.pid}`;
  removeQuietly(staged);
  try {
    copyFileSync(source, staged);
    const counts = await checkRestoreCopy(staged, source);
    fsyncPath(staged);

    const keptAside: string[] = [];
    if (existsSync(databasePath)) {
      await checkpointAlone(databasePath);
      const base = `${databasePath}.before-restore-${stampOf(now())}`;
      let aside = base;
      for (let n = 2; existsSync(aside); n++) aside = `${base}-${n}`;
      renameSync(databasePath, aside);
      keptAside.push(aside);
      for (const suffix of ['-wal', '-shm']) {
        if (existsSync(databasePath + suffix)) {
          renameSync(databasePath + suffix, aside + suffix);
          keptAside.push(aside + suffix);
        }
      }
    }
    renameSync(staged, databasePath);
    fsyncPath(dirname(databasePath));
    return { databasePath, keptAside, counts };
  } finally {
    removeQuietly(staged);
  }
}
