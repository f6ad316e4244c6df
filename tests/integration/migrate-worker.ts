/**
 * One process applying the migrations to the database at DATABASE_URL, as a server does before it
 * listens (tests/integration/migrations.test.ts starts several at once). Exits 0 on success, 1 with
 * the error's message on stderr otherwise.
 */
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { migrateDatabase } from '../../src/server/db/database.ts';
import { openDatabaseHandle } from '../support/database.ts';

// START_AT (epoch milliseconds) lines the processes up, so that they read the journal together.
await sleep(Math.max(0, Number(process.env.START_AT ?? 0) - Date.now()));
const handle = await openDatabaseHandle(process.env.DATABASE_URL ?? '');
try {
  await migrateDatabase(handle.db, process.env.MIGRATIONS ?? join(import.meta.dirname, '../../db/migrations'));
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  handle.client.close();
}
