/**
 * The database (docs/decisions/0022-one-write-path.md); DATABASE_URL is described in
 * docs/product.md#settings. Only code under src/server/services may query it.
 *
 * `openDatabase(url)` gives a `Database` with two explicit doors:
 * - `db.read`: a drizzle database for reads. For an embedded file it runs on a synchronous,
 *   read-only connection whose statements are prepared once (db/sqlite-driver.ts); it sees
 *   what was committed, never a write transaction's own uncommitted rows.
 * - `db.write(tx => …)`: one `BEGIN IMMEDIATE` transaction on the process's one write connection,
 *   waiting on timers while another process writes and shed with DatabaseBusyError (503) past
 *   its wait (db/write-path.ts). Reads that must see the transaction's writes go through `tx`.
 *
 * `file:` URLs are the embedded default (the folder is created, WAL switched on); libSQL server
 * URLs (`libsql:`, `http(s):`, `ws(s):`) go through `@libsql/client` (db/libsql-server.ts), which
 * the tests run against a real server (docs/decisions/0038-libsql-server-in-tests.md).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import pRetry from 'p-retry';
import { migrate as migrateProxy } from 'drizzle-orm/sqlite-proxy/migrator';
import type { SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import type * as schema from '../../../db/schema/index.ts';
import { isBusyError } from './errors.ts';
import { drizzleOver, openConnection, type Connection, type SqlDb } from './sqlite-driver.ts';
import { createWritePath } from './write-path.ts';
import { databaseFilePath } from './files.ts';
import { announcingCommits } from './commit-listeners.ts';
import { openLibsqlServer } from './libsql-server.ts';

export { databaseFilePath, fileUrlOf } from './files.ts';

export type { SqlDb } from './sqlite-driver.ts';

import type { Database } from './handle.ts';

export type { Database } from './handle.ts';

export interface OpenOptions {
  /** How long a write waits for the lock before it is shed, in milliseconds (default 1,000). */
  maxWriteWaitMs?: number;
  /** Told once per write that waited over a second (command-line scripts print a line). */
  onWriteWait?: (waitedMs: number) => void;
  /** Litestream checkpoints the WAL (ADR 0039): no automatic checkpoints, `checkpoint()` does nothing. */
  externalCheckpoints?: boolean;
}

/** How long a server's write waits for the lock before it is refused with 503, in milliseconds. */
const SERVER_WRITE_WAIT_MS = 1000;
/** Writes that may wait in one process; the next is refused at once (503). */
const WRITE_QUEUE_MAX = 256;
/** SQLite's own wait for a lock on a read, in milliseconds (readers meet one only in recovery). */
const READ_BUSY_TIMEOUT_MS = 2000;

/**
 * What the command-line scripts (`admin:link`, `db:seed`, `db:backup`, `db:restore`) open the
 * database with: a write waits as long as another process writes, saying so once on stderr.
 */
export const PATIENT_WRITES: OpenOptions = {
  maxWriteWaitMs: Number.POSITIVE_INFINITY,
  onWriteWait: () => console.warn('Waiting for the database: another process is writing to it…'),
};

/**
 * How start-up work that another process may be doing on the same new file at the same moment is
 * tried again (p-retry options): up to 5 more times, after about 50, 100, 200, 400 and 800 ms,
 * each randomly stretched up to twice so that the processes drift apart.
 */
const START_CONTENTION = { retries: 5, minTimeout: 50, factor: 2, randomize: true } as const;

/** Switching a new file to WAL needs it to itself: SQLite answers SQLITE_BUSY at once meanwhile. */
function retryAtStart<T>(run: () => T | Promise<T>): Promise<T> {
  return pRetry(run, { ...START_CONTENTION, shouldRetry: ({ error }) => isBusyError(error) });
}

/** An embedded file (or `:memory:`) through the synchronous connections. */
async function openEmbedded(path: string | undefined, options: OpenOptions): Promise<Database> {
  const writer = openConnection(path ?? ':memory:', { busyTimeoutMs: 0 });
  let reader: Connection | undefined;
  try {
    if (path) await retryAtStart(() => writer.exec('PRAGMA journal_mode = WAL'));
    if (options.externalCheckpoints) writer.exec('PRAGMA wal_autocheckpoint = 0');
    // An in-memory database is one connection: there is no second one to read it through.
    reader = path ? openConnection(path, { readOnly: true, busyTimeoutMs: READ_BUSY_TIMEOUT_MS }) : undefined;
  } catch (error) {
    writer.close();
    throw error;
  }
  const tx = drizzleOver(writer);
  const write = createWritePath<SqlDb>(
    async (work) => {
      writer.exec('BEGIN IMMEDIATE');
      try {
        const result = await work(tx);
        writer.exec('COMMIT');
        return result;
      } catch (error) {
        if (writer.native.inTransaction) writer.exec('ROLLBACK');
        throw error;
      }
    },
    {
      maxWaitMs: options.maxWriteWaitMs ?? SERVER_WRITE_WAIT_MS,
      maxQueue: WRITE_QUEUE_MAX,
      onWait: options.onWriteWait,
    },
  );
  return {
    read: reader ? drizzleOver(reader) : tx,
    ...announcingCommits(write),
    reader,
    async migrate(folder) {
      // As `@libsql/client` migrates: foreign keys off around the transaction, so that a table
      // rebuilt by a migration keeps the rows that refer to it. Reading the journal inside the
      // write transaction makes a second process starting at once find nothing left to do.
      writer.exec('PRAGMA foreign_keys = OFF');
      try {
        await write(
          (db) =>
            migrateProxy(
              db as SqliteRemoteDatabase<typeof schema>,
              async (queries) => {
                for (const query of queries) writer.exec(query);
              },
              { migrationsFolder: folder },
            ),
          { maxWaitMs: Number.POSITIVE_INFINITY },
        );
      } finally {
        writer.exec('PRAGMA foreign_keys = ON');
      }
    },
    async checkpoint() {
      if (path && !options.externalCheckpoints) writer.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    },
    close() {
      // The reader goes first, so that the writer is the last connection and checkpoints the WAL.
      reader?.close();
      writer.close();
    },
  };
}

/**
 * Opens a database (see the module comment). For `file:` URLs creates the parent folder and sets
 * WAL journaling. Throws SqliteError or LibsqlError when the database cannot be opened.
 */
export async function openDatabase(url: string, authToken?: string, options: OpenOptions = {}): Promise<Database> {
  if (!url.startsWith('file:')) {
    return openLibsqlServer(
      url,
      authToken,
      {
        maxWaitMs: options.maxWriteWaitMs ?? SERVER_WRITE_WAIT_MS,
        maxQueue: WRITE_QUEUE_MAX,
        onWait: options.onWriteWait,
      },
      START_CONTENTION,
    );
  }
  const path = databaseFilePath(url);
  if (path) mkdirSync(dirname(path), { recursive: true });
  return openEmbedded(path, options);
}

/** Applies every migration in `migrationsFolder` not yet applied. Throws on a failed migration. */
export function migrateDatabase(db: Database, migrationsFolder: string): Promise<void> {
  return db.migrate(migrationsFolder);
}

/** What a service that may join its caller's transaction takes: the database, or that transaction. */
export type Writer = Database | SqlDb;

/**
 * Runs `work` in the caller's open transaction when `db` is one, else in a new write of its own
 * (`db.write`). Throws what `work` or the write throws.
 */
export function writeIn<T>(db: Writer, work: (tx: SqlDb) => Promise<T>): Promise<T> {
  return 'write' in db ? db.write(work) : work(db);
}

let shared: Promise<Database> | undefined;

/**
 * The process's database of the running site, opened on first use from DATABASE_URL (with that
 * call's `options`). Migrations are applied by the server entry before it listens (main.ts).
 */
export function sharedDatabase(url: string, authToken?: string, options: OpenOptions = {}): Promise<Database> {
  shared ??= openDatabase(url, authToken, options);
  return shared;
}
