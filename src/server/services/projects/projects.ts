/**
 * Projects (docs/product.md#records): the staff's list, create, update and delete (each recorded
 * as an admin event in the same transaction), and what a client sees of its own projects. Every
 * client query is scoped to that client, so another client's project and a missing one look
 * the same: NotFoundError('Project'). The portal's project page, which adds milestones and
 * messages, is client-project.ts.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { clients, communications, milestones, projects } from '../../../../db/schema/index.ts';
import type { AdminProjectValues } from '../../../shared/schemas/admin.ts';
import type { ProjectListQuery } from '../../../shared/schemas/lists.ts';
import { InvalidFieldError, NotFoundError } from '../../errors.ts';
import { storageKeysOf } from '../files/files.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { recordEvent } from '../events/events.ts';
import { fastQuery, tableShape, type FastReader } from '../../db/fast-reads.ts';
import { toJson } from '../../db/json.ts';
import { notifyProjectStatus } from '../email/notifications.ts';
import { pageKeys, type ListSpec } from '../lists.ts';
import { createdBetween, inPageOrder, inRowids, preparedPer } from '../list-rows.ts';

export type ProjectRow = typeof projects.$inferSelect;

const projectList: ListSpec = {
  table: projects,
  tableName: 'projects',
  fts: 'projects_fts',
  primary: 'title',
  sorts: {
    createdAt: sql`${projects.createdAt}`,
    title: sql`${projects.title} collate nocase`,
    status: sql`${projects.status}`,
    client: sql`coalesce((select ${clients.name} from ${clients} where ${clients.id} = ${projects.clientId}), '') collate nocase`,
    endDate: sql`coalesce(${projects.endDate}, '')`,
    budget: sql`coalesce(${projects.budget}, -1)`,
  },
};

/**
 * One page of projects for staff (docs/product.md#lists): `{ items, nextCursor, total }`, each
 * item with its client's name and company embedded (or null) and its numbers of milestones and
 * messages (what its delete takes with it); newest first unless sorted or searched (title,
 * description). InvalidFieldError('cursor') for a foreign cursor.
 */
export async function listProjects(db: Database, query: ProjectListQuery) {
  const page = await pageKeys(db, projectList, {
    ...query,
    filters: [
      query.status ? eq(projects.status, query.status) : undefined,
      query.clientId ? eq(projects.clientId, query.clientId) : undefined,
      ...createdBetween(projects.createdAt, query.from, query.to),
    ],
  });
  const rows = page.rowids.length ? await projectsByRowid(db).all({ rowids: JSON.stringify(page.rowids) }) : [];
  return { items: inPageOrder(page.rowids, rows.map(toProjectItem)), nextCursor: page.nextCursor, total: page.total };
}

/** One project as the list shows it. NotFoundError when it does not exist. */
export async function getProject(db: Database, id: string) {
  const [project] = await selectProjects(db, eq(projects.id, id));
  if (!project) throw new NotFoundError('Project');
  const { rowid: _rowid, ...rest } = project;
  return rest;
}

const projectColumns = {
  project: projects,
  rowid: sql<number>`${projects}.rowid`,
  clientName: clients.name,
  clientCompany: clients.company,
  milestoneCount: sql<number>`(select count(*) from ${milestones} where ${milestones.projectId} = ${projects.id})`,
  messageCount: sql<number>`(select count(*) from ${communications} where ${communications.projectId} = ${projects.id})`,
};

const toProjectItem = (r: {
  project: ProjectRow;
  rowid: number;
  clientName: string | null;
  clientCompany: string | null;
  milestoneCount: number;
  messageCount: number;
}) => ({
  ...toJson(r.project),
  client: r.clientName === null ? null : { name: r.clientName, company: r.clientCompany },
  milestoneCount: r.milestoneCount,
  messageCount: r.messageCount,
  rowid: r.rowid,
});

async function selectProjects(db: Database, where: SQL) {
  const rows = await db.read
    .select(projectColumns)
    .from(projects)
    .leftJoin(clients, eq(clients.id, projects.clientId))
    .where(where);
  return rows.map(toProjectItem);
}

const projectsByRowid = preparedPer((db) =>
  db.read
    .select(projectColumns)
    .from(projects)
    .leftJoin(clients, eq(clients.id, projects.clientId))
    .where(inRowids(projects))
    .prepare(),
);

/** InvalidFieldError on `clientId` unless the client exists; run inside the write's transaction. */
async function assertClientExists(tx: SqlDb, clientId: string): Promise<void> {
  const [row] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1);
  if (!row) throw new InvalidFieldError('clientId', 'Client is required');
}

export async function createProject(db: Database, actor: Actor, values: AdminProjectValues) {
  return db.write(async (tx) => {
    await assertClientExists(tx, values.clientId);
    const now = new Date();
    const [row] = await tx
      .insert(projects)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('Insert returned no row');
    await recordAdminEvent(tx, actor, 'create', 'project', row.id, `Created project ${row.title}`);
    await recordEvent(tx, { type: 'project-updated', projectId: row.id, clientId: row.clientId });
    return toJson(row);
  });
}

/**
 * NotFoundError when the project does not exist. A changed status queues the client's
 * notification in the same transaction (docs/product.md#notifications).
 */
export async function updateProject(db: Database, actor: Actor, id: string, values: AdminProjectValues) {
  return db.write(async (tx) => {
    await assertClientExists(tx, values.clientId);
    const [before] = await tx
      .select({ status: projects.status, clientId: projects.clientId })
      .from(projects)
      .where(eq(projects.id, id));
    const [row] = await tx
      .update(projects)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(projects.id, id))
      .returning();
    if (!row || !before) throw new NotFoundError('Project');
    if (before.status !== row.status) {
      await notifyProjectStatus(tx, { clientId: row.clientId, projectId: id }, { from: before.status, to: row.status });
    }
    await recordAdminEvent(tx, actor, 'update', 'project', id, `Updated project ${row.title} (${row.status})`);
    // A project moved to another client is news to both.
    for (const clientId of new Set([before.clientId, row.clientId])) {
      await recordEvent(tx, { type: 'project-updated', projectId: id, clientId });
    }
    return toJson(row);
  });
}

/**
 * Deletes a project with its milestones, messages and files' rows. NotFoundError when missing.
 * @returns the storage keys of its files, for the caller to delete once the write has committed
 *   (services/files/cleanup.ts `deleteStoredFiles`)
 */
export async function deleteProject(db: Database, actor: Actor, id: string): Promise<string[]> {
  return db.write(async (tx) => {
    const keys = await storageKeysOf(tx, { projectId: id });
    const [row] = await tx.delete(projects).where(eq(projects.id, id)).returning();
    if (!row) throw new NotFoundError('Project');
    await recordAdminEvent(tx, actor, 'delete', 'project', id, `Deleted project ${row.title}`);
    await recordEvent(tx, { type: 'project-updated', projectId: id, clientId: row.clientId });
    return keys;
  });
}

/** The client's projects with their unread team messages, for the placeholder `clientId`. */
function clientListQuery(db: Database) {
  // Written out in full: drizzle renders bare column names inside a select's sql fragment.
  const unreadFromTeam = sql<number>`(select count(*) from "communications" c
    where c."project_id" = "projects"."id" and c."from_client" = 0 and c."is_read" = 0)`;
  return db.read
    .select({ project: projects, unreadCount: unreadFromTeam })
    .from(projects)
    .where(eq(projects.clientId, sql.placeholder('clientId')))
    .orderBy(desc(projects.createdAt));
}

/** The same on the fast reader (ADR 0011): the project's columns, then the count. */
function prepareFastClientList(db: Database, reader: FastReader) {
  const shape = tableShape(projects);
  return fastQuery(reader, clientListQuery(db), [shape], (row) => ({
    ...shape.decodeJson(row, 0),
    unreadCount: Number(row[shape.width]),
  }));
}

/** Prepared once per database: the client's project list is the portal's busiest query. */
const clientLists = new WeakMap<Database, ReturnType<ReturnType<typeof clientListQuery>['prepare']>>();
const fastClientLists = new WeakMap<Database, ReturnType<typeof prepareFastClientList>>();

/**
 * The client's projects, newest first, each with its number of unread team messages; read on
 * the fast reader when the database has one (docs/decisions/0011-fast-embedded-reads.md).
 */
export async function listClientProjects(db: Database, clientId: string) {
  const reader = db.reader;
  if (reader) {
    let fast = fastClientLists.get(db);
    if (!fast) fastClientLists.set(db, (fast = prepareFastClientList(db, reader)));
    return fast.all({ clientId });
  }
  let query = clientLists.get(db);
  if (!query) clientLists.set(db, (query = clientListQuery(db).prepare()));
  const rows = await query.all({ clientId });
  return rows.map((r) => ({ ...toJson(r.project), unreadCount: Number(r.unreadCount) }));
}

/** The client's own project; NotFoundError when it is missing or another client's. */
export async function findClientProject(db: SqlDb, clientId: string, projectId: string): Promise<ProjectRow> {
  const [project] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.clientId, clientId)))
    .limit(1);
  if (!project) throw new NotFoundError('Project');
  return project;
}
