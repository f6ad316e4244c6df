/**
 * The SQLite-only parts stay where ADR 0040 measured them
 * (docs/decisions/0040-the-road-to-postgresql.md, "What the port costs"): the schema's in
 * db/schema/columns.ts alone, the server's in the files the ADR lists, each with the number of uses
 * the ADR counted. A new use elsewhere fails with its file and line; a use added to or removed
 * from a listed file fails until the ADR's count says so; a listed file that is gone fails too.
 * The checker itself (scripts/sqlite-only.ts) is tested on sources written here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  againstAllowList,
  allowListOf,
  checkedFiles,
  scanFiles,
  scanSource,
  sqliteOnlySql,
  type AllowedFile,
  type Scan,
} from './sqlite-only.ts';

const ROOT = join(import.meta.dirname, '..');
const ADR = 'docs/decisions/0040-the-road-to-postgresql.md';

/** `file:line feature` of each finding of `source`, read as the module `file`. */
const found = (source: string, file = 'db/schema/sample.ts') =>
  scanSource(file, source).findings.map((f) => `${f.line} ${f.feature}`);

describe('the SQLite-only checker', () => {
  it('finds the sqlite-core column kinds and SQL that pg-core has not, with their lines', () => {
    const source = [
      "import { sql } from 'drizzle-orm';",
      "import { blob, integer, sqliteTable, sqliteView, text } from 'drizzle-orm/sqlite-core';",
      "export const t = sqliteTable('t', {",
      "  id: integer('id').primaryKey({ autoIncrement: true }),",
      "  payload: text('payload', { mode: 'json' }),",
      "  key: blob('key', { mode: 'buffer' }),",
      "  at: integer('at', { mode: 'timestamp_ms' }).default(sql`(unixepoch())`),",
      "  on: integer('on', { mode: 'boolean' }),",
      "}, (t) => [index('i').on(t.on).where(sql`${t.on} = 0`)]);",
      'const byName = sql`${t.payload} collate nocase`;',
    ].join('\n');
    expect(found(source)).toEqual([
      '2 sqlite-core sqliteView',
      '4 primaryKey({ autoIncrement: true })',
      "5 text({ mode: 'json' })",
      "6 blob({ mode: 'buffer' })",
      "7 integer({ mode: 'timestamp_ms' })",
      '7 unixepoch()',
      "8 integer({ mode: 'boolean' })",
      '9 booleans as 0/1',
      '10 COLLATE NOCASE',
    ]);
  });

  it('leaves what pg-core and PostgreSQL have alike alone', () => {
    const source = [
      "import { sql } from 'drizzle-orm';",
      "import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';",
      "import { boolean, now, timestamp } from './columns.ts';",
      "export const t = sqliteTable('t', {",
      "  id: text('id').primaryKey(),",
      "  status: text('status', { enum: ['a', 'b'] }).notNull().default('a'),",
      "  n: integer('n').notNull().default(0),",
      "  hours: real('hours'),",
      "  on: boolean('on'),",
      "  at: timestamp('at').notNull().default(now),",
      "}, (t) => [index('i').on(t.status), index('j').on(sql`lower(${t.id})`)]);",
      "const label = 'Select a file from the list';",
      'const q = sql`coalesce(max(${t.n}), 0) + ${1}`;',
    ].join('\n');
    expect(found(source)).toEqual([]);
  });

  it('finds SQLite-only SQL in templates, sql.raw and statements handed to a driver', () => {
    const source = [
      "import Libsql from 'libsql';",
      "import { sql } from 'drizzle-orm';",
      "connection.exec('PRAGMA foreign_keys = ON');",
      "connection.exec('BEGIN IMMEDIATE');",
      'const page = sql`${t}.rowid in (select value from json_each(${ids}))`;',
      'const since = sql`${t.createdAt} >= ${from.getTime()}`;',
      "const raw = sql.raw('select group_concat(name) from sqlite_master');",
      'const floor = sql`max(0, ${t.hours} - ${h})`;',
      "const waiting = sql`sum(${t.status} = 'waiting')`;",
      "if (code === 'SQLITE_BUSY') retry();",
    ].join('\n');
    expect(found(source, 'src/server/services/sample.ts')).toEqual([
      '1 SQLite driver (libsql)',
      '3 PRAGMA',
      '4 BEGIN IMMEDIATE / EXCLUSIVE',
      '5 json_each()',
      '5 rowid',
      '6 time bound as epoch milliseconds',
      '7 group_concat()',
      '7 sqlite_master / sqlite_sequence',
      '8 max() / min() of several values',
      '9 booleans as 0/1',
      '10 SQLite error codes and messages',
    ]);
  });

  it('tells the scalar max() and a summed comparison from the aggregate and CASE forms', () => {
    expect(sqliteOnlySql('select max(a, b) from t')).toEqual(['max() / min() of several values']);
    expect(sqliteOnlySql('select max(a), min(coalesce(b, 0)) from t')).toEqual([]);
    expect(sqliteOnlySql("select sum(? = 'waiting') from t")).toEqual(['booleans as 0/1']);
    expect(sqliteOnlySql("select sum(case when ? != 'closed' then 1 else 0 end) from t")).toEqual([]);
    expect(sqliteOnlySql('select * from t where t.n = ?')).toEqual([]);
  });

  it('reports a use in a file the ADR does not list, by file and line', () => {
    const scan = scanSource('db/schema/extra.ts', "const a = 1;\nconst b = text('b', { mode: 'json' });");
    expect(againstAllowList([scan], [{ file: 'db/schema/columns.ts', uses: 8 }])).toEqual([
      "db/schema/extra.ts:2 text({ mode: 'json' }): text('b', { mode: 'json' })",
    ]);
  });

  it('reports a listed file whose count of uses is no longer the ADR’s', () => {
    const scan = scanSource('src/server/services/lists.ts', 'const a = sql`${t}.rowid`;');
    expect(againstAllowList([scan], [{ file: 'src/server/services/lists.ts', uses: 1 }])).toEqual([]);
    expect(againstAllowList([scan], [{ file: 'src/server/services/lists.ts', uses: 2 }])).toEqual([
      'src/server/services/lists.ts: ADR 0040 counts 2 SQLite-only uses, the file has 1',
      '  src/server/services/lists.ts:1 rowid: sql`${t}.rowid`',
    ]);
  });

  it('reads the list between the markers, and refuses one without them or with an odd item', () => {
    const adr = [
      'Before.',
      '<!-- sqlite-only files: start -->',
      '- `db/schema/columns.ts` (8): the column kinds.',
      '- `src/server/db/errors.ts` (6): error codes.',
      '<!-- sqlite-only files: end -->',
      '- `not/listed.ts` (1): after the end.',
    ].join('\n');
    expect(allowListOf(adr)).toEqual([
      { file: 'db/schema/columns.ts', uses: 8 },
      { file: 'src/server/db/errors.ts', uses: 6 },
    ]);
    expect(() => allowListOf('no markers')).toThrow(/No list/);
    expect(() =>
      allowListOf('<!-- sqlite-only files: start -->\n- db/schema/columns.ts: 8\n<!-- sqlite-only files: end -->'),
    ).toThrow(/Not a/);
  });
});

describe('this tree against ADR 0040', () => {
  let allowed: AllowedFile[];
  let files: string[];
  let scans: Scan[];

  beforeAll(async () => {
    allowed = allowListOf(readFileSync(join(ROOT, ADR), 'utf8'));
    files = await checkedFiles(ROOT);
    scans = await scanFiles(ROOT, files);
  });

  it('lists files that exist and that the check covers (db/schema, src/server)', () => {
    expect(allowed.length).toBeGreaterThan(0);
    expect(allowed.filter(({ file }) => !existsSync(join(ROOT, file)))).toEqual([]);
    expect(allowed.filter(({ file }) => !files.includes(file))).toEqual([]);
  });

  it('reads the whole schema and server', () => {
    expect(files).toContain('db/schema/portal.ts');
    expect(files).toContain('src/server/services/lists.ts');
    expect(files.filter((file) => file.endsWith('.test.ts'))).toEqual([]);
    expect(scans.reduce((n, scan) => n + scan.sql.length, 0)).toBeGreaterThan(50);
  });

  it('keeps the schema’s SQLite-only features in the files the ADR lists (db/schema/columns.ts)', () => {
    expect(
      againstAllowList(
        scans.filter((s) => s.file.startsWith('db/schema/')),
        allowed,
      ),
    ).toEqual([]);
  });

  it('keeps the server’s SQLite-only SQL, drivers and error codes in the files the ADR lists, as many as it counts', () => {
    expect(
      againstAllowList(
        scans.filter((s) => s.file.startsWith('src/server/')),
        allowed,
      ),
    ).toEqual([]);
  });
});
