/**
 * Backups of the embedded database (docs/product.md#backups): `createBackup` for the server's
 * schedule (jobs/backup.ts) and `backupDatabase` for `npm run db:backup`.
 *
 * The copy and its checks (backup-copy.ts) run in a worker thread (backup-worker.ts) on a
 * connection of its own to the database file, so the process that asks for a backup keeps
 * answering requests while even a large database is copied
 * (docs/decisions/0023-backups-in-a-worker-thread.md). The copy is written under a temporary name
 * in the backup folder and gets its final name only after its checks pass (names and folder:
 * backup-files.ts). A process makes one backup at a time; before each, the temporary files of
 * backups whose process died are deleted. The uploaded files that the copy's rows name go into the
 * backup's uploads folder, also under a temporary name until the checks pass (backup-uploads.ts).
 *
 * Restore: backup-restore.ts; the server's pid file: backup-pid-file.ts.
 */
import { existsSync } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Mutex } from 'async-mutex';
import { BackupError, codeOf } from './backup-error.ts';
import type { CopyChecks, CopyReport, CopyRequest, CopyResult } from './backup-copy.ts';
import {
  embeddedDatabasePath,
  freeBackupName,
  partialPathOf,
  prepareBackupDir,
  removeQuietly,
  removeStalePartials,
  uploadsFolderOf,
} from './backup-files.ts';
import { startUploadsBackup, type UploadsBackup, type UploadsLocation } from './backup-uploads.ts';

/** What a backup wrote. */
export interface BackupResult extends CopyChecks {
  /** Absolute path of the checked backup file. */
  path: string;
  /** Its size, in bytes. */
  bytes: number;
  /** Milliseconds from the start of the copy to the rename, the uploaded files included. */
  ms: number;
  /** What it holds of the uploaded files; null when createBackup was given no `uploads`. */
  uploads: UploadsBackup | null;
}

/** How often the copy is flushed to the disk while the worker writes it, in milliseconds. */
const FLUSH_EVERY_MS = 50;

/** One backup at a time in this process (see removeStalePartials). */
const oneAtATime = new Mutex();

/**
 * The worker's script: the built one beside the server entry (dist/server/backup-worker.mjs,
 * written by scripts/server-entry-integration.mjs), else the source beside this file, which Node
 * runs as it is (tests, `npm run db:backup` through tsx).
 */
function workerScript(): URL {
  const built = new URL('./backup-worker.mjs', import.meta.url);
  return existsSync(built) ? built : new URL('./backup-worker.ts', import.meta.url);
}

/**
 * Runs copyAndCheck(`request`) in a new worker thread. Resolves with its checks and the copy's
 * storage keys; rejects with BackupError when the copy or a check fails, or when the worker
 * cannot start or dies.
 */
function copyInWorker(request: CopyRequest): Promise<CopyResult> {
  return new Promise((resolve, reject) => {
    let report: CopyReport | undefined;
    const worker = new Worker(workerScript(), { workerData: request, name: 'backup' });
    worker.once('message', (message: CopyReport) => (report = message));
    worker.once('error', (error) =>
      reject(new BackupError(`The backup worker failed (${codeOf(error)})`, { cause: error })),
    );
    worker.once('exit', (code) => {
      if (!report) reject(new BackupError(`The backup worker stopped before it answered (exit code ${code})`));
      else if (report.ok) {
        const { counts, ftsTables, countMismatches, storageKeys } = report;
        resolve({ counts, ftsTables, countMismatches, storageKeys });
      } else if (report.operator) reject(new BackupError(report.message));
      else reject(new BackupError(`The backup copy failed its checks (${report.message})`));
    });
  });
}

/**
 * Runs copyInWorker(`request`) and resolves as it does, with the copy flushed to the disk. The
 * copy's file is created empty here first (`VACUUM INTO` accepts an empty file) and kept open
 * until the worker has ended, and what the worker has written to it is flushed every
 * FLUSH_EVERY_MS, off the event loop: flushing a whole copy at once kept the disk busy long
 * enough to hold up the server's own commits (on ext4, by up to 120 ms for 200 MB, against
 * 30–40 ms when flushed as written). Rejects with the worker's BackupError, or the file system's
 * error.
 */
async function copyFlushedAsWritten(request: CopyRequest): Promise<CopyResult> {
  const file = await open(request.temporary, 'wx');
  try {
    let copying = true;
    let flushFailure: unknown;
    const flushing = (async () => {
      while (copying) {
        await delay(FLUSH_EVERY_MS);
        if (copying) await file.datasync();
      }
    })().catch((error: unknown) => (flushFailure = error));
    let checks: CopyResult;
    try {
      checks = await copyInWorker(request);
    } finally {
      copying = false;
      await flushing;
    }
    if (flushFailure !== undefined) throw flushFailure;
    await file.sync();
    return checks;
  } finally {
    await file.close();
  }
}

/** Flushes `path` (a file or a folder) to the disk; a file system that cannot fsync a folder is fine. */
async function fsyncPath(path: string): Promise<void> {
  let handle;
  try {
    handle = await open(path, 'r');
    await handle.sync();
  } catch {
    // Some file systems cannot fsync a folder; the rename is still atomic.
  } finally {
    await handle?.close();
  }
}

/**
 * Writes a checked backup of the embedded database file at `databasePath` (absolute) into `dir`,
 * under a temporary name first and its final name only after the checks pass; `now` gives the
 * time in its name. With `uploads` (the storage, backup-uploads.ts), the files of UPLOADS_DIR
 * that the copy's rows name go into the backup's uploads folder, renamed just before the copy is
 * (docs/product.md#backups); files missing from the storage are reported in the result. Waits
 * for a backup of this process already running, and deletes the temporary files of dead backups
 * in `dir` first. The live database is only read, on a connection of the worker's own. Throws
 * BackupError for a folder that cannot be written, a missing database, a copy that fails a
 * check and an uploaded file that cannot be linked or copied (its temporary files are deleted).
 */
export function createBackup({
  databasePath,
  dir,
  now = () => new Date(),
  uploads,
}: {
  databasePath: string;
  dir: string;
  now?: () => Date;
  uploads?: UploadsLocation;
}): Promise<BackupResult> {
  return oneAtATime.runExclusive(async () => {
    const folder = prepareBackupDir(dir);
    await removeStalePartials(folder, databasePath);
    const started = now();
    const startedMs = performance.now();
    const temporary = partialPathOf(folder, freeBackupName(folder, databasePath, started));
    const temporaryUploads = uploadsFolderOf(temporary);
    let finalUploads: string | undefined;
    await removeQuietly(temporary);
    await rm(temporaryUploads, { recursive: true, force: true });
    try {
      const finishUploads = uploads ? await startUploadsBackup(uploads, temporaryUploads) : null;
      const { storageKeys, ...checks } = await copyFlushedAsWritten({ databasePath, temporary });
      const held = finishUploads ? await finishUploads(storageKeys) : null;
      const target = join(folder, freeBackupName(folder, databasePath, started));
      // The uploads folder first: a backup file always has its files beside it.
      if (held?.driver === 'fs' && held.folder !== null) {
        finalUploads = uploadsFolderOf(target);
        await rename(temporaryUploads, finalUploads);
        held.folder = finalUploads;
      }
      await rename(temporary, target);
      await fsyncPath(folder);
      const { size } = await stat(target);
      return { path: target, bytes: size, ...checks, ms: Math.round(performance.now() - startedMs), uploads: held };
    } catch (error) {
      await removeQuietly(temporary);
      await rm(temporaryUploads, { recursive: true, force: true });
      if (finalUploads) await rm(finalUploads, { recursive: true, force: true });
      if (error instanceof BackupError) throw error;
      throw new BackupError(`The backup could not be written (${codeOf(error)})`, { cause: error });
    }
  });
}

/**
 * `npm run db:backup`: backs up the embedded database of `databaseUrl` (which must exist) and
 * the uploaded files its rows name in `uploads` into `dir` with createBackup. Throws BackupError
 * for a libSQL server URL, a missing database file and every createBackup problem.
 */
export async function backupDatabase({
  databaseUrl,
  dir,
  uploads,
}: {
  databaseUrl: string;
  dir: string;
  uploads: UploadsLocation;
}): Promise<BackupResult> {
  const databasePath = embeddedDatabasePath(databaseUrl);
  if (!existsSync(databasePath)) throw new BackupError(`There is no database at ${databasePath} (DATABASE_URL)`);
  return createBackup({ databasePath, dir, uploads });
}
