/**
 * The daily retention job (docs/retention.md; services/privacy/retention.ts): once a day, only in the
 * process that holds the scheduled jobs' lease, it deletes or anonymises what is due, deletes the
 * bytes of deleted files, prunes backups older than RETENTION_BACKUP_DAYS, and logs the counts
 * (never a name or an address).
 */
import { rm } from 'node:fs/promises';
import type { Env } from '../env/index.ts';
import { log } from '../log.ts';
import { embeddedDatabasePath, listBackups, uploadsFolderOf } from '../ops/backup-files.ts';
import type { Database } from '../db/database.ts';
import { deleteStoredFiles } from '../services/files/cleanup.ts';
import { applyRetention } from '../services/privacy/retention.ts';
import type { FileStorage } from '../storage/storage.ts';
import { repeat, type Repeating } from './repeat.ts';
import { reportRoundError } from './round-errors.ts';

/** A day, in milliseconds: how often retention runs. */
const DAY_MS = 24 * 60 * 60 * 1000;
/** How often retention runs: once a day, in milliseconds. */
export const RETENTION_EVERY_MS = DAY_MS;

type RetentionJobEnv = Pick<
  Env,
  | 'RETENTION_LEAD_MONTHS'
  | 'RETENTION_CHAT_MONTHS'
  | 'RETENTION_YEARS_PROJECTS'
  | 'RETENTION_BACKUP_DAYS'
  | 'BACKUP_DIR'
  | 'DATABASE_URL'
>;

/** Deletes scheduled backups (and their uploads folders) older than RETENTION_BACKUP_DAYS; returns how many. */
async function pruneOldBackups(env: RetentionJobEnv, now: Date): Promise<number> {
  if (!env.BACKUP_DIR) return 0;
  let databasePath: string;
  try {
    databasePath = embeddedDatabasePath(env.DATABASE_URL);
  } catch {
    return 0;
  }
  const cutoff = now.getTime() - env.RETENTION_BACKUP_DAYS * DAY_MS;
  let removed = 0;
  for (const backup of listBackups(env.BACKUP_DIR, databasePath)) {
    if (backup.takenAt.getTime() >= cutoff) continue;
    await rm(uploadsFolderOf(backup.path), { recursive: true, force: true });
    await rm(backup.path, { force: true });
    removed++;
  }
  return removed;
}

/** One run at `now`: what is due is done; resolves with the counts it logged. */
export async function runRetention(db: Database, storage: FileStorage, env: RetentionJobEnv, now = new Date()) {
  const { counts, storageKeys } = await applyRetention(db, env, now);
  await deleteStoredFiles(storage, storageKeys);
  const backupsDeleted = await pruneOldBackups(env, now);
  const result = { ...counts, filesDeleted: storageKeys.length, backupsDeleted };
  log.info({ component: 'retention', ...result }, 'retention applied');
  return result;
}

/** Starts the daily schedule; `stop()` ends it once a run in progress has finished. */
export function scheduleRetention(
  db: Database,
  storage: FileStorage,
  env: RetentionJobEnv,
  { shouldRun, everyMs = RETENTION_EVERY_MS }: { shouldRun: () => boolean; everyMs?: number },
): Repeating {
  return repeat(
    () => runRetention(db, storage, env).then(() => undefined, reportRoundError('retention', 'retention failed')),
    { everyMs, shouldRun },
  );
}
