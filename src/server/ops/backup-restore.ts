/**
 * `npm run db:restore` (docs/product.md#backups): replaces the embedded database with a backup,
 * with the server stopped.
 *
 * The backup is checked (SQLite header, integrity, the `__drizzle_migrations` table) in a copy
 * beside the live database; the restore refuses while a server uses that database (its pid file,
 * backup-pid-file.ts, and an exclusive-lock probe); the live database is checkpointed and renamed
 * with its `-wal`/`-shm` to `<db>.before-restore-<time>`, and the checked copy renamed into place.
 * The checks are the backup's own (backup-copy.ts), run on this thread: nothing else is served
 * by the process that restores. Then the backup's uploaded files are put back
 * (backup-uploads-restore.ts).
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  statSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Libsql from 'libsql';
import { BackupError, codeOf } from './backup-error.ts';
import { ftsTables, integrityOk, rebuildFts, standalone, tableCounts } from './backup-copy.ts';
import { embeddedDatabasePath, removeQuietly, stampOf } from './backup-files.ts';
import { livePidOf, pidFileOf } from './backup-pid-file.ts';
import { restoreUploads, type UploadsRestore } from './backup-uploads-restore.ts';
import type { UploadsLocation } from './backup-uploads.ts';

/** What a restore did. */
export interface RestoreResult {
  /** The live database file, now holding the backup. */
  databasePath: string;
  /** The files the previous database was renamed to (database first, then `-wal`, `-shm`). */
  keptAside: string[];
  /** Rows per table in the restored database. */
  counts: Record<string, number>;
  /** What was done with the uploaded files; null when restoreDatabase was given no `uploads`. */
  uploads: UploadsRestore | null;
}

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

/** The refusal when another process has the live database open. */
class DatabaseInUseError extends BackupError {
  constructor(databasePath: string, options?: ErrorOptions) {
    super(`The database ${databasePath} is in use by another process: stop the server before restoring`, options);
  }
}

/**
 * Takes SQLite's exclusive lock on the live database (no waiting), checkpoints its WAL into the
 * file and leaves WAL mode, so the database is one self-contained file (the server turns WAL on
 * again at start); the lock is given back before the connection closes. Any other process with
 * the database open holds a shared lock on it, so this fails with SQLITE_BUSY while a server runs,
 * even an idle one: BackupError.
 */
function checkpointAlone(databasePath: string): void {
  let connection: Libsql.Database | undefined;
  try {
    connection = new Libsql(databasePath, { timeout: 0 });
    connection.exec(
      'PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; SELECT count(*) FROM sqlite_master; COMMIT; PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE; PRAGMA locking_mode = NORMAL; SELECT count(*) FROM sqlite_master;',
    );
  } catch (error) {
    const busy = /BUSY|locked/i.test(codeOf(error)) || /BUSY|locked/i.test(String((error as Error).message));
    if (busy) throw new DatabaseInUseError(databasePath, { cause: error });
    throw new BackupError(`The live database ${databasePath} cannot be opened (${codeOf(error)})`, { cause: error });
  } finally {
    connection?.close();
  }
}

/** How often a waiting restore tries SQLite's exclusive lock again, in milliseconds. */
const RETRY_EVERY_MS = 250;

/**
 * `checkpointAlone`, tried again every RETRY_EVERY_MS while another process has the database
 * open, for up to `waitMs` milliseconds; `onWait` is called once, at the first refusal. A server's
 * pid file appearing meanwhile ends the wait at once. Throws what `checkpointAlone` throws.
 */
async function checkpointWhenAlone(databasePath: string, waitMs: number, onWait?: () => void): Promise<void> {
  const deadline = performance.now() + waitMs;
  for (let told = false; ; told = true) {
    try {
      checkpointAlone(databasePath);
      return;
    } catch (error) {
      if (!(error instanceof DatabaseInUseError) || performance.now() >= deadline) throw error;
      refuseWhileServerRuns(databasePath);
      if (!told) onWait?.();
      await sleep(RETRY_EVERY_MS);
    }
  }
}

/** Throws BackupError when the pid file of `databasePath` names a live process. */
export function refuseWhileServerRuns(databasePath: string): void {
  const pid = livePidOf(databasePath);
  if (pid !== null) {
    throw new BackupError(
      `The server is running (pid ${pid} in ${pidFileOf(databasePath)}): stop it before restoring (if it is not a server, delete that file)`,
    );
  }
}

/** Checks the copy at `path` as a backup of this site; rebuilds its FTS5 indexes. Returns its counts. */
function checkRestoreCopy(path: string, shownName: string): Record<string, number> {
  let copy: Libsql.Database | undefined;
  try {
    copy = new Libsql(path);
    try {
      integrityOk(copy);
    } catch (error) {
      throw new BackupError(`${shownName} is damaged: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    const migrations = copy
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
      .get();
    if (migrations === undefined) {
      throw new BackupError(`${shownName} has no __drizzle_migrations table: it is not a database of this site`);
    }
    standalone(copy);
    const fts = ftsTables(copy);
    rebuildFts(copy, fts);
    return tableCounts(copy, fts);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${shownName} cannot be read as a database (${codeOf(error)})`, { cause: error });
  } finally {
    copy?.close();
  }
}

/**
 * `npm run db:restore -- FILE`: replaces the embedded database of `databaseUrl` with the backup
 * `file`. In order: the file must exist and be a SQLite database; no server may hold the
 * database (its pid file names a live process, or SQLite's lock is taken); a copy of the file
 * beside the database must pass `PRAGMA integrity_check` and have `__drizzle_migrations`; the
 * live database is checkpointed and renamed, with its `-wal` and `-shm`, to
 * `<db>.before-restore-<time>` (`now` gives the time); the copy is renamed into place. A process
 * that is not a server (a seed, a backup) and still has the database open is waited for up to
 * `waitMs`, `onWait` saying so once. Then, with `uploads`, the backup's files go back into the
 * storage (restoreUploads). Throws BackupError (the live database untouched) for every refusal,
 * and restoreUploads' BackupError after the database is restored.
 */
export async function restoreDatabase({
  databaseUrl,
  file,
  now = () => new Date(),
  waitMs = 0,
  onWait,
  uploads,
}: {
  databaseUrl: string;
  file: string;
  /** Where the uploaded files go back (backup-uploads.ts). */
  uploads?: UploadsLocation;
  now?: () => Date;
  /** How long to wait for another process (not a server) to close the database, in milliseconds. */
  waitMs?: number;
  /** Called once when the restore starts waiting for that process. */
  onWait?: () => void;
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

  refuseWhileServerRuns(databasePath);

  mkdirSync(dirname(databasePath), { recursive: true });
  const staged = `${databasePath}.restoring-${process.pid}`;
  await removeQuietly(staged);
  try {
    copyFileSync(source, staged);
    const counts = checkRestoreCopy(staged, source);
    fsyncPath(staged);

    const keptAside: string[] = [];
    if (existsSync(databasePath)) {
      await checkpointWhenAlone(databasePath, waitMs, onWait);
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
    const files = uploads ? await restoreUploads({ backupFile: source, databasePath, location: uploads }) : null;
    return { databasePath, keptAside, counts, uploads: files };
  } finally {
    await removeQuietly(staged);
  }
}
