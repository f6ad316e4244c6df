/**
 * The look-up of a session by its id with its owner (docs/product.md#sessions): for a client
 * session, the member with their client (docs/product.md#client-teams); for a staff session, the
 * staff user. Prepared once per database, and read through the fast reader on an embedded database
 * (docs/decisions/0011-fast-embedded-reads.md). Used by sessions.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { adminSessions, clientMembers, clientSessions, clients, users } from '../../../../db/schema/index.ts';
import type { Database } from '../../db/database.ts';
import { fastQuery, tableShape, type FastReader } from '../../db/fast-reads.ts';

/** The kinds of session: a client in the portal, a staff member in the dashboard. */
export type SessionKind = 'client' | 'staff';
type ClientRecord = typeof clients.$inferSelect;
export type StaffRecord = typeof users.$inferSelect;
/**
 * A person of a client, signed in (docs/product.md#client-teams): the member's own record, with
 * the client (the business) it belongs to. `id` is the member's; `clientId` the business's.
 */
export type ClientMemberRecord = typeof clientMembers.$inferSelect & { client: ClientRecord };
/** Who a session of each kind belongs to. */
export interface SessionOwner {
  client: ClientMemberRecord;
  staff: StaffRecord;
}

/** The look-up of a session of each kind with its owner, by the placeholder `id`. */
function lookupQueries(db: Database) {
  return {
    client: db.read
      .select({ session: clientSessions, member: clientMembers, client: clients })
      .from(clientSessions)
      .innerJoin(clientMembers, eq(clientMembers.id, clientSessions.memberId))
      .innerJoin(clients, eq(clients.id, clientMembers.clientId))
      .where(eq(clientSessions.id, sql.placeholder('id')))
      .limit(1),
    staff: db.read
      .select({ session: adminSessions, user: users })
      .from(adminSessions)
      .innerJoin(users, eq(users.id, adminSessions.userId))
      .where(eq(adminSessions.id, sql.placeholder('id')))
      .limit(1),
  };
}

/** A session found, with its owner: for a client, the member with its client. */
type Found =
  | { session: typeof clientSessions.$inferSelect; user: ClientMemberRecord }
  | { session: typeof adminSessions.$inferSelect; user: StaffRecord };

function prepareLookups(db: Database) {
  const queries = lookupQueries(db);
  const client = queries.client.prepare();
  const staff = queries.staff.prepare();
  return {
    client: async (id: string): Promise<Found | undefined> => {
      const [row] = await client.all({ id });
      return row && { session: row.session, user: { ...row.member, client: row.client } };
    },
    staff: async (id: string): Promise<Found | undefined> => (await staff.all({ id }))[0],
  };
}

/** The same look-ups on the fast reader (ADR 0011): the row is the session's columns, then the owner's. */
function prepareFastLookups(db: Database, reader: FastReader) {
  const queries = lookupQueries(db);
  const [clientSession, member, client] = [tableShape(clientSessions), tableShape(clientMembers), tableShape(clients)];
  const [staffSession, user] = [tableShape(adminSessions), tableShape(users)];
  const clientQuery = fastQuery(reader, queries.client, [clientSession, member, client], (row) => ({
    session: clientSession.decode(row, 0),
    user: {
      ...member.decode(row, clientSession.width),
      client: client.decode(row, clientSession.width + member.width),
    },
  }));
  const staffQuery = fastQuery(reader, queries.staff, [staffSession, user], (row) => ({
    session: staffSession.decode(row, 0),
    user: user.decode(row, staffSession.width),
  }));
  return {
    client: (id: string): Found | undefined => clientQuery.get({ id }),
    staff: (id: string): Found | undefined => staffQuery.get({ id }),
  };
}

/** The look-up runs on every signed-in request: prepared once per database. */
const lookups = new WeakMap<Database, ReturnType<typeof prepareLookups>>();
const fastLookups = new WeakMap<Database, ReturnType<typeof prepareFastLookups>>();

/** The session `id` of `kind` with its owner; on the fast reader when the database has one. */
async function findSession(db: Database, kind: SessionKind, id: string) {
  const reader = db.reader;
  if (reader) {
    let prepared = fastLookups.get(db);
    if (!prepared) fastLookups.set(db, (prepared = prepareFastLookups(db, reader)));
    return prepared[kind](id);
  }
  let prepared = lookups.get(db);
  if (!prepared) lookups.set(db, (prepared = prepareLookups(db)));
  return prepared[kind](id);
}

/** The session `id` of `kind` with its owner, or undefined: its secret hash, expiry, last use and owner. */
export async function lookup(db: Database, kind: SessionKind, id: string) {
  const row = await findSession(db, kind, id);
  if (!row) return undefined;
  const ownerId = 'memberId' in row.session ? row.session.memberId : row.session.userId;
  return {
    secretHash: row.session.secretHash,
    expiresAt: row.session.expiresAt,
    lastSeenAt: row.session.lastSeenAt,
    ownerId,
    user: row.user,
  };
}
