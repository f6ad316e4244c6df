/**
 * Small pieces every list service uses around `pageKeys` (services/lists.ts,
 * docs/decisions/0010-server-side-lists.md): a creation-time filter, a page's rows put back in the
 * order of its rowids, queries prepared once per database, and the rowid filter they bind.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Database } from '../db/database.ts';

/** `column` at or after `from` and before `to` (either may be missing). */
export function createdBetween(column: SQLiteColumn, from: Date | undefined, to: Date | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`${column} >= ${from.getTime()}`);
  if (to) conditions.push(sql`${column} < ${to.getTime()}`);
  return conditions;
}

/** `rows` (each with its rowid as `rowid`) in the order of `rowids`. */
export function inPageOrder<T extends { rowid: number }>(rowids: number[], rows: T[]): Omit<T, 'rowid'>[] {
  const byRowid = new Map(rows.map((row) => [Number(row.rowid), row]));
  return rowids.flatMap((rowid) => {
    const row = byRowid.get(rowid);
    if (!row) return [];
    const { rowid: _rowid, ...rest } = row;
    return [rest];
  });
}

/**
 * `prepare(db)` run once per database, its prepared query reused on every call: a page's rows
 * are loaded by the same statement each time, without building it again (about 40 % of the
 * load's time, docs/decisions/0010-server-side-lists.md).
 */
export function preparedPer<T>(prepare: (db: Database) => T): (db: Database) => T {
  const cache = new WeakMap<Database, T>();
  return (db) => {
    let query = cache.get(db);
    if (!query) cache.set(db, (query = prepare(db)));
    return query;
  };
}

/** `table`'s rows whose rowid is in the JSON array bound to the placeholder `rowids`. */
export function inRowids(table: SQLiteTable): SQL {
  return sql`${table}.rowid in (select value from json_each(${sql.placeholder('rowids')}))`;
}
