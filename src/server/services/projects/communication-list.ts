/**
 * The staff's list of project messages (docs/product.md#lists, docs/product.md#dashboard): one
 * page at a time, searched, filtered and sorted, each message with its project, its client and
 * its author as staff see them ("Dana Reyes (Acme Bakery)", docs/product.md#client-teams).
 */
import { eq, sql } from 'drizzle-orm';
import { clients, communications, projects } from '../../../../db/schema/index.ts';
import type { CommunicationListQuery } from '../../../shared/schemas/lists.ts';
import type { Database } from '../../db/database.ts';
import { attachmentsOf } from '../files/attachments.ts';
import { pageKeys, type ListSpec } from '../lists.ts';
import { createdBetween, inPageOrder, inRowids, preparedPer } from '../list-rows.ts';
import { messageJson } from './message-author.ts';

const communicationsByRowid = preparedPer((db) =>
  db.read
    .select({
      communication: communications,
      rowid: sql<number>`${communications}.rowid`,
      projectTitle: projects.title,
      clientId: clients.id,
      clientName: clients.name,
      clientCompany: clients.company,
    })
    .from(communications)
    .leftJoin(projects, eq(projects.id, communications.projectId))
    .leftJoin(clients, eq(clients.id, projects.clientId))
    .where(inRowids(communications))
    .prepare(),
);

const communicationList: ListSpec = {
  table: communications,
  tableName: 'communications',
  fts: 'communications_fts',
  primary: 'subject',
  sorts: {
    createdAt: sql`${communications.createdAt}`,
    subject: sql`${communications.subject} collate nocase`,
  },
};

/**
 * One page of messages for staff (docs/product.md#lists): `{ items, nextCursor, total }`, each
 * item with its project's title and its client's id and name embedded (or null); newest first
 * unless sorted or searched (subject, text). `unread` keeps the client's messages not read yet;
 * `clientId` and `projectId` keep one client's or one project's conversation.
 * InvalidFieldError('cursor') for a foreign cursor.
 */
export async function listCommunications(db: Database, query: CommunicationListQuery) {
  const page = await pageKeys(db, communicationList, {
    ...query,
    filters: [
      query.unread === undefined
        ? undefined
        : query.unread
          ? sql`(${communications.fromClient} = 1 and ${communications.isRead} = 0)`
          : sql`not (${communications.fromClient} = 1 and ${communications.isRead} = 0)`,
      query.projectId ? eq(communications.projectId, query.projectId) : undefined,
      query.clientId
        ? sql`${communications.projectId} in (select ${projects.id} from ${projects} where ${projects.clientId} = ${query.clientId})`
        : undefined,
      ...createdBetween(communications.createdAt, query.from, query.to),
    ],
  });
  if (page.rowids.length === 0) return { items: [], nextCursor: page.nextCursor, total: page.total };
  const rows = await communicationsByRowid(db).all({ rowids: JSON.stringify(page.rowids) });
  const files = await attachmentsOf(
    db.read,
    rows.map((r) => r.communication.id),
  );
  const items = rows.map((r) => ({
    ...messageJson(
      r.communication,
      r.clientName === null ? undefined : { name: r.clientName, company: r.clientCompany },
    ),
    attachments: files.get(r.communication.id) ?? [],
    project: r.projectTitle === null ? null : { title: r.projectTitle },
    client: r.clientId === null || r.clientName === null ? null : { id: r.clientId, name: r.clientName },
    rowid: r.rowid,
  }));
  return { items: inPageOrder(page.rowids, items), nextCursor: page.nextCursor, total: page.total };
}
