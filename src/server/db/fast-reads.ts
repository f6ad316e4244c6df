/**
 * Fast reads on the embedded database (docs/decisions/0011-fast-embedded-reads.md).
 *
 * Beside the `@libsql/client` client, an embedded (`file:`) database gets a second connection
 * through `libsql`, the native library that client runs in embedded mode, used synchronously and
 * only for reads (`PRAGMA query_only`). Its statements are prepared once and return rows as
 * arrays, so the busiest reads skip the async client's and drizzle's per-call work.
 *
 * - `fastQuery(reader, query, decode)`: a read built with drizzle's query builder, so that it runs
 *   the very SQL of the drizzle path, prepared once on the reader; placeholders are bound by name.
 * - `tableShape(table)`: decodes a table's columns from a row array as drizzle does (Date,
 *   boolean, Buffer), or straight to the API's JSON values (dates as ISO strings, db/json.ts).
 *
 * Each statement runs in its own read transaction, so it sees what was committed before it started,
 * never a transaction's uncommitted writes: a read that must see them stays on the transaction.
 */
import type Libsql from 'libsql';
import { fillPlaceholders, getTableColumns, getTableName, type Column } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Json } from './json.ts';
import { firstRow, type Connection } from './sqlite-driver.ts';

/** The read-only synchronous connection of an embedded file (db/sqlite-driver.ts). */
export type FastReader = Pick<Connection, 'prepare'>;

/** Where one table's columns sit in a row array, and how to decode them. */
export interface TableShape<T extends SQLiteTable> {
  table: T;
  /** How many values of the row the table takes. */
  width: number;
  /** The SQL names of its columns, in the order drizzle selects them. */
  names: readonly string[];
  /** The row's values from index `at` as drizzle returns the table's row. */
  decode(row: readonly unknown[], at: number): T['$inferSelect'];
  /** The same as the API sends it: dates as ISO 8601 strings (db/json.ts). */
  decodeJson(row: readonly unknown[], at: number): Json<T['$inferSelect']>;
}

/** The shape of `table` in a select of all its columns (drizzle's `select({ x: table })`). */
export function tableShape<T extends SQLiteTable>(table: T): TableShape<T> {
  const entries = Object.entries(getTableColumns(table)) as [string, Column][];
  const keys = entries.map(([key]) => key);
  const columns = entries.map(([, column]) => column);
  const width = keys.length;
  return {
    table,
    width,
    names: columns.map((column) => column.name),
    decode(row, at) {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < width; i++) {
        const value = row[at + i];
        // drizzle's own rule (mapResultRow): null stays null, anything else goes through the column.
        out[keys[i]!] = value === null ? null : columns[i]!.mapFromDriverValue(value);
      }
      return out as T['$inferSelect'];
    },
    decodeJson(row, at) {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < width; i++) {
        const value = row[at + i];
        const decoded = value === null ? null : (columns[i]!.mapFromDriverValue(value) as unknown);
        out[keys[i]!] = decoded instanceof Date ? decoded.toISOString() : decoded;
      }
      return out as Json<T['$inferSelect']>;
    },
  };
}

/** A query built with drizzle's query builder (not run): its SQL and its parameters. */
interface BuiltQuery {
  toSQL(): { sql: string; params: unknown[] };
}

/** A read prepared on a fast reader; `values` are the query's placeholders by name. */
export interface FastQuery<Row> {
  all(values: Record<string, unknown>): Row[];
  /** The first row, or undefined. */
  get(values: Record<string, unknown>): Row | undefined;
}

/**
 * Prepares `query` on `reader`. `layout` lists the tables whose columns the row holds, in order
 * and from its first value, so that a change of the query's select list that the decoder does not
 * follow fails here (Error) rather than returning shifted values. Throws SqliteError for SQL the
 * database refuses.
 */
export function fastQuery<Row>(
  reader: FastReader,
  query: BuiltQuery,
  layout: readonly TableShape<SQLiteTable>[],
  decode: (row: readonly unknown[]) => Row,
): FastQuery<Row> {
  const { sql, params } = query.toSQL();
  const statement = reader.prepare(sql);
  assertLayout(statement, layout);
  const bind = (values: Record<string, unknown>) => fillPlaceholders(params, values);
  return {
    all(values) {
      return (statement.all(bind(values)) as unknown[][]).map(decode);
    },
    get(values) {
      const row = firstRow(statement, bind(values)) as unknown[] | undefined;
      return row === undefined ? undefined : decode(row);
    },
  };
}

function assertLayout(statement: Libsql.Statement, layout: readonly TableShape<SQLiteTable>[]): void {
  const columns = statement.columns();
  let at = 0;
  for (const shape of layout) {
    const table = getTableName(shape.table);
    shape.names.forEach((name, i) => {
      const column = columns[at + i];
      if (column?.table !== table || column.column !== name) {
        throw new Error(`Fast read: value ${at + i} is ${column?.table}.${column?.column}, expected ${table}.${name}`);
      }
    });
    at += shape.width;
  }
}
