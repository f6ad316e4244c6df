/**
 * The database: a libSQL client and drizzle over it; DATABASE_URL is described in
 * docs/product.md#settings.
 *
 * `openDatabase(url)` accepts `file:` URLs (the embedded default; the folder is created and
 * WAL is switched on) and libSQL server URLs (`libsql:`, `http(s):`, `ws(s):`).
 * `migrateDatabase(db, folder)` applies the committed drizzle-kit migrations.
 * `insideOpenTransaction(db)` tells whether the caller runs inside an open transaction on the
 * same embedded file, where a separate write would wait for that transaction forever.
 * Only code under src/server/services may query the database.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  createClient,
  type Client,
  type InArgs,
  type InStatement,
  type Transaction,
  type TransactionMode,
} from '@libsql/client';
import { Mutex } from 'async-mutex';
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

/**
 * One lock per embedded database file in this process (see `serializeWrites`). Kept on
 * `globalThis`, because the server entry and Astro's bundle each carry their own copy of this
 * module, and the notification worker (entry) and the API (Astro) write to the same file.
 */
const LOCKS_KEY = Symbol.for('agency-site.db.write-locks');
const writeLocks: Map<string, Mutex> = ((globalThis as Record<symbol, unknown>)[LOCKS_KEY] ??= new Map()) as Map<
  string,
  Mutex
>;

/** Statements that write (or lock the file for writing); reads run beside an open transaction. */
const WRITE_STATEMENT = /^\s*(insert|update|delete|replace|create|drop|alter|pragma|begin|vacuum|reindex)\b/i;

function statementText(statement: InStatement): string {
  return typeof statement === 'string' ? statement : statement.sql;
}

/**
 * The embedded driver runs each statement synchronously, and waits for a busy database by
 * sleeping the whole thread. Two connections of one process writing at once would therefore
 * deadlock: the second sleeps on the lock while the first cannot run the rest of its transaction
 * until the busy timeout fails one of them with SQLITE_BUSY. So, per database file, a process
 * runs one writer at a time: a transaction holds the lock from BEGIN to COMMIT or ROLLBACK, and a
 * single write statement holds it while it runs. Other processes still wait on SQLite's own lock.
 */
function serializeWrites(client: Client, lock: Mutex): Client {
  const underLock = <T>(run: () => Promise<T>) => lock.runExclusive(run);
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'execute') {
        return (statement: InStatement, args?: InArgs) => {
          const run = () =>
            typeof statement === 'string' && args !== undefined
              ? target.execute(statement, args)
              : target.execute(statement);
          return WRITE_STATEMENT.test(statementText(statement)) ? underLock(run) : run();
        };
      }
      if (property === 'batch' || property === 'executeMultiple' || property === 'migrate') {
        const method = Reflect.get(target, property, receiver) as (...a: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => underLock(() => method.apply(target, args));
      }
      if (property === 'transaction') {
        return async (mode?: TransactionMode): Promise<Transaction> => {
          const release = await lock.acquire();
          let released = false;
          const releaseOnce = () => {
            if (!released) {
              released = true;
              release();
            }
          };
          try {
            const tx = await target.transaction(mode);
            return new Proxy(tx, {
              get(txTarget, txProperty) {
                const value = Reflect.get(txTarget, txProperty, txTarget) as unknown;
                if (txProperty === 'commit' || txProperty === 'rollback') {
                  return async () => {
                    try {
                      await (value as () => Promise<void>).call(txTarget);
                    } finally {
                      releaseOnce();
                    }
                  };
                }
                if (txProperty === 'close') {
                  return () => {
                    (value as () => void).call(txTarget);
                    releaseOnce();
                  };
                }
                return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(txTarget) : value;
              },
            });
          } catch (error) {
            releaseOnce();
            throw error;
          }
        };
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The write lock of each embedded database opened here (none for a libSQL server). */
const lockOf = new WeakMap<Database, Mutex>();

/** While a transaction's callback runs: the lock its transaction holds, and whether it still does. */
const openTransaction = new AsyncLocalStorage<{ lock: Mutex; open: boolean }>();

/** Runs each transaction callback of `db` inside `openTransaction`, so that a write can see it. */
function markTransactions(db: Database, lock: Mutex): void {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (run, config) => {
    const scope = { lock, open: true };
    try {
      return await transaction((tx) => openTransaction.run(scope, () => run(tx)), config);
    } finally {
      scope.open = false;
    }
  }) as Database['transaction'];
  lockOf.set(db, lock);
}

/**
 * True when the caller runs inside the callback of a transaction that is still open on the same
 * embedded database file as `db` (any connection of this process). A write through `db` itself,
 * rather than through the transaction, would then wait for a lock the transaction holds until it
 * ends, and it ends only after the write: callers that write on their own (the rate limits)
 * refuse to instead of hanging. Always false for a libSQL server.
 */
export function insideOpenTransaction(db: Database): boolean {
  const scope = openTransaction.getStore();
  return scope !== undefined && scope.open && scope.lock === lockOf.get(db);
}

/** Opens a database. For `file:` URLs creates the parent folder and sets WAL journaling. */
export async function openDatabase(url: string, authToken?: string): Promise<DatabaseHandle> {
  const isFile = url.startsWith('file:');
  let path = '';
  if (isFile && !url.includes(':memory:')) {
    path = resolve(
      url
        .slice('file:'.length)
        .replace(/^\/\/(localhost)?/, '')
        .split('?')[0] ?? '',
    );
    mkdirSync(dirname(path), { recursive: true });
  }
  let client = createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS });
  let lock: Mutex | undefined;
  if (path) {
    lock = writeLocks.get(path);
    if (!lock) writeLocks.set(path, (lock = new Mutex()));
    client = serializeWrites(client, lock);
  }
  if (isFile) {
    await client.execute('PRAGMA journal_mode = WAL');
  }
  const db = drizzle(client, { schema });
  if (lock) markTransactions(db, lock);
  return { client, db };
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
