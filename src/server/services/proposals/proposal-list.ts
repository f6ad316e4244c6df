/**
 * The staff's list of proposals (docs/product.md#proposals, docs/product.md#lists): one page
 * `{items, nextCursor, total}` in the shape of the other lists, newest first by default, sorted by
 * creation, title, status, valid-until day or one-off total, filtered by status, client and lead,
 * searched by words of the title or of the recipient's name or company (a substring match: the
 * table is small, one row per version). A status filter reads the status as of now: a sent
 * proposal whose day has passed is `expired` before the hourly job records it.
 */
import { and, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { agreements, clients, contactSubmissions, proposals } from '../../../../db/schema/index.ts';
import type { ProposalListQuery } from '../../../shared/schemas/lists.ts';
import type { Database } from '../../db/database.ts';
import { createdBetween, inPageOrder, inRowids, preparedPer } from '../list-rows.ts';
import { pageKeys, type ListSpec } from '../lists.ts';
import { staffProposalJson } from './proposal-json.ts';
import { todayIn } from './validity.ts';

const spec: ListSpec = {
  table: proposals,
  tableName: 'proposals',
  fts: '',
  primary: 'title',
  sorts: {
    createdAt: sql`${proposals.createdAt}`,
    title: sql`lower(${proposals.title})`,
    status: sql`${proposals.status}`,
    validUntil: sql`${proposals.validUntil}`,
    oneOff: sql`${proposals.oneOffCents}`,
  },
};

const like = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A word is in the title, or in the client's name or company, or in the lead's name. */
function wordCondition(word: string): SQL {
  const pattern = like(word);
  return sql`(${proposals.title} like ${pattern} escape '\\'
    or ${proposals.clientId} in (select ${clients.id} from ${clients} where ${clients.name} like ${pattern} escape '\\' or ${clients.company} like ${pattern} escape '\\')
    or ${proposals.leadId} in (select ${contactSubmissions.id} from ${contactSubmissions} where ${contactSubmissions.name} like ${pattern} escape '\\'))`;
}

/** The status filter, as of today in `timeZone` (see the module comment). */
function statusCondition(status: ProposalListQuery['status'], today: string): SQL | undefined {
  if (!status) return undefined;
  const open = inArray(proposals.status, ['sent', 'viewed']);
  if (status === 'expired') {
    return or(eq(proposals.status, 'expired'), and(open, sql`${proposals.validUntil} < ${today}`));
  }
  if (status === 'sent' || status === 'viewed') {
    return and(eq(proposals.status, status), sql`${proposals.validUntil} >= ${today}`);
  }
  return eq(proposals.status, status);
}

const byRowid = preparedPer((db) =>
  db.read
    .select({
      rowid: sql<number>`${proposals}.rowid`,
      proposal: proposals,
      client: clients,
      lead: contactSubmissions,
      agreement: agreements,
    })
    .from(proposals)
    .leftJoin(clients, eq(clients.id, proposals.clientId))
    .leftJoin(contactSubmissions, eq(contactSubmissions.id, proposals.leadId))
    .leftJoin(agreements, eq(agreements.proposalId, proposals.id))
    .where(inRowids(proposals))
    .prepare(),
);

/** One page of proposals for `query`. InvalidFieldError('cursor') for a foreign cursor. */
export async function listProposals(db: Database, query: ProposalListQuery, timeZone: string) {
  const words =
    (query.q ?? '')
      .toLowerCase()
      .match(/[^\s]+/g)
      ?.slice(0, 8) ?? [];
  const where = and(
    ...words.map(wordCondition),
    statusCondition(query.status, todayIn(timeZone)),
    query.clientId ? eq(proposals.clientId, query.clientId) : undefined,
    query.leadId ? eq(proposals.leadId, query.leadId) : undefined,
    ...createdBetween(proposals.createdAt, query.from, query.to),
  );
  const sort = query.sort === 'relevance' ? undefined : query.sort;
  const page = await pageKeys(db, spec, { ...query, q: undefined, sort, filters: [where], count: false });
  const rows = page.rowids.length ? await byRowid(db).all({ rowids: JSON.stringify(page.rowids) }) : [];
  const [total] = await db.read.select({ n: count() }).from(proposals).where(where);
  const now = new Date();
  return {
    items: inPageOrder(page.rowids, rows).map((row) => staffProposalJson(row.proposal, row, timeZone, now)),
    nextCursor: page.nextCursor,
    total: total?.n ?? 0,
  };
}
