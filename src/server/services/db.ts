/**
 * The database: a libSQL client and drizzle over it; DATABASE_URL is described in
 * docs/product.md#settings.
 *
 * `openDatabase(url)` accepts `file:` URLs (the embedded default; the folder is created and
 * WAL is switched on) and libSQL server URLs (`libsql:`, `http(s):`, `ws(s):`).
 * `migrateDatabase(db, folder)` applies the committed drizzle-kit migrations.
 * `fastReader(db)`: for an embedded file, a second, synchronous and read-only connection for the
 * busiest reads (services/fast-reads.ts, docs/decisions/0011-fast-embedded-reads.md); undefined
 * for a server URL, an in-memory database, a transaction's executor, or with `fastReads: false`.
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
import pRetry from 'p-retry';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import * as schema from '../../../db/schema/index.ts';
import { openFastReader, type FastReader } from './fast-reads.ts';

export type Database = ReturnType<typeof drizzle<typeof schema>>;
/** The database or an open transaction on it: what services that may run in a transaction take. */
export type DbExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];
export interface DatabaseHandle {
  client: Client;
  db: Database;
  /** The fast read-only connection (embedded files only, ADR 0011); closed with `client`. */
  reader?: FastReader;
}

export interface OpenOptions {
  /** False to run every read through the client, as a server URL does (default true). */
  fastReads?: boolean;
}

/** Busy timeout for the embedded database, in milliseconds. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * How start-up work that another process may be doing on the same database at the same moment is
 * tried again (p-retry options): up to 5 more times, after about 50, 100, 200, 400 and 800 ms,
 * each randomly stretched up to twice so that the processes drift apart.
 */
const START_CONTENTION = { retries: 5, minTimeout: 50, factor: 2, randomize: true } as const;

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
function serializeWrites(client: Client, lock: Mutex, onClose: () => void): Client {
  const underLock = <T>(run: () => Promise<T>) => lock.runExclusive(run);
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'close') {
        return () => {
          onClose();
          target.close();
        };
      }
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

/**
 * The absolute path of the file behind an embedded database URL (`file:db/data/app.db` →
 * `/…/db/data/app.db`, percent-escapes decoded); undefined for `:memory:` and for libSQL server
 * URLs (`libsql:`, `http(s):`, `ws(s):`).
 */
export function databaseFilePath(url: string): string | undefined {
  if (!url.startsWith('file:') || url.includes(':memory:')) return undefined;
  const raw =
    url
      .slice('file:'.length)
      .replace(/^\/\/(localhost)?/, '')
      .split('?')[0] ?? '';
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    // A lone `%` is part of the name.
  }
  return resolve(path);
}

/** A `file:` URL for an absolute path that the libSQL client reads back as that path. */
export function fileUrlOf(path: string): string {
  return `file:${encodeURI(path).replace(/[?#]/g, (c) => encodeURIComponent(c))}`;
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

/** The fast reader of each open embedded database, by its drizzle instance (see `fastReader`). */
const readers = new WeakMap<Database, FastReader>();

/**
 * The fast read-only connection of `db` (ADR 0011), or undefined when reads must go through the
 * client: a server URL, an in-memory database, `fastReads: false`, or a transaction's executor
 * (a transaction is another object than `db`, so its reads, which may need its own uncommitted
 * writes, never reach the reader).
 */
export function fastReader(db: DbExecutor): FastReader | undefined {
  return readers.get(db as Database);
}

/**
 * Opens a database. For `file:` URLs creates the parent folder and sets WAL journaling; for a
 * file (not `:memory:`) also opens its fast reader unless `fastReads` is false. Throws the
 * client's LibsqlError, or SqliteError from the reader, when the database cannot be opened.
 */
export async function openDatabase(
  url: string,
  authToken?: string,
  { fastReads = true }: OpenOptions = {},
): Promise<DatabaseHandle> {
  const isFile = url.startsWith('file:');
  const path = databaseFilePath(url) ?? '';
  if (path) mkdirSync(dirname(path), { recursive: true });
  let client = createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS });
  let reader: FastReader | undefined;
  let lock: Mutex | undefined;
  if (path) {
    lock = writeLocks.get(path);
    if (!lock) writeLocks.set(path, (lock = new Mutex()));
    // The reader goes first, so the client, able to write, is the last connection to close and
    // checkpoints the WAL into the file.
    client = serializeWrites(client, lock, () => reader?.close());
  }
  if (isFile) {
    // Switching to WAL needs the file to itself, and SQLite answers SQLITE_BUSY at once, without
    // its busy timeout, while another process is opening the same new file.
    const wal = client;
    await pRetry(() => wal.execute('PRAGMA journal_mode = WAL'), {
      ...START_CONTENTION,
      shouldRetry: ({ error }) => (error as { code?: string }).code === 'SQLITE_BUSY',
    });
  }
  const db = drizzle(client, { schema });
  if (path && fastReads) {
    try {
      reader = openFastReader(path, BUSY_TIMEOUT_MS) ?? undefined;
    } catch (error) {
      client.close();
      throw error;
    }
    if (reader) readers.set(db, reader);
  }
  if (lock) markTransactions(db, lock);
  return reader ? { client, db, reader } : { client, db };
}

/**
 * Applies every migration in `migrationsFolder` not yet applied. Throws on a failed migration.
 *
 * drizzle reads the migrations journal, then applies what is pending in one transaction. Two
 * processes starting at once on a new database (two instances of a deploy) both read an empty
 * journal; the second one's transaction then fails (`table … already exists`) and rolls back
 * whole. So a failed run is tried again (`START_CONTENTION`), reading the journal afresh: when
 * another process has applied the migrations meanwhile, nothing is left to do; a migration that is
 * itself wrong fails every time and its error is thrown.
 */
export async function migrateDatabase(db: Database, migrationsFolder: string): Promise<void> {
  await pRetry(() => migrate(db, { migrationsFolder }), START_CONTENTION);
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
