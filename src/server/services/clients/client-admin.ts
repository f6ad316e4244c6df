/**
 * Clients as staff manage them (docs/product.md#records, docs/product.md#clients-tab): the list
 * (search, filters, sort, pages), one client with its project count, and create, update and
 * delete, each recorded as an admin event in the same transaction. A duplicate email raises
 * ConflictError('email_taken') on the `email` field.
 */
import { count, eq, sql, type SQL } from 'drizzle-orm';
import { clientMembers, clients, invoices, projects } from '../../../../db/schema/index.ts';
import type { AdminClientValues } from '../../../shared/schemas/admin.ts';
import type { ClientListQuery } from '../../../shared/schemas/lists.ts';
import { assertStrongPassword } from '../sign-in/password-strength.ts';
import { hashPassword } from '../sign-in/passwords.ts';
import { AppError, InvalidFieldError, NotFoundError } from '../../errors.ts';
import { storageKeysOf } from '../files/files.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import { insertClient, normalizeEmail, toPublicClient, uniqueEmail, type ClientRow } from './clients.ts';
import { forgetMembers, memberIdsOf, primaryOwner } from './members.ts';
import type { Database } from '../../db/database.ts';
import { recordProjectsUpdated } from '../events/events.ts';
import { pageKeys, type ListSpec } from '../lists.ts';
import { createdBetween, inPageOrder, inRowids, preparedPer } from '../list-rows.ts';

const clientList: ListSpec = {
  table: clients,
  tableName: 'clients',
  fts: 'clients_fts',
  primary: 'name',
  sorts: {
    createdAt: sql`${clients.createdAt}`,
    name: sql`${clients.name} collate nocase`,
    email: sql`${clients.email}`,
    company: sql`coalesce(${clients.company}, '') collate nocase`,
  },
};

/**
 * One page of clients for staff (docs/product.md#lists), each with its number of projects (what
 * its delete takes with it) and `confirmed`: `{ items, nextCursor, total }`; newest first unless
 * sorted or searched (name, email, company, phone); `active` and `confirmed` filter it. InvalidFieldError('cursor') for a foreign cursor.
 */
export async function listClients(db: Database, query: ClientListQuery) {
  const page = await pageKeys(db, clientList, {
    ...query,
    filters: [
      query.active === undefined ? undefined : eq(clients.isActive, query.active),
      query.confirmed === undefined ? undefined : eq(clients.confirmed, query.confirmed),
      ...createdBetween(clients.createdAt, query.from, query.to),
    ],
  });
  const rows = page.rowids.length ? await clientsByRowid(db).all({ rowids: JSON.stringify(page.rowids) }) : [];
  return { items: inPageOrder(page.rowids, rows.map(toClientItem)), nextCursor: page.nextCursor, total: page.total };
}

/** One client as the list shows it (with its project count). NotFoundError when it does not exist. */
export async function getClient(db: Database, id: string) {
  const [client] = await selectClients(db, eq(clients.id, id));
  if (!client) throw new NotFoundError('Client');
  const { rowid: _rowid, ...rest } = client;
  return rest;
}

const clientColumns = {
  client: clients,
  ownerNotifications: clientMembers.emailNotifications,
  projectCount: count(projects.id),
  rowid: sql<number>`${clients}.rowid`,
};

const toClientItem = (r: {
  client: ClientRow;
  ownerNotifications: boolean | null;
  projectCount: number;
  rowid: number;
}) => ({
  ...toPublicClient(r.client, r.ownerNotifications === null ? undefined : { emailNotifications: r.ownerNotifications }),
  /** When the client was erased (docs/product.md#privacy); null for a client who was not. */
  erasedAt: r.client.erasedAt?.toISOString() ?? null,
  projectCount: r.projectCount,
  rowid: r.rowid,
});

async function selectClients(db: Database, where: SQL) {
  const rows = await db.read
    .select(clientColumns)
    .from(clients)
    .leftJoin(clientMembers, eq(clientMembers.email, clients.email))
    .leftJoin(projects, eq(projects.clientId, clients.id))
    .where(where)
    .groupBy(clients.id);
  return rows.map(toClientItem);
}

const clientsByRowid = preparedPer((db) =>
  db.read
    .select(clientColumns)
    .from(clients)
    .leftJoin(clientMembers, eq(clientMembers.email, clients.email))
    .leftJoin(projects, eq(projects.clientId, clients.id))
    .where(inRowids(clients))
    .groupBy(clients.id)
    .prepare(),
);

/**
 * Staff create a client; a password is required and must not be a common one (InvalidFieldError
 * on `password` otherwise, docs/product.md#validation).
 */
export async function createClient(db: Database, actor: Actor, values: AdminClientValues) {
  if (!values.password) throw new InvalidFieldError('password', 'Password is required for a new client');
  assertStrongPassword(values.password, [values.name, values.email]);
  const passwordHash = await hashPassword(values.password);
  return db.write(async (tx) => {
    const client = await insertClient(tx, { ...values, passwordHash });
    await recordAdminEvent(tx, actor, 'create', 'client', client.id, `Created client ${client.name} <${client.email}>`);
    return toPublicClient(client, client.owner);
  });
}

/**
 * Staff update a client; the email and a new password are its primary owner's
 * (docs/decisions/0041-client-members.md); an absent password keeps the current one, a common
 * one is refused (InvalidFieldError on `password`). NotFoundError when missing.
 */
export async function updateClient(db: Database, actor: Actor, id: string, values: AdminClientValues) {
  if (values.password) assertStrongPassword(values.password, [values.name, values.email]);
  const passwordHash = values.password ? await hashPassword(values.password) : undefined;
  return uniqueEmail(() =>
    db.write(async (tx) => {
      const owner = await primaryOwner(tx, id);
      const [row] = await tx
        .update(clients)
        .set({
          name: values.name,
          email: normalizeEmail(values.email),
          company: values.company,
          phone: values.phone,
          updatedAt: new Date(),
        })
        .where(eq(clients.id, id))
        .returning();
      if (!row || !owner) throw new NotFoundError('Client');
      await tx
        .update(clientMembers)
        .set({ email: row.email, ...(passwordHash ? { passwordHash } : {}), updatedAt: new Date() })
        .where(eq(clientMembers.id, owner.id));
      const summary = `Updated client ${row.name}${passwordHash ? ' (new password)' : ''}`;
      await recordAdminEvent(tx, actor, 'update', 'client', id, summary);
      return toPublicClient(row, owner);
    }),
  );
}

/**
 * Deletes a client with its projects, milestones, messages, files' rows, sessions and single-use
 * tokens (sign-in and password links, challenges). NotFoundError when missing; AppError 409
 * `client_has_invoices` when it has an issued invoice (a record that is kept).
 * @returns the storage keys of its files, for the caller to delete once the write has committed
 */
export async function deleteClient(db: Database, actor: Actor, id: string): Promise<string[]> {
  return db.write(async (tx) => {
    // Issued invoices are accounting records, kept for the tax years (docs/product.md#invoices).
    const [issued] = await tx
      .select({ n: count() })
      .from(invoices)
      .where(sql`${invoices.clientId} = ${id} and ${invoices.status} <> 'draft'`);
    if ((issued?.n ?? 0) > 0) {
      throw new AppError(
        409,
        'client_has_invoices',
        'This client has issued invoices, which are kept as accounting records. Deactivate the client instead.',
      );
    }
    const keys = await storageKeysOf(tx, { clientId: id });
    const owned = await tx.select({ id: projects.id }).from(projects).where(eq(projects.clientId, id));
    // Recorded while the projects still name their client; the same transaction deletes them.
    await recordProjectsUpdated(tx, ...owned.map((project) => project.id));
    await forgetMembers(tx, await memberIdsOf(tx, [id]));
    const [row] = await tx.delete(clients).where(eq(clients.id, id)).returning();
    if (!row) throw new NotFoundError('Client');
    await recordAdminEvent(tx, actor, 'delete', 'client', id, `Deleted client ${row.name} and all of its projects`);
    return keys;
  });
}
