/**
 * The schema's SQLite-only column kinds and SQL, in one file
 * (docs/decisions/0040-the-road-to-postgresql.md). The other files of db/schema build their tables
 * from these and from the builders pg-core has as well (`text`, `integer`, `real`, `index`,
 * `primaryKey`), so a port to PostgreSQL rewrites this file and renames the others' imports;
 * scripts/sqlite-only.test.ts keeps SQLite-only features out of them.
 *
 * - `timestamp(name)`: a Date, stored as integer milliseconds since the Unix epoch; `now` is the
 *   default of a creation time (the current time in milliseconds, `unixepoch('subsec')`).
 * - `boolean(name)`: a boolean, stored as 0 or 1; `isTrue(column)` and `isFalse(column)` are the
 *   conditions of a partial index on one.
 * - `json(name)`: a JSON value, stored as text; its type is given with `.$type<T>()`.
 * - `bytes(name)`: a Buffer, stored as a blob.
 * - `autoIncrementId(name)`: an integer primary key that is never used twice, even after its row
 *   is deleted (AUTOINCREMENT; the event log's ids, docs/decisions/0024-event-log-and-leases.md).
 *
 * Each gives exactly the SQL the schema had before it was gathered here: the migrations stay as
 * they are.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { blob, integer, text } from 'drizzle-orm/sqlite-core';

/** The current time in integer milliseconds since the Unix epoch, as a column default. */
export const now: SQL = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

/** A Date column named `name`, stored as integer milliseconds since the Unix epoch. */
export function timestamp<TName extends string>(name: TName) {
  return integer(name, { mode: 'timestamp_ms' });
}

/** A boolean column named `name`, stored as 0 or 1. */
export function boolean<TName extends string>(name: TName) {
  return integer(name, { mode: 'boolean' });
}

/** A JSON column named `name`, stored as text; `.$type<T>()` gives the value's type. */
export function json<TName extends string>(name: TName) {
  return text(name, { mode: 'json' });
}

/** A Buffer column named `name`, stored as a blob. */
export function bytes<TName extends string>(name: TName) {
  return blob(name, { mode: 'buffer' });
}

/** An integer primary key named `name` whose values are never used again (AUTOINCREMENT). */
export function autoIncrementId<TName extends string>(name: TName) {
  return integer(name).primaryKey({ autoIncrement: true });
}

/** A partial index's condition: the boolean `column` is true. */
export function isTrue(column: AnyColumn): SQL {
  return sql`${column} = 1`;
}

/** A partial index's condition: the boolean `column` is false. */
export function isFalse(column: AnyColumn): SQL {
  return sql`${column} = 0`;
}
