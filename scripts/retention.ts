/**
 * `npm run retention [-- --dry-run]`: applies the retention periods now (docs/retention.md), as
 * the server's daily job does, and prints the counts; with `--dry-run`, only prints what it would
 * delete or anonymise. Safe while the server runs (its writes wait for the database).
 *
 * Exit codes: 0 done; 1 a problem named on one line; 2 bad arguments.
 */
import { join } from 'node:path';
import { EnvError, loadEnv } from '../src/server/env/index.ts';
import { runRetention } from '../src/server/jobs/retention.ts';
import { migrateDatabase, openDatabase, PATIENT_WRITES } from '../src/server/db/database.ts';
import { applyRetention } from '../src/server/services/privacy/retention.ts';
import { createStorage } from '../src/server/storage/storage.ts';

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--dry-run');
if (unknown.length > 0) {
  console.error(`Unknown argument ${unknown[0]}. Usage: npm run retention [-- --dry-run]`);
  process.exit(2);
}
const dryRun = args.includes('--dry-run');
try {
  const env = loadEnv();
  const db = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN, PATIENT_WRITES);
  await migrateDatabase(db, join(import.meta.dirname, '..', 'db', 'migrations'));
  const counts = dryRun
    ? (await applyRetention(db, env, new Date(), { dryRun: true })).counts
    : await runRetention(db, await createStorage(env), env);
  db.close();
  console.log(dryRun ? 'Retention, dry run (nothing changed):' : 'Retention applied:');
  for (const [what, count] of Object.entries(counts)) console.log(`  ${what}: ${count}`);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : `Retention failed: ${(error as Error).message}`);
  process.exit(1);
}
