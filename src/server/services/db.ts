/**
 * The database: a libSQL client and drizzle over it (DESIGN.md section 1).
 *
 * `openDatabase(url)` accepts `file:` URLs (the embedded default; the folder is created and
 * WAL is switched on) and libSQL server URLs (`libsql:`, `http(s):`, `ws(s):`).
 * `migrateDatabase(db, folder)` applies the committed drizzle-kit migrations.
 * Only code under src/server/services may query the database.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import * as schema from '../../../db/schema/index.ts';

export type Database = ReturnType<typeof drizzle<typeof schema>>;
/** The database or an open transaction on it: what services that may run in a transaction take. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
export interface DatabaseHandle {
  client: Client;
  db: Database;
}

/** Busy timeout for the embedded database, in milliseconds. */
const BUSY_TIMEOUT_MS = 5000;

/** Opens a database. For `file:` URLs creates the parent folder and sets WAL journaling. */
export async function openDatabase(url: string, authToken?: string): Promise<DatabaseHandle> {
  const isFile = url.startsWith('file:');
  if (isFile && !url.includes(':memory:')) {
    const path = url.slice('file:'.length).replace(/^\/\/(localhost)?/, '');
    mkdirSync(dirname(resolve(path)), { recursive: true });
  }
  const client = createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS });
  if (isFile) {
    await client.execute('PRAGMA journal_mode = WAL');
  }
  return { client, db: drizzle(client, { schema }) };
}

/** Applies every migration in `migrationsFolder` not yet applied. Throws on a failed migration. */
export async function migrateDatabase(db: Database, migrationsFolder: string): Promise<void> {
  await migrate(db, { migrationsFolder });
}

let shared: Promise<DatabaseHandle> | undefined;

/**
 * The process-wide database of the running site, opened on first use from DATABASE_URL.
 * Migrations are applied by the server entry before it listens (src/server/main.ts).
 */
export function sharedDatabase(url: string, authToken?: string): Promise<DatabaseHandle> {
  shared ??= openDatabase(url, authToken);
  return shared;
}
