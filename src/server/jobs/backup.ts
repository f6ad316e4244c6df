/**
 * Scheduled backups of the embedded database inside the server process (docs/product.md#backups).
 *
 * With BACKUP_DIR set and a `file:` DATABASE_URL, a checked backup (ops/backup.ts), with the
 * uploaded files its rows name (ops/backup-uploads.ts), is written to BACKUP_DIR every
 * BACKUP_EVERY_HOURS hours, and the oldest backups there beyond BACKUP_KEEP are deleted with
 * their files. The copy runs in a worker thread on its own connection to the database file, so
 * requests are answered meanwhile (docs/decisions/0023-backups-in-a-worker-thread.md). The first one is due one interval after the newest backup already in the folder:
 * at start when there is none or it is older than the interval. A failed backup is logged and
 * the next one runs as planned; nothing here stops the server.
 */
import type { Logger } from 'pino';
import type { Env } from '../env/index.ts';
import { createBackup } from '../ops/backup.ts';
import { BackupError } from '../ops/backup-error.ts';
import { embeddedDatabasePath, newestBackupAt, prepareBackupDir, pruneBackups } from '../ops/backup-files.ts';
import { uploadsLocationOf, type UploadsBackup } from '../ops/backup-uploads.ts';

/** The longest delay a Node timer accepts, in milliseconds (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * When a process that does not hold the jobs' lease looks again at the earliest, in milliseconds:
 * about the lease's renewal interval (JOB_LEASE_MS / 3 by default), so a take-over backs up soon.
 */
const NOT_HOLDING_RECHECK_MS = 10_000;

/** The log's fields of a backup's uploaded files: counts, the missing keys counted too. */
function uploadsFields(uploads: UploadsBackup | null) {
  if (uploads?.driver !== 'fs') return uploads;
  return { ...uploads, missing: uploads.missing.length };
}

export interface BackupSchedule {
  /** Stops the timer and resolves once a backup in progress has finished. */
  stop(): Promise<void>;
  /**
   * When the newest backup in BACKUP_DIR was taken (read from the folder, so it holds across
   * restarts and counts backups made by hand), or null without one or without BACKUP_DIR.
   */
  lastBackupAt(): Date | null;
}

/**
 * Starts the backup schedule. `env` gives the database file (DATABASE_URL) and the settings,
 * `log` the process logger (a child with `component: 'backup'` is used). Returns a schedule that does nothing when BACKUP_DIR is unset,
 * and logs a warning and does nothing for a libSQL server URL. A round is skipped unless
 * `shouldRun()` (several server processes: only the lease holder backs up). A folder that cannot be written
 * is logged as an error at start and at each attempt. The timer does not keep the process alive.
 */
export function scheduleBackups({
  env,
  log,
  now = () => new Date(),
  shouldRun = () => true,
}: {
  env: Pick<
    Env,
    | 'DATABASE_URL'
    | 'BACKUP_DIR'
    | 'BACKUP_EVERY_HOURS'
    | 'BACKUP_KEEP'
    | 'STORAGE_DRIVER'
    | 'UPLOADS_DIR'
    | 'S3_BUCKET'
  >;
  log: Logger;
  now?: () => Date;
  /** Whether this process runs the scheduled jobs now (it holds their lease, jobs/lease-keeper.ts). */
  shouldRun?: () => boolean;
}): BackupSchedule {
  const logger = log.child({ component: 'backup' });
  const dir = env.BACKUP_DIR;
  const inert: BackupSchedule = { stop: async () => {}, lastBackupAt: () => null };
  if (!dir) return inert;
  let databasePath: string;
  try {
    databasePath = embeddedDatabasePath(env.DATABASE_URL);
  } catch (error) {
    logger.warn(`BACKUP_DIR is set but no backups are scheduled: ${(error as Error).message}`);
    return inert;
  }
  try {
    prepareBackupDir(dir);
  } catch (error) {
    logger.error({ err: error }, `BACKUP_DIR: ${(error as Error).message}`);
  }

  const everyMs = env.BACKUP_EVERY_HOURS * 3_600_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  /** Waits until `dueAt` (epoch ms), in steps a Node timer accepts, then runs a backup. */
  const planAt = (dueAt: number) => {
    if (stopped) return;
    const wait = Math.max(0, dueAt - now().getTime());
    timer = setTimeout(
      () => {
        if (wait > MAX_TIMER_MS) planAt(dueAt);
        else running = step();
      },
      Math.min(wait, MAX_TIMER_MS),
    );
    timer.unref();
  };

  const step = async () => {
    const startedAt = now().getTime();
    if (!shouldRun()) {
      // Another server process on the same database makes the backups: look again when the
      // next one is due after its newest, and at least NOT_HOLDING_RECHECK_MS from now.
      const newest = newestBackupAt(dir, databasePath)?.getTime() ?? startedAt;
      planAt(Math.max(startedAt + NOT_HOLDING_RECHECK_MS, newest + everyMs));
      return;
    }
    try {
      const result = await createBackup({ databasePath, dir, now, uploads: uploadsLocationOf(env) });
      const removed = await pruneBackups(dir, databasePath, env.BACKUP_KEEP);
      const uploads = uploadsFields(result.uploads);
      logger.info(
        { file: result.path, bytes: result.bytes, ms: result.ms, rows: result.counts, uploads, removed },
        'backup written',
      );
      if (result.uploads?.driver === 'fs' && result.uploads.missing.length > 0) {
        logger.warn(
          { missing: result.uploads.missing },
          'backup lacks uploaded files its rows name: not in UPLOADS_DIR',
        );
      }
      if (result.countMismatches.length > 0) {
        logger.warn({ mismatches: result.countMismatches }, 'backup row counts differ from row_counts');
      }
    } catch (error) {
      const message = error instanceof BackupError ? error.message : 'unexpected error';
      logger.error({ err: error }, `backup failed: ${message}`);
    }
    planAt(startedAt + everyMs);
  };

  const newest = newestBackupAt(dir, databasePath);
  planAt(newest ? newest.getTime() + everyMs : now().getTime());

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    lastBackupAt: () => newestBackupAt(dir, databasePath),
  };
}
