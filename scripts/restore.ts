/**
 * `npm run db:restore -- FILE`: replaces the embedded database (DATABASE_URL `file:`) with the
 * backup FILE, with the server stopped (docs/product.md#backups). The file is checked first;
 * the current database is kept aside as `<db>.before-restore-<time>` (with its `-wal`/`-shm`).
 * Then the backup's uploaded files (`FILE.uploads`) are copied into UPLOADS_DIR. Prints what it
 * did.
 *
 * `npm run db:restore -- --from-replica`: the same from the newest state of the Litestream
 * replica of LITESTREAM_REPLICA_URL, and the uploaded files beside a folder replica
 * (src/server/ops/litestream-restore.ts, docs/decisions/0039-continuous-backup-with-litestream.md);
 * refused also without that setting and while the server's Litestream still runs.
 *
 * Another process that has the database open without being a server (a seed, a backup) is
 * waited for up to 30 s, with a message. Exit codes: 0 restored; 1 a refusal named on one line
 * (bad settings, a libSQL server URL, the server running, the database still in use after the
 * wait, a missing, damaged or foreign file), the live database untouched, or files that could not
 * be put back after the database was restored (the message says so); 2 bad arguments.
 */
import { EnvError, loadEnv } from '../src/server/env/index.ts';
import { BackupError } from '../src/server/ops/backup-error.ts';
import { restoreDatabase, type RestoreResult } from '../src/server/ops/backup-restore.ts';
import { restoreFromReplica } from '../src/server/ops/litestream-restore.ts';
import { uploadsRestoreLines } from '../src/server/ops/backup-uploads-restore.ts';
import { uploadsLocationOf } from '../src/server/ops/backup-uploads.ts';

/** How long a restore waits for a process that is not a server (a seed, a backup) to close the database. */
const WAIT_MS = 30_000;

const args = process.argv.slice(2);
const fromReplica = args.length === 1 && args[0] === '--from-replica';
if (args.length !== 1 || (args[0]!.startsWith('--') && !fromReplica)) {
  console.error('Usage: npm run db:restore -- FILE\n       npm run db:restore -- --from-replica');
  process.exit(2);
}
try {
  const env = loadEnv();
  const common = {
    databaseUrl: env.DATABASE_URL,
    waitMs: WAIT_MS,
    onWait: () => console.warn(`Waiting for the database: another process is using it (up to ${WAIT_MS / 1000} s)…`),
    uploads: uploadsLocationOf(env),
  };
  let result: RestoreResult;
  if (fromReplica) {
    const replica = env.LITESTREAM_REPLICA_URL;
    if (replica) console.log(`Restoring from the Litestream replica ${replica.url}…`);
    result = await restoreFromReplica({ ...common, replica });
  } else {
    result = await restoreDatabase({ ...common, file: args[0]! });
  }
  console.log(`Restored ${fromReplica ? 'the replica' : args[0]} into ${result.databasePath}`);
  if (result.keptAside.length > 0) {
    console.log(`The previous database is kept aside as ${result.keptAside.join(', ')}`);
  } else {
    console.log('There was no database before: nothing was kept aside.');
  }
  console.log('Rows per table:');
  const width = Math.max(...Object.keys(result.counts).map((t) => t.length));
  for (const [table, n] of Object.entries(result.counts)) console.log(`  ${table.padEnd(width)}  ${n}`);
  if (result.uploads) for (const line of uploadsRestoreLines(result.uploads)) console.log(line);
  else if (fromReplica) console.log(`Uploaded files: an S3 replica holds none; ${env.UPLOADS_DIR} is left as it is`);
  console.log('Start the server again; it applies any newer migrations at start.');
} catch (error) {
  if (error instanceof EnvError) {
    console.error(`Invalid environment: ${error.problems.join('; ')}`);
    process.exit(1);
  }
  if (error instanceof BackupError) {
    console.error(`Restore refused: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
