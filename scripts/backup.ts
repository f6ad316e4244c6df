/**
 * `npm run db:backup [-- --to DIR]`: writes a checked backup of the embedded database
 * (DATABASE_URL `file:`), with the uploaded files its rows name (UPLOADS_DIR; with an S3 bucket,
 * their count), into DIR (default BACKUP_DIR, else db/backups) while the site may keep running,
 * and prints its path, size, rows per table and files (docs/product.md#backups). Nothing is
 * deleted: BACKUP_KEEP applies to the server's scheduled backups only.
 *
 * Exit codes: 0 written; 1 a problem named on one line (bad settings, a libSQL server URL, no
 * database, a folder that cannot be written, a copy that fails its checks); 2 bad arguments.
 */
import { EnvError, loadEnv } from '../src/server/env/index.ts';
import { backupDatabase } from '../src/server/ops/backup.ts';
import { BackupError } from '../src/server/ops/backup-error.ts';
import { formatBytes, uploadsBackupLines, uploadsLocationOf } from '../src/server/ops/backup-uploads.ts';

const USAGE = 'Usage: npm run db:backup [-- --to DIR]';

function parseArgs(args: string[]): { to?: string } {
  const options: { to?: string } = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--to' && args[i + 1] !== undefined) options.to = args[++i];
    else if (arg.startsWith('--to=')) options.to = arg.slice('--to='.length);
    else {
      console.error(`Unknown argument ${arg}. ${USAGE}`);
      process.exit(2);
    }
  }
  if (options.to !== undefined && options.to.trim() === '') {
    console.error(`--to needs a folder. ${USAGE}`);
    process.exit(2);
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
try {
  const env = loadEnv();
  const dir = options.to ?? env.BACKUP_DIR ?? 'db/backups';
  const result = await backupDatabase({ databaseUrl: env.DATABASE_URL, dir, uploads: uploadsLocationOf(env) });
  console.log(`Backup written to ${result.path}`);
  console.log(`Size: ${formatBytes(result.bytes)} (${result.bytes} bytes), taken in ${result.ms} ms`);
  console.log(`Checked: integrity ok; search indexes rebuilt and checked: ${result.ftsTables.join(', ') || 'none'}`);
  console.log('Rows per table:');
  const width = Math.max(...Object.keys(result.counts).map((t) => t.length));
  for (const [table, n] of Object.entries(result.counts)) console.log(`  ${table.padEnd(width)}  ${n}`);
  if (result.countMismatches.length > 0) {
    console.log(`Warning: row counts differ from row_counts: ${result.countMismatches.join('; ')}`);
  } else if ('row_counts' in result.counts) {
    console.log('Row counts agree with the row_counts table of the same snapshot.');
  }
  if (result.uploads) for (const line of uploadsBackupLines(result.uploads)) console.log(line);
} catch (error) {
  if (error instanceof EnvError) {
    console.error(`Invalid environment: ${error.problems.join('; ')}`);
    process.exit(1);
  }
  if (error instanceof BackupError) {
    console.error(`Backup failed: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
