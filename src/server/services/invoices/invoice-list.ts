/**
 * The staff's list of invoices (docs/product.md#invoices, docs/product.md#lists): one page
 * `{items, nextCursor, total}` in the shape of the other lists, newest first by default, sorted by
 * creation, number, status, due date, total or balance, filtered by status (`overdue`: open or
 * partially paid and past its due date in the agency's zone), kind and client, searched by words
 * of the number or of the client's name or company (a substring match).
 *
 * `invoicesCsv` and `paymentsCsv` are the same query without paging, for the accountant: through
 * csv-stringify, every cell made safe to open in a spreadsheet (leads/csv.ts `neutralizeCell`),
 * amounts in dollars with cents ('1234.50').
 */
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { clients, invoices, payments } from '../../../../db/schema/index.ts';
import type { InvoiceListQuery } from '../../../shared/schemas/lists.ts';
import { businessName } from '../../../shared/team.ts';
import type { Database } from '../../db/database.ts';
import { neutralizeCell } from '../leads/csv.ts';
import { createdBetween, inPageOrder, inRowids, preparedPer } from '../list-rows.ts';
import { pageKeys, type ListSpec } from '../lists.ts';
import { todayIn } from '../proposals/validity.ts';
import { balanceOf, staffInvoiceJson } from './invoice-json.ts';

const balanceSql = sql`(case when ${invoices.kind} = 'credit_note' or ${invoices.status} = 'void' then 0 else (${invoices.totalCents} - ${invoices.paidCents}) end)`;

const spec: ListSpec = {
  table: invoices,
  tableName: 'invoices',
  fts: '',
  primary: 'number',
  sorts: {
    createdAt: sql`${invoices.createdAt}`,
    number: sql`coalesce(${invoices.number}, '')`,
    status: sql`${invoices.status}`,
    dueDate: sql`coalesce(${invoices.dueDate}, '')`,
    total: sql`${invoices.totalCents}`,
    balance: balanceSql,
  },
};

const like = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A word is in the number, or in the client's name or company. */
function wordCondition(word: string): SQL {
  const pattern = like(word);
  return sql`(${invoices.number} like ${pattern} escape '\\'
    or ${invoices.clientId} in (select ${clients.id} from ${clients} where ${clients.name} like ${pattern} escape '\\' or ${clients.company} like ${pattern} escape '\\'))`;
}

/** The conditions of `query` as of `today`. */
function whereOf(query: InvoiceListQuery, today: string): SQL | undefined {
  const words =
    (query.q ?? '')
      .toLowerCase()
      .match(/[^\s]+/g)
      ?.slice(0, 8) ?? [];
  const unpaid = inArray(invoices.status, ['open', 'partially_paid']);
  const status =
    query.status === 'overdue'
      ? and(unpaid, sql`${invoices.dueDate} < ${today}`)
      : query.status
        ? eq(invoices.status, query.status)
        : undefined;
  return and(
    ...words.map(wordCondition),
    status,
    query.kind ? eq(invoices.kind, query.kind) : undefined,
    query.clientId ? eq(invoices.clientId, query.clientId) : undefined,
    ...createdBetween(invoices.createdAt, query.from, query.to),
  );
}

const byRowid = preparedPer((db) =>
  db.read
    .select({ rowid: sql<number>`${invoices}.rowid`, invoice: invoices, client: clients })
    .from(invoices)
    .leftJoin(clients, eq(clients.id, invoices.clientId))
    .where(inRowids(invoices))
    .prepare(),
);

/** One page of invoices for `query`. InvalidFieldError('cursor') for a foreign cursor. */
export async function listInvoices(db: Database, query: InvoiceListQuery, timeZone: string) {
  const today = todayIn(timeZone);
  const where = whereOf(query, today);
  const sort = query.sort === 'relevance' ? undefined : query.sort;
  const page = await pageKeys(db, spec, { ...query, q: undefined, sort, filters: [where], count: false });
  const rows = page.rowids.length ? await byRowid(db).all({ rowids: JSON.stringify(page.rowids) }) : [];
  const [total] = await db.read.select({ n: count() }).from(invoices).where(where);
  return {
    items: inPageOrder(page.rowids, rows).map((row) => staffInvoiceJson(row.invoice, row.client, today)),
    nextCursor: page.nextCursor,
    total: total?.n ?? 0,
  };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
// Quote every cell holding a line break, as the leads' CSV does.
const OPTIONS = { record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;
const csv = (rows: string[][]) =>
  stringify(
    rows.map((row) => row.map(neutralizeCell)),
    OPTIONS,
  );

/** Every invoice matching `query` as CSV text, oldest first. */
export async function invoicesCsv(db: Database, query: InvoiceListQuery, timeZone: string): Promise<string> {
  const rows = await db.read
    .select({ invoice: invoices, client: clients })
    .from(invoices)
    .leftJoin(clients, eq(clients.id, invoices.clientId))
    .where(whereOf(query, todayIn(timeZone)))
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
  const header = [
    'number',
    'kind',
    'status',
    'client',
    'issuedOn',
    'dueDate',
    'subtotal',
    'tax',
    'total',
    'paid',
    'balance',
    'credits',
    'id',
  ];
  return csv([
    header,
    ...rows.map(({ invoice: i, client }) => [
      i.number ?? '',
      i.kind,
      i.status,
      client ? businessName(client) : '',
      i.issuedOn ?? '',
      i.dueDate ?? '',
      dollars(i.subtotalCents),
      dollars(i.taxCents),
      dollars(i.totalCents),
      dollars(i.paidCents),
      dollars(balanceOf(i)),
      i.creditsInvoiceId ?? '',
      i.id,
    ]),
  ]);
}

/** Every payment and refund of the invoices matching `query` as CSV text, by day received. */
export async function paymentsCsv(db: Database, query: InvoiceListQuery, timeZone: string): Promise<string> {
  const rows = await db.read
    .select({ payment: payments, invoice: invoices, client: clients })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .leftJoin(clients, eq(clients.id, invoices.clientId))
    .where(whereOf(query, todayIn(timeZone)))
    .orderBy(asc(payments.receivedOn), asc(payments.createdAt));
  const header = [
    'receivedOn',
    'kind',
    'amount',
    'credit',
    'method',
    'reference',
    'invoice',
    'client',
    'recordedBy',
    'id',
  ];
  return csv([
    header,
    ...rows.map(({ payment: p, invoice, client }) => [
      p.receivedOn,
      p.kind,
      dollars(p.kind === 'refund' ? -p.amountCents : p.amountCents),
      dollars(p.creditCents),
      p.method,
      p.reference ?? '',
      invoice.number ?? '',
      client ? businessName(client) : '',
      p.recordedByName,
      p.id,
    ]),
  ]);
}
