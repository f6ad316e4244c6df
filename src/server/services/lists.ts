/**
 * Paging, sorting and searching the dashboard's lists in SQL (docs/decisions/0010-server-side-lists.md,
 * docs/product.md#lists).
 *
 * `pageKeys(db, spec, request)` → `{ rowids, nextCursor, total }`: the rowids of one page in
 * order, the opaque cursor of the next page (null on the last) and the number of rows that
 * match. A list service then loads its rows by those rowids in its own shape.
 *
 * - Keyset paging: a cursor holds the sort, the last row's sort value and its rowid, and the
 *   next page starts strictly after that pair. Rowids are unique, so no row is shown twice; a
 *   row added while staff page sorts before or after the cursor by its own values, so no row
 *   that existed is skipped.
 * - Search: SQLite FTS5 over external-content indexes kept in step by triggers (migration
 *   0007_search). What staff type is reduced to its words, each quoted and matched as a prefix
 *   (docs/product.md#search), so quotes, `*`, `-`, `NEAR` or parentheses never reach FTS5's
 *   query syntax. Relevance: rows whose main column (a client's or lead's name, a project's
 *   title, a message's subject) holds every word come first, then the rest, the most recently
 *   added first within each group. The rank depends only on the row itself, so it stays stable while rows are added
 *   and a cursor can hold it.
 * - Totals: the per-table count kept by triggers when nothing filters; otherwise a count, cached
 *   until any of the four tables changes (the `row_counts.version` the triggers move).
 *
 * Errors: InvalidFieldError('cursor') for a cursor that is not one of ours or belongs to another sort.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { SQLiteSyncDialect, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { LRUCache } from 'lru-cache';
import { z } from '../../shared/zod.ts';
import { InvalidFieldError } from '../errors.ts';
import type { Database } from '../db/database.ts';

/** How one list pages: its table, its search index, its main column and its sortable columns. */
export interface ListSpec {
  table: SQLiteTable;
  /** The name of the table in SQL, as `row_counts` and the FTS index name it. */
  tableName: string;
  /** The FTS5 index's name and the column that makes a match rank first. */
  fts: string;
  primary: string;
  /** Sort column → a never-null SQL expression over `table`. */
  sorts: Record<string, SQL>;
}

export interface ListRequest {
  q?: string | undefined;
  sort?: string | undefined;
  limit: number;
  cursor?: string | undefined;
  /** Conditions over the list's table (and subqueries), ANDed. */
  filters: (SQL | undefined)[];
  /** False to skip counting (an export walking every page has no use for the total; it is then 0). */
  count?: boolean;
}

export interface PageKeys {
  rowids: number[];
  nextCursor: string | null;
  total: number;
}

/** At most this many words of a search are used. */
const MAX_WORDS = 8;
/** A word longer than this is cut: no real name or word is longer. */
const MAX_WORD_LENGTH = 64;

/**
 * What staff typed → an FTS5 query in which every word is a quoted prefix, ANDed
 * (`bren "home` → `"bren"* "home"*`); null when there is no word in it. Words are runs of
 * a letter or digit followed by letters, digits and combining marks, as FTS5's unicode61 tokenizer
 * splits them (a mark alone is no word).
 */
function searchExpression(q: string | undefined): string | null {
  const words = (q ?? '').match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu);
  if (!words) return null;
  return words
    .slice(0, MAX_WORDS)
    .map((word) => `"${word.slice(0, MAX_WORD_LENGTH)}"*`)
    .join(' ');
}

const cursorSchema = z.object({
  s: z.string(),
  r: z.number().int(),
  k: z.union([z.string(), z.number()]).optional(),
  t: z.union([z.literal(1), z.literal(2)]).optional(),
});
type Cursor = z.infer<typeof cursorSchema>;

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string | undefined, sort: string): Cursor | null {
  if (text === undefined || text === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success || result.data.s !== sort) {
    throw new InvalidFieldError('cursor', 'Invalid cursor: start again from the first page');
  }
  return result.data;
}

const dialect = new SQLiteSyncDialect();
/** Totals by query, each valid for one version of the four tables (see the module comment). */
const totals = new LRUCache<string, number>({ max: 1000 });

async function tableVersions(db: Database): Promise<string> {
  const rows = await db.read.values<[string | null]>(
    sql`select group_concat(table_name || ':' || n || ':' || version) from row_counts`,
  );
  return rows[0]?.[0] ?? '';
}

async function countRows(db: Database, spec: ListSpec, match: string | null, where: SQL | undefined) {
  if (!match && !where) {
    const rows = await db.read.values<[number]>(sql`select n from row_counts where table_name = ${spec.tableName}`);
    return Number(rows[0]?.[0] ?? 0);
  }
  const fts = sql.raw(spec.fts);
  const query = match
    ? sql`select count(*) as n from ${fts} join ${spec.table} on ${spec.table}.rowid = ${fts}.rowid
          where ${fts} match ${match}${where ? sql` and ${where}` : sql``}`
    : sql`select count(*) as n from ${spec.table} where ${where}`;
  const { sql: text, params } = dialect.sqlToQuery(query);
  const key = `${await tableVersions(db)}|${text}|${JSON.stringify(params)}`;
  const cached = totals.get(key);
  if (cached !== undefined) return cached;
  const rows = await db.read.values<[number]>(query);
  const n = Number(rows[0]?.[0] ?? 0);
  totals.set(key, n);
  return n;
}

/** One page of `spec`'s rows for `request`, as rowids in order (see the module comment). */
export async function pageKeys(db: Database, spec: ListSpec, request: ListRequest): Promise<PageKeys> {
  const match = searchExpression(request.q);
  const where = and(...request.filters);
  const wanted = request.sort && (request.sort !== 'relevance' || match) ? request.sort : undefined;
  const sort = wanted ?? (match ? 'relevance' : 'createdAt.desc');
  const cursor = decodeCursor(request.cursor, sort);
  const [page, total] = await Promise.all([
    sort === 'relevance' && match
      ? relevancePage(db, spec, match, where, request.limit, cursor)
      : columnPage(db, spec, sort, match, where, request.limit, cursor),
    request.count === false ? 0 : countRows(db, spec, match, where),
  ]);
  return { ...page, total };
}

async function columnPage(
  db: Database,
  spec: ListSpec,
  sort: string,
  match: string | null,
  where: SQL | undefined,
  limit: number,
  cursor: Cursor | null,
) {
  const [column = 'createdAt', direction = 'desc'] = sort.split('.');
  const expression = spec.sorts[column];
  if (!expression) throw new InvalidFieldError('sort', 'Unknown sort');
  const descending = direction === 'desc';
  const rowid = sql`${spec.table}.rowid`;
  const conditions: (SQL | undefined)[] = [where];
  if (match)
    conditions.push(
      sql`${rowid} in (select rowid from ${sql.raw(spec.fts)} where ${sql.raw(spec.fts)} match ${match})`,
    );
  if (cursor) {
    if (cursor.k === undefined)
      throw new InvalidFieldError('cursor', 'Invalid cursor: start again from the first page');
    conditions.push(
      descending
        ? sql`(${expression}, ${rowid}) < (${cursor.k}, ${cursor.r})`
        : sql`(${expression}, ${rowid}) > (${cursor.k}, ${cursor.r})`,
    );
  }
  const order = descending ? sql`desc` : sql`asc`;
  const condition = and(...conditions);
  const rows = await db.read.values<[number, string | number]>(
    sql`select ${rowid} as r, ${expression} as k from ${spec.table}
        ${condition ? sql`where ${condition}` : sql``}
        order by ${expression} ${order}, ${rowid} ${order} limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rowids: page.map(([r]) => Number(r)),
    nextCursor: rows.length > limit && last ? encodeCursor({ s: sort, k: last[1], r: Number(last[0]) }) : null,
  };
}

async function relevancePage(
  db: Database,
  spec: ListSpec,
  match: string,
  where: SQL | undefined,
  limit: number,
  cursor: Cursor | null,
) {
  const fts = sql.raw(spec.fts);
  const tiers = [
    { tier: 2 as const, expression: `{${spec.primary}} : (${match})` },
    { tier: 1 as const, expression: `(${match}) NOT {${spec.primary}} : (${match})` },
  ].filter(({ tier }) => !cursor || tier <= (cursor.t ?? 2));
  const found: { t: 1 | 2; r: number }[] = [];
  for (const { tier, expression } of tiers) {
    if (found.length > limit) break;
    const after = cursor && cursor.t === tier ? sql` and ${fts}.rowid < ${cursor.r}` : sql``;
    const rows = await db.read.values<[number]>(
      sql`select ${fts}.rowid as r from ${fts} join ${spec.table} on ${spec.table}.rowid = ${fts}.rowid
          where ${fts} match ${expression}${where ? sql` and ${where}` : sql``}${after}
          order by ${fts}.rowid desc limit ${limit + 1 - found.length}`,
    );
    for (const [r] of rows) found.push({ t: tier, r: Number(r) });
  }
  const page = found.slice(0, limit);
  const last = page.at(-1);
  return {
    rowids: page.map((row) => row.r),
    nextCursor: found.length > limit && last ? encodeCursor({ s: 'relevance', t: last.t, r: last.r }) : null,
  };
}
