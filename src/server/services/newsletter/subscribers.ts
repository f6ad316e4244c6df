/**
 * The newsletter's subscribers for staff (docs/product.md#newsletter, docs/product.md#lists): one
 * page `{ items: [{id, email, createdAt}], nextCursor, total }` sorted by sign-up date or address,
 * newest first by default, searched by the words of the address; and every matching subscriber
 * as CSV (formula-safe cells, as the leads' CSV). The table has no search index: a search is a
 * case-insensitive substring match on the address, and the total is counted directly (the table
 * is small: one row per address).
 */
import { stringify } from 'csv-stringify/sync';
import { and, count, gte, lt, sql, type SQL } from 'drizzle-orm';
import { newsletterSubscribers } from '../../../../db/schema/index.ts';
import type { SubscriberListQuery } from '../../../shared/schemas/lists.ts';
import type { Database } from '../../db/database.ts';
import { neutralizeCell } from '../leads/csv.ts';
import { inPageOrder, inRowids, preparedPer } from '../list-rows.ts';
import { pageKeys, type ListSpec } from '../lists.ts';

const subscriberList: ListSpec = {
  table: newsletterSubscribers,
  tableName: 'newsletter_subscribers',
  fts: '',
  primary: 'email',
  sorts: {
    createdAt: sql`${newsletterSubscribers.createdAt}`,
    email: sql`${newsletterSubscribers.email}`,
  },
};

/** The words of a search, each a substring the address must hold (LIKE with its wildcards escaped). */
function conditions(query: SubscriberListQuery): SQL | undefined {
  const words =
    (query.q ?? '')
      .toLowerCase()
      .match(/[^\s]+/g)
      ?.slice(0, 8) ?? [];
  return and(
    ...words.map(
      (word) => sql`${newsletterSubscribers.email} like ${`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`,
    ),
    query.from ? gte(newsletterSubscribers.createdAt, query.from) : undefined,
    query.to ? lt(newsletterSubscribers.createdAt, query.to) : undefined,
  );
}

const byRowid = preparedPer((db) =>
  db.read
    .select({
      id: newsletterSubscribers.id,
      email: newsletterSubscribers.email,
      createdAt: newsletterSubscribers.createdAt,
      rowid: sql<number>`${newsletterSubscribers}.rowid`,
    })
    .from(newsletterSubscribers)
    .where(inRowids(newsletterSubscribers))
    .prepare(),
);

/**
 * One page of subscribers. InvalidFieldError('cursor') for a foreign cursor; a `relevance` sort
 * reads as newest first (there is no rank without a search index).
 */
export async function listSubscribers(db: Database, query: SubscriberListQuery) {
  const where = conditions(query);
  const sort = query.sort === 'relevance' ? undefined : query.sort;
  const page = await pageKeys(db, subscriberList, { ...query, q: undefined, sort, filters: [where], count: false });
  const rows = page.rowids.length ? await byRowid(db).all({ rowids: JSON.stringify(page.rowids) }) : [];
  const [total] = await db.read.select({ n: count() }).from(newsletterSubscribers).where(where);
  return {
    items: inPageOrder(page.rowids, rows).map((r) => ({
      id: r.id,
      email: r.email,
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
    total: total?.n ?? 0,
  };
}

/** Every subscriber matching `query` as CSV text (email, subscribedAt), in the list's order. */
export async function subscribersCsv(db: Database, query: SubscriberListQuery): Promise<string> {
  const rows: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await listSubscribers(db, { ...query, limit: 200, cursor });
    for (const s of page.items) rows.push([s.email, s.createdAt].map(neutralizeCell));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return stringify([['email', 'subscribedAt'], ...rows], { record_delimiter: 'windows' });
}
