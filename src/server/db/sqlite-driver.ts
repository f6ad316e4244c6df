/**
 * drizzle over one synchronous `libsql` connection to an embedded database file
 * (docs/decisions/0022-one-write-path.md).
 *
 * `libsql` is the native library that `@libsql/client` runs in embedded mode, used here without
 * the client's per-call work: each SQL text is prepared once (kept in a bounded LRU cache) and
 * returns rows as arrays, which is what drizzle's `sqlite-proxy` driver maps. Both the write
 * connection and the read-only connection of a database (db/database.ts) go through it.
 *
 * - `openConnection(path, { readOnly })`: the connection, in WAL mode for a writer.
 * - `drizzleOver(connection)`: a drizzle database whose every statement runs on `connection`.
 */
import Libsql from 'libsql';
import { LRUCache } from 'lru-cache';
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import { SQLiteAsyncDialect, type BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type { SQLWrapper } from 'drizzle-orm';
import * as schema from '../../../db/schema/index.ts';

/**
 * A drizzle database: the reader, a write transaction, or (for a libSQL server) the client.
 * Every service query is built on it the same way.
 */
export type SqlDb = BaseSQLiteDatabase<'async', unknown, typeof schema>;

/** How many prepared statements one connection keeps (their SQL texts are few and fixed). */
const STATEMENT_CACHE_SIZE = 500;

/** One synchronous connection and its prepared statements. */
export interface Connection {
  /** The native connection (for BEGIN, COMMIT, pragmas and maintenance). */
  native: Libsql.Database;
  /** `sql` prepared on this connection (once per text, while it stays in the cache), raw rows. */
  prepare(sql: string): Libsql.Statement;
  /** Runs one or more statements with no parameters and no result. */
  exec(sql: string): void;
  close(): void;
}

export interface ConnectionOptions {
  /** A reader: `PRAGMA query_only`, so a write through it fails loudly instead of running. */
  readOnly?: boolean;
  /**
   * How long SQLite itself waits for a lock, in milliseconds. The write path waits with timers
   * instead (db/write-path.ts), so its connection sets 0: a sleeping thread is a frozen
   * server.
   */
  busyTimeoutMs: number;
}

/**
 * Opens the database file at `path` (created when missing). Throws SqliteError when it cannot be
 * opened.
 */
export function openConnection(path: string, { readOnly = false, busyTimeoutMs }: ConnectionOptions): Connection {
  const native = new Libsql(path, { timeout: busyTimeoutMs });
  if (readOnly) native.exec('PRAGMA query_only = 1');
  const statements = new LRUCache<string, Libsql.Statement>({ max: STATEMENT_CACHE_SIZE });
  return {
    native,
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = native.prepare(sql);
        // Rows as arrays; a statement that returns none has no row shape to set.
        if (statement.reader) statement.raw();
        statements.set(sql, statement);
      }
      return statement;
    },
    exec(sql) {
      native.exec(sql);
    },
    close() {
      statements.clear();
      if (native.open) native.close();
    },
  };
}

/**
 * A value as the native binding takes it. drizzle maps column values itself, but a raw `sql`
 * template can carry a Date or a boolean, which `@libsql/client` converts the same way (and which
 * the native binding would refuse).
 */
function toDriverValue(value: unknown): unknown {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  return value;
}

/**
 * The first row of `statement` run with `args`, or undefined; the statement is reset after it.
 * Not the native `get()`: after an `all()` of the same statement it returns that read's first row
 * instead of this one's (libsql 0.5), and a statement is shared by every query of its SQL text.
 */
export function firstRow(statement: Libsql.Statement, args: unknown[]): unknown {
  for (const row of statement.iterate(args)) return row;
  return undefined;
}

/**
 * Runs one statement for drizzle's proxy driver: `all` and `values` give every row (arrays),
 * `get` the first row or undefined, `run` no rows. A statement that fails is reset by the native
 * binding before it throws, so it never holds a lock after its error.
 */
function runStatement(
  connection: Connection,
  sql: string,
  params: unknown[],
  method: 'run' | 'all' | 'values' | 'get',
): { rows: unknown[] } {
  const statement = connection.prepare(sql);
  const args = params.map(toDriverValue);
  if (method === 'get') return { rows: firstRow(statement, args) as unknown[] };
  if (method === 'run' && !statement.reader) {
    statement.run(args);
    return { rows: [] };
  }
  const rows = statement.all(args);
  return { rows: method === 'run' ? [] : rows };
}

const dialect = new SQLiteAsyncDialect();

/**
 * The rows of a raw query as objects keyed by column name, as `@libsql/client` gives them to
 * drizzle's `db.all(sql)` and `db.get(sql)` (its proxy driver would pass the arrays through).
 */
function rowObjects(connection: Connection, query: SQLWrapper | string): Record<string, unknown>[] {
  const { sql, params } = typeof query === 'string' ? { sql: query, params: [] } : dialect.sqlToQuery(query.getSQL());
  const statement = connection.prepare(sql);
  if (!statement.reader) {
    statement.run(params.map(toDriverValue));
    return [];
  }
  const names = statement.columns().map((column) => column.name);
  return (statement.all(params.map(toDriverValue)) as unknown[][]).map((row) =>
    Object.fromEntries(names.map((name, i) => [name, row[i]])),
  );
}

/** A drizzle database (with the app's schema) whose statements all run on `connection`. */
export function drizzleOver(connection: Connection): SqlDb {
  const db = drizzle(async (sql, params, method) => runStatement(connection, sql, params, method), { schema });
  // Raw reads give objects, as on a libSQL server; builder queries keep their arrays.
  return Object.assign(db, {
    all: async (query: SQLWrapper | string) => rowObjects(connection, query),
    get: async (query: SQLWrapper | string) => rowObjects(connection, query)[0],
  }) as unknown as SqlDb;
}
