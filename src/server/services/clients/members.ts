/**
 * The people of a client (docs/product.md#client-teams; docs/decisions/0041-client-members.md):
 * look-ups by id and by email, the password check of a sign-in, the first owner a new client gets,
 * and the client's primary email kept in step with its earliest owner. Emails are stored trimmed
 * and lower-cased and are unique across every client's members; a duplicate raises
 * ConflictError('email_taken') on the `email` field (uniqueEmail of clients.ts).
 */
import { and, asc, count, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { clientMembers, clients, passkeys, recoveryCodes, totpCredentials } from '../../../../db/schema/index.ts';
import { deleteClientTokens } from '../single-use-token-subjects.ts';
import { recordEvent } from '../events/events.ts';
import { revokeReplyTokens } from '../inbound/reply-tokens.ts';
import type { ClientRole } from '../../../shared/team.ts';
import { verifyNothing, verifyPassword } from '../sign-in/passwords.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import type { ClientMemberRecord } from '../sign-in/sessions.ts';

export type MemberRow = typeof clientMembers.$inferSelect;
export type { ClientMemberRecord };

/** What the API shows of a member: `{id, name, email, role}`. */
export function toPublicMember(member: Pick<MemberRow, 'id' | 'name' | 'email' | 'role'>) {
  return { id: member.id, name: member.name, email: member.email, role: member.role };
}

/** A member's status on the team: `invited` until the invitation is accepted. */
export const memberStatus = (member: Pick<MemberRow, 'joinedAt'>): 'active' | 'invited' =>
  member.joinedAt ? 'active' : 'invited';

const withClient = { member: clientMembers, client: clients };
const joined = (row: { member: MemberRow; client: typeof clients.$inferSelect }): ClientMemberRecord => ({
  ...row.member,
  client: row.client,
});

/** The member `id` with their client, or undefined. `db` may be a transaction. */
export async function findMemberById(db: SqlDb, id: string): Promise<ClientMemberRecord | undefined> {
  const [row] = await db
    .select(withClient)
    .from(clientMembers)
    .innerJoin(clients, eq(clients.id, clientMembers.clientId))
    .where(eq(clientMembers.id, id));
  return row && joined(row);
}

/** The member whose email is `email` (any case, trimmed) with their client, or undefined. */
export async function findMemberByEmail(db: SqlDb, email: string): Promise<ClientMemberRecord | undefined> {
  const [row] = await db
    .select(withClient)
    .from(clientMembers)
    .innerJoin(clients, eq(clients.id, clientMembers.clientId))
    .where(eq(clientMembers.email, email.trim().toLowerCase()))
    .limit(1);
  return row && joined(row);
}

/**
 * The member whose email and password match, else null. Exactly one password verification runs
 * whether or not the email exists or has a password (a throw-away one otherwise), so the answer
 * takes the same time either way and reveals nothing. Whether the client is active, or the
 * member joined, is the caller's business.
 */
export async function checkMemberPassword(
  db: Database,
  email: string,
  password: string,
): Promise<ClientMemberRecord | null> {
  const member = await findMemberByEmail(db.read, email);
  if (!member?.passwordHash) return verifyNothing(password).then(() => null);
  return (await verifyPassword(member.passwordHash, password)) ? member : null;
}

/** The members of client `clientId`, oldest first (the primary owner is the oldest owner). */
export async function membersOf(db: SqlDb, clientId: string): Promise<MemberRow[]> {
  return db
    .select()
    .from(clientMembers)
    .where(eq(clientMembers.clientId, clientId))
    .orderBy(asc(clientMembers.createdAt), asc(clientMembers.id));
}

/** The primary owner of client `clientId` (its oldest owner), or undefined for a client with none. */
export async function primaryOwner(db: SqlDb, clientId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(clientMembers)
    .where(and(eq(clientMembers.clientId, clientId), eq(clientMembers.role, 'owner')))
    .orderBy(asc(clientMembers.createdAt), asc(clientMembers.id))
    .limit(1);
  return row;
}

/**
 * How many joined owners client `clientId` has besides `exceptId`, in `tx`: the check that a client
 * keeps an owner (docs/product.md#client-teams) before a demotion, a removal or an erasure.
 */
export async function otherOwners(tx: SqlDb, clientId: string, exceptId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(clientMembers)
    .where(
      and(
        eq(clientMembers.clientId, clientId),
        eq(clientMembers.role, 'owner'),
        isNotNull(clientMembers.joinedAt),
        ne(clientMembers.id, exceptId),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Sets client `clientId`'s `email` to its primary owner's, in the caller's transaction, after a
 * change of owners (docs/decisions/0041-client-members.md: staff lists and search read it there).
 */
export async function syncPrimaryEmail(tx: SqlDb, clientId: string, now = new Date()): Promise<void> {
  const owner = await primaryOwner(tx, clientId);
  if (!owner) return;
  await tx.update(clients).set({ email: owner.email, updatedAt: now }).where(eq(clients.id, clientId));
}

export interface NewMember {
  clientId: string;
  name: string;
  email: string;
  role: ClientRole;
  /** Null until the person chooses one. */
  passwordHash: string | null;
  /** When they joined; null while invited. */
  joinedAt: Date | null;
  invitedBy?: string | null;
  emailNotifications?: boolean;
}

/** Inserts a member in the caller's transaction; a UNIQUE violation on the email is the caller's to map. */
export async function insertMember(tx: SqlDb, input: NewMember, now = new Date()): Promise<MemberRow> {
  const [row] = await tx
    .insert(clientMembers)
    .values({
      clientId: input.clientId,
      name: input.name.trim(),
      email: input.email.trim().toLowerCase(),
      role: input.role,
      passwordHash: input.passwordHash,
      joinedAt: input.joinedAt,
      invitedBy: input.invitedBy ?? null,
      invitedAt: input.joinedAt ? null : now,
      emailNotifications: input.emailNotifications ?? true,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('Insert returned no row');
  return row;
}

/** The ids of every member of clients `clientIds`, in the caller's transaction. */
export async function memberIdsOf(tx: SqlDb, clientIds: readonly string[]): Promise<string[]> {
  if (clientIds.length === 0) return [];
  const rows = await tx
    .select({ id: clientMembers.id })
    .from(clientMembers)
    .where(inArray(clientMembers.clientId, [...clientIds]));
  return rows.map((row) => row.id);
}

/**
 * Deletes what members `memberIds` had beyond their rows, in the caller's transaction: passkeys,
 * two-step secrets, recovery codes and single-use tokens (a polymorphic id carries no foreign key,
 * db/schema/security.ts), revokes their reply addresses (docs/product.md#email-replies), and records `session-ended` for each so their open streams close at once.
 * Their sessions go with their rows (or the caller's revocation).
 */
export async function forgetMembers(tx: SqlDb, memberIds: readonly string[]): Promise<void> {
  if (memberIds.length === 0) return;
  for (const table of [passkeys, totpCredentials, recoveryCodes]) {
    await tx.delete(table).where(and(eq(table.kind, 'client'), inArray(table.userId, [...memberIds])));
  }
  await deleteClientTokens(tx, memberIds);
  await revokeReplyTokens(tx, { recipientKind: 'member', recipientIds: memberIds });
  for (const id of memberIds) await recordEvent(tx, { type: 'session-ended', kind: 'client', userId: id });
}
