/**
 * A database on a libSQL server (`sqld`, Turso) through `@libsql/client`
 * (docs/decisions/0038-libsql-server-in-tests.md). Reads go straight to the client; a write is one
 * interactive `write` transaction (`BEGIN IMMEDIATE` on the server) under the process's write path
 * (db/write-path.ts).
 *
 * A server never answers SQLITE_BUSY to a second writer: it queues it, and after about 5 s hands
 * it the lock, so the first writer's next statement or commit fails with TRANSACTION_TIMEOUT; and
 * it drops a transaction idle for 10 s (STREAM_EXPIRED). In both cases the server rolled the
 * transaction back, so the write path runs it again whole, as after SQLITE_BUSY (db/errors.ts).
 * drizzle's own transaction would hide that error behind its failed ROLLBACK ("no transaction is
 * active"), so the transaction is driven here.
 *
 * On a replica (a `sqld` started with `--primary-grpc-url`), the replica forwards the writes to
 * its primary and receives the commit a few milliseconds later: each write ends by waiting, up to
 * REPLICA_CATCH_UP_MS, until this process's node has applied all it has seen
 * (db/replica-catch-up.ts), so that what the process reads next includes its own writes.
 */
import { createClient, type Client } from '@libsql/client';
import pRetry from 'p-retry';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import * as schema from '../../../db/schema/index.ts';
import type { SqlDb } from './sqlite-driver.ts';
import { createWritePath, type WriteOptions } from './write-path.ts';
import { announcingCommits } from './commit-listeners.ts';
import { watchReplication } from './replica-catch-up.ts';
import type { Database } from './handle.ts';

/**
 * `db` with `values()` giving real arrays, as the embedded path does: `@libsql/client` gives
 * array-like rows that cannot be destructured.
 */
function arrayValues(db: SqlDb): SqlDb {
  const values = db.values.bind(db);
  return Object.assign(db, {
    values: async (query: Parameters<SqlDb['values']>[0]) =>
      (await values(query)).map((row) => Array.from(row as ArrayLike<unknown>)),
  }) as SqlDb;
}

/** drizzle over `client` (a client, or one of its transactions, which has the same methods). */
const drizzleOver = (client: Pick<Client, 'execute' | 'batch'>) =>
  arrayValues(drizzle(client as Client, { schema }) as unknown as SqlDb);

/**
 * The longest a write waits for a replica to apply it, in milliseconds; past it the write returns
 * anyway and a warning is logged (a replica cut off from its primary; README, "Running more than
 * one server").
 */
const REPLICA_CATCH_UP_MS = 1000;

/**
 * Opens the libSQL server at `url` (`libsql:`, `http(s):`, `ws(s):`) with `authToken`; writes
 * follow `writeOptions` (db/write-path.ts). `migrateRetry` is how a migration that lost a race
 * with another process starting at once is tried again (p-retry options). Throws LibsqlError
 * when the URL is malformed.
 */
export function openLibsqlServer(
  url: string,
  authToken: string | undefined,
  writeOptions: WriteOptions,
  migrateRetry: Parameters<typeof pRetry>[1],
): Database {
  const replica = watchReplication(REPLICA_CATCH_UP_MS);
  const client = createClient({ url, authToken, fetch: replica.fetch });
  const read = drizzleOver(client);
  const writeOnce = createWritePath<SqlDb>(async (work) => {
    const transaction = await client.transaction('write');
    try {
      const result = await work(drizzleOver(transaction));
      await transaction.commit();
      return result;
    } catch (error) {
      // A server that handed the lock over or dropped the stream has rolled back already, and
      // answers this ROLLBACK with an error of its own: the first error is the one that counts.
      await transaction.rollback().catch(() => undefined);
      throw error;
    } finally {
      transaction.close();
    }
  }, writeOptions);
  // After a write that ran, committed or not (a rolled-back one may have read another's newer
  // commit on the primary, such as an Idempotency-Key taken meanwhile), and before the commit
  // listeners run. A write refused before it ran (nested, or shed) read nothing: no wait.
  const write: typeof writeOnce = async (work, options) => {
    let ran = false;
    try {
      return await writeOnce((tx) => {
        ran = true;
        return work(tx);
      }, options);
    } finally {
      if (ran) await replica.caughtUp();
    }
  };
  return {
    read,
    ...announcingCommits(write),
    async migrate(folder) {
      // drizzle reads the journal, then applies what is pending in one transaction; a process
      // that lost the race to another reads the journal again.
      await pRetry(() => migrate(drizzle(client, { schema }), { migrationsFolder: folder }), migrateRetry);
    },
    async checkpoint() {
      // The server keeps its own files.
    },
    close() {
      client.close();
    },
  };
}
