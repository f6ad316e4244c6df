/**
 * The files of backups (docs/product.md#backups): which database file a DATABASE_URL names, the
 * backup folder, the names of backups and of their temporary files, retention (BACKUP_KEEP), and
 * the removal of temporary files left by a backup that died.
 *
 * A backup is `<db>-YYYY-MM-DDTHH-MM-SSZ.db` (UTC, `-2`, `-3`… before `.db` for a second one within
 * one second), with its uploaded files, when it holds any, in the folder `<that name>.uploads`
 * (backup-uploads.ts); while it is made and checked it is `.<that name>.partial-<pid>` (and
 * `….partial-<pid>.uploads`) in the same folder, `<pid>` being the process that makes it. Files
 * named otherwise are never touched.
 */
import { existsSync, mkdirSync, readdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { databaseFilePath } from '../db/database.ts';
import { BackupError, codeOf } from './backup-error.ts';

const REMOTE_MESSAGE =
  "DATABASE_URL points at a libSQL server, not an embedded file: back it up and restore it with that server's own tools (e.g. sqld snapshots, `turso db shell … .dump`)";

/**
 * The absolute path of the database file of `databaseUrl` (a `file:` URL). Throws BackupError for
 * a libSQL server URL and for an in-memory database. This is the backup code's only use of
 * db/database.ts: everything else opens the file by this path.
 */
export function embeddedDatabasePath(databaseUrl: string): string {
  const path = databaseFilePath(databaseUrl);
  if (path) return path;
  if (databaseUrl.startsWith('file:'))
    throw new BackupError('DATABASE_URL is an in-memory database: nothing to back up');
  throw new BackupError(REMOTE_MESSAGE);
}

/** True when a process with this pid exists (also one of another user: EPERM). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === 'EPERM';
  }
}

/**
 * Deletes `path` and SQLite's side files of it (`-journal`, `-wal`, `-shm`); missing ones are fine.
 * Off the event loop: unlinking a file of a few hundred MB takes tens of milliseconds.
 */
export async function removeQuietly(path: string): Promise<void> {
  for (const suffix of ['', '-journal', '-wal', '-shm']) await rm(path + suffix, { force: true });
}

/** The folder of the uploaded files of the backup (or temporary backup file) `backupPath`. */
export function uploadsFolderOf(backupPath: string): string {
  return `${backupPath}.uploads`;
}

/** `2026-11-23T18:30:00.123Z` → `2026-11-23T18-30-00Z`, the time in backup names (UTC, seconds). */
export function stampOf(date: Date): string {
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

/** `<stem>-YYYY-MM-DDTHH-MM-SSZ[-N].db`, with the date, hours, minutes, seconds and N captured. */
function namePattern(stem: string): string {
  return `${escapeRegExp(stem)}-(\\d{4}-\\d{2}-\\d{2})T(\\d{2})-(\\d{2})-(\\d{2})Z(?:-(\\d+))?\\.db`;
}

interface BackupFile {
  path: string;
  /** When the backup was taken (the time in its name, to the second). */
  takenAt: Date;
  /** The `-N` suffix of a second backup within one second (1 when absent). */
  sequence: number;
}

/** The names in `dir`; none when the folder does not exist. Throws other read errors. */
function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return [];
    throw error;
  }
}

/** The backups of the database at `databasePath` in `dir`, oldest first (see the module's names). */
export function listBackups(dir: string, databasePath: string): BackupFile[] {
  const pattern = new RegExp(`^${namePattern(stemOf(databasePath))}$`);
  const found: BackupFile[] = [];
  for (const name of namesIn(dir)) {
    const match = pattern.exec(name);
    if (!match) continue;
    const [, day, hh, mm, ss, sequence] = match;
    const takenAt = new Date(`${day}T${hh}:${mm}:${ss}Z`);
    if (Number.isNaN(takenAt.getTime())) continue;
    found.push({ path: join(dir, name), takenAt, sequence: sequence ? Number(sequence) : 1 });
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
 * `keep` (integer ≥ 1; BACKUP_KEEP, docs/product.md#backups), each with its uploads folder, and
 * the uploads folders whose backup file is gone (a backup cut between its two renames); files not
 * named like our backups are never touched. Resolves with the backup files deleted, off the event
 * loop (unlinking a backup of a few hundred MB takes tens of milliseconds). Rejects with
 * BackupError when `keep` is not an integer ≥ 1.
 */
export async function pruneBackups(dir: string, databasePath: string, keep: number): Promise<string[]> {
  if (!Number.isInteger(keep) || keep < 1) throw new BackupError(`BACKUP_KEEP must be a whole number ≥ 1, not ${keep}`);
  const folder = resolve(dir);
  const backups = listBackups(folder, databasePath);
  const doomed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const backup of doomed) {
    await rm(uploadsFolderOf(backup.path), { recursive: true, force: true });
    await rm(backup.path, { force: true });
  }
  const uploads = new RegExp(`^(${namePattern(stemOf(databasePath))})\\.uploads$`);
  for (const name of namesIn(folder)) {
    const backupName = uploads.exec(name)?.[1];
    if (backupName && !existsSync(join(folder, backupName)))
      await rm(join(folder, name), { recursive: true, force: true });
  }
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

/**
 * A backup name in `dir` not taken yet, by a backup or an uploads folder: `<db>-<stamp>.db`, else
 * `<db>-<stamp>-2.db`, …
 */
export function freeBackupName(dir: string, databasePath: string, at: Date): string {
  const base = `${stemOf(databasePath)}-${stampOf(at)}`;
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${base}.db` : `${base}-${n}.db`;
    if (!existsSync(join(dir, name)) && !existsSync(uploadsFolderOf(join(dir, name)))) return name;
  }
}

/** The temporary file of the backup `name` in `dir` while this process makes it. */
export function partialPathOf(dir: string, name: string): string {
  return join(dir, `.${name}.partial-${process.pid}`);
}

/**
 * Deletes from `dir` the temporary files that a backup of the database at `databasePath` left
 * when its process died (killed, power cut): `.<backup name>.partial-<pid>`, SQLite's
 * `-journal`/`-wal`/`-shm` beside it and its `.uploads` folder, and the folder's write probe
 * `.write-test-<pid>`, when no process `<pid>` exists any more. Files of this process count as
 * left behind too: the caller runs one backup at a time and calls this before starting one. Files
 * of another live process (a `npm run db:backup` in progress, a second server) are left alone; so
 * is a file whose pid has since been given to an unrelated process, until that process ends.
 * Resolves with the paths deleted, off the event loop; a missing folder has none.
 */
export async function removeStalePartials(dir: string, databasePath: string): Promise<string[]> {
  const partial = new RegExp(
    `^\\.${namePattern(stemOf(databasePath))}\\.partial-(?<pid>\\d+)(?:-journal|-wal|-shm|\\.uploads)?$`,
  );
  const probe = /^\.write-test-(?<pid>\d+)$/;
  const removed: string[] = [];
  for (const name of namesIn(dir)) {
    const pid = Number((partial.exec(name) ?? probe.exec(name))?.groups?.pid);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    if (pid !== process.pid && processAlive(pid)) continue;
    await rm(join(dir, name), { recursive: true, force: true });
    removed.push(join(dir, name));
  }
  return removed;
}
