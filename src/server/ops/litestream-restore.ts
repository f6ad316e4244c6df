/**
 * `npm run db:restore -- --from-replica` (docs/product.md#backups,
 * docs/decisions/0039-continuous-backup-with-litestream.md): the embedded database (and the
 * uploaded files beside a folder replica) brought back from the Litestream replica of
 * LITESTREAM_REPLICA_URL, with the server stopped.
 *
 * Refused first, the live database untouched: without a replica setting; while a server holds
 * the database (its pid file, backup-pid-file.ts) or a Litestream it started still runs (its
 * claim file, litestream-claim.ts). Then `litestream restore` writes the newest state of the
 * replica into a new folder beside the database, and that file goes through the restore of a
 * backup file (backup-restore.ts): checked, the live database kept aside, renamed into place. So
 * a restore cut short never leaves a half-written database in place. Litestream's own folder of
 * the previous database (its shadow WAL) is deleted, as Litestream asks when a database is
 * replaced; the next start begins a new generation in the replica.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { ReplicaTarget } from '../env/replica-url.ts';
import { BackupError } from './backup-error.ts';
import { embeddedDatabasePath } from './backup-files.ts';
import { refuseWhileServerRuns, restoreDatabase, type RestoreResult } from './backup-restore.ts';
import { restoreUploads } from './backup-uploads-restore.ts';
import type { UploadsLocation } from './backup-uploads.ts';
import { isLitestreamProcess, readLitestreamClaim } from './litestream-claim.ts';
import { litestreamBinary, litestreamConfig, litestreamMetaDir, LitestreamMissingError } from './litestream-config.ts';
import { replicaUploadsDir } from './litestream-uploads.ts';

const run = promisify(execFile);

/** What a restore from the replica did: a backup restore's result, from `replica`. */
export interface ReplicaRestoreResult extends RestoreResult {
  /** LITESTREAM_REPLICA_URL as set. */
  replica: string;
}

/** The `error` of the last JSON log line Litestream wrote on failing, else its last line. */
function litestreamFailure(stderr: string): string {
  const lines = stderr.trim().split('\n').filter(Boolean);
  for (const line of [...lines].reverse()) {
    try {
      const entry = JSON.parse(line) as { error?: unknown };
      if (typeof entry.error === 'string') return entry.error;
    } catch {
      // Not a log line.
    }
  }
  return lines.at(-1) ?? 'no message';
}

/**
 * Runs `litestream restore` of `databasePath`'s replica into `output` (which must not exist).
 * Throws BackupError when the replica holds no backup of it or Litestream fails.
 */
async function litestreamRestore(databasePath: string, replica: ReplicaTarget, output: string): Promise<void> {
  const config = join(dirname(output), 'litestream.yml');
  await writeFile(config, litestreamConfig({ databasePath, replica, logLevel: 'error' }));
  const args = ['restore', '-config', config, '-no-expand-env', '-o', output, databasePath];
  try {
    await run(litestreamBinary(), args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    if (error instanceof LitestreamMissingError) throw new BackupError(error.message, { cause: error });
    const failure = litestreamFailure(String((error as { stderr?: unknown }).stderr ?? ''));
    if (/no matching backups found/.test(failure)) {
      throw new BackupError(`The replica ${replica.url} holds no backup of ${databasePath}`, { cause: error });
    }
    throw new BackupError(`Litestream could not restore from ${replica.url}: ${failure}`, { cause: error });
  }
}

/**
 * Restores the database of `databaseUrl` from `replica` (see the module comment); with
 * `uploads` the files beside a folder replica go back into the storage (restoreUploads). `waitMs`,
 * `onWait` and `now` are those of restoreDatabase; `uploads` is null after an S3 replica with the
 * local-disk storage, which holds no files. Throws BackupError for every refusal (the live
 * database untouched), and restoreUploads' BackupError after the database is restored.
 */
export async function restoreFromReplica({
  databaseUrl,
  replica,
  uploads,
  waitMs = 0,
  onWait,
  now,
}: {
  databaseUrl: string;
  replica: ReplicaTarget | undefined;
  uploads?: UploadsLocation;
  waitMs?: number;
  onWait?: () => void;
  now?: () => Date;
}): Promise<ReplicaRestoreResult> {
  if (!replica) {
    throw new BackupError('LITESTREAM_REPLICA_URL is not set: there is no replica to restore from');
  }
  const databasePath = embeddedDatabasePath(databaseUrl);
  refuseWhileServerRuns(databasePath);
  const claim = readLitestreamClaim(databasePath);
  if (claim && isLitestreamProcess(claim.litestream)) {
    throw new BackupError(
      `Litestream (pid ${claim.litestream}) still replicates ${databasePath}: stop it (kill ${claim.litestream}) before restoring`,
    );
  }
  const staging = await mkdtemp(join(dirname(databasePath), `.${basename(databasePath)}.from-replica-`));
  try {
    const output = join(staging, basename(databasePath));
    await litestreamRestore(databasePath, replica, output);
    const restored = await restoreDatabase({ databaseUrl, file: output, waitMs, onWait, now });
    await rm(litestreamMetaDir(databasePath), { recursive: true, force: true });
    // Files are beside a folder replica only (litestream-uploads.ts); an S3 bucket keeps its own.
    const folder = replica.kind === 'file' ? replicaUploadsDir(replica.dir) : undefined;
    const files =
      uploads && (folder || uploads.driver === 's3')
        ? await restoreUploads({ backupFile: output, databasePath, location: uploads, folder })
        : null;
    return { ...restored, uploads: files, replica: replica.url };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
