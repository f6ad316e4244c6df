/**
 * Client accounts (docs/product.md#records): a new client with its first owner, what the API
 * shows of a client and of the signed-in person, and the person's own settings
 * (docs/product.md#settings-screen: profile, email notifications, password); the staff's list,
 * create, update and delete are in services/clients/client-admin.ts, the people of a client in
 * members.ts and team.ts. Emails are stored trimmed and lower-cased, so one address cannot exist
 * twice in another case; a duplicate raises ConflictError('email_taken') on the `email` field.
 */
import { and, eq } from 'drizzle-orm';
import { clientMembers, clients } from '../../../../db/schema/index.ts';
import type { ProfileValues } from '../../../shared/schemas/client.ts';
import { hashPassword, verifyPassword } from '../sign-in/passwords.ts';
import {
  findMemberById,
  insertMember,
  primaryOwner,
  toPublicMember,
  type ClientMemberRecord,
  type MemberRow,
} from './members.ts';
import { ConflictError, InvalidFieldError, NotFoundError } from '../../errors.ts';
import { writeIn, type Database, type SqlDb, type Writer } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { applySecurityChange, type PreparedNotice } from '../sign-in/security-notices.ts';

export type ClientRow = typeof clients.$inferSelect;

/**
 * What the API shows staff of a client: the business's fields, its primary owner's email and
 * notification setting (docs/decisions/0041-client-members.md), dates as ISO strings.
 */
export function toPublicClient(client: ClientRow, owner: Pick<MemberRow, 'emailNotifications'> | undefined) {
  return {
    id: client.id,
    name: client.name,
    email: client.email,
    company: client.company,
    phone: client.phone,
    isActive: client.isActive,
    /** False for a self-registered account whose emailed link was not opened yet (docs/product.md#registration). */
    confirmed: client.confirmed,
    emailNotifications: owner?.emailNotifications ?? false,
    createdAt: client.createdAt.toISOString(),
  };
}

/**
 * What the portal shows the signed-in person (GET /api/client/me, a sign-in's answer): the
 * client's fields as before (docs/product.md#api) with the person's own name, email and
 * notification setting, plus `member {id, name, email, role}` and `client {id, name, company}`
 * (docs/product.md#client-teams).
 */
export function toPublicMe(member: ClientMemberRecord) {
  const { client } = member;
  return {
    ...toPublicClient(client, member),
    name: member.name,
    email: member.email,
    member: toPublicMember(member),
    client: { id: client.id, name: client.name, company: client.company },
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const DUPLICATE_EMAIL = 'An account with this email already exists';
const duplicateEmail = () => new ConflictError('email_taken', DUPLICATE_EMAIL, 'email');

/** Runs `write`; a UNIQUE violation (the email) becomes ConflictError('email_taken'). */
export async function uniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

export interface NewClient {
  name: string;
  email: string;
  company?: string | null;
  phone?: string | null;
  /** The first owner's password hash; null when they choose one through an invitation. */
  passwordHash: string | null;
  /** False for a self-registered account until its email is confirmed; true when left out. */
  confirmed?: boolean;
}

/**
 * Inserts a client and its first owner member (name, email and password of `input`), who has
 * joined unless `passwordHash` is null (then an invitation is theirs to accept). ConflictError
 * when the email exists in any case, as a client's or any member's. Returns the client with its owner.
 */
export async function insertClient(db: Writer, input: NewClient): Promise<ClientRow & { owner: MemberRow }> {
  const now = new Date();
  return uniqueEmail(() =>
    writeIn(db, async (tx) => {
      const [row] = await tx
        .insert(clients)
        .values({
          name: input.name,
          email: normalizeEmail(input.email),
          company: input.company ?? null,
          phone: input.phone ?? null,
          confirmed: input.confirmed ?? true,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error('Insert returned no row');
      const owner = await insertMember(
        tx,
        {
          clientId: row.id,
          name: input.name,
          email: input.email,
          role: 'owner',
          passwordHash: input.passwordHash,
          joinedAt: input.passwordHash ? now : null,
        },
        now,
      );
      return { ...row, owner };
    }),
  );
}

/** Marks client `clientId` confirmed, in the caller's transaction: a link sent to its email was opened. */
export async function markEmailConfirmed(tx: SqlDb, clientId: string): Promise<void> {
  await tx
    .update(clients)
    .set({ confirmed: true })
    .where(and(eq(clients.id, clientId), eq(clients.confirmed, false)));
}

/**
 * The signed-in person's profile (docs/product.md#settings-screen; #client-teams): `name` is the
 * member's own; `company` and `phone` are the business's and change only for an owner (left as
 * they are for another role); a company or phone left empty is removed. The email stays as it is.
 * Returns the answer of GET /api/client/me.
 */
export async function updateClientProfile(db: Database, member: ClientMemberRecord, values: ProfileValues) {
  const now = new Date();
  return db.write(async (tx) => {
    await tx.update(clientMembers).set({ name: values.name, updatedAt: now }).where(eq(clientMembers.id, member.id));
    if (member.role === 'owner') {
      const primary = await primaryOwner(tx, member.clientId);
      await tx
        .update(clients)
        .set({
          // The client's name is its primary owner's, as it was when a client was one person.
          ...(primary?.id === member.id ? { name: values.name } : {}),
          company: values.company ?? null,
          phone: values.phone ?? null,
          updatedAt: now,
        })
        .where(eq(clients.id, member.clientId));
    }
    const updated = await findMemberById(tx, member.id);
    if (!updated) throw new NotFoundError('Client');
    return toPublicMe(updated);
  });
}

/** Turns the member's project emails on or off (docs/product.md#settings-screen); returns the new setting. */
export async function setClientEmailNotifications(db: Database, memberId: string, on: boolean): Promise<boolean> {
  const [row] = await db.write((tx) =>
    tx
      .update(clientMembers)
      .set({ emailNotifications: on, updatedAt: new Date() })
      .where(eq(clientMembers.id, memberId))
      .returning({ emailNotifications: clientMembers.emailNotifications }),
  );
  if (!row) throw new NotFoundError('Client');
  return row.emailNotifications;
}

const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/**
 * A signed-in member changes their password (docs/product.md#settings-screen). The current
 * password must match (InvalidFieldError on `currentPassword` otherwise; a member with no password
 * yet has none to match); then, in one
 * transaction, the new hash replaces the one that was checked and every session of the member
 * but `keepSessionId` (the one asking) is revoked. A password changed meanwhile by another
 * request counts as a wrong current password, so nothing is overwritten unchecked.
 */
export async function changeClientPassword(
  db: Database,
  memberId: string,
  keepSessionId: string,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
  notice: PreparedNotice | null = null,
): Promise<void> {
  const [client] = await db.read
    .select({ passwordHash: clientMembers.passwordHash })
    .from(clientMembers)
    .where(eq(clientMembers.id, memberId));
  if (!client) throw new NotFoundError('Client');
  if (!client.passwordHash || !(await verifyPassword(client.passwordHash, currentPassword))) {
    throw new InvalidFieldError('currentPassword', WRONG_CURRENT_PASSWORD);
  }
  // Hashing takes a while: it happens before the transaction, which then only writes.
  const passwordHash = await hashPassword(newPassword);
  await db.write(async (tx) => {
    const changed = await tx
      .update(clientMembers)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(clientMembers.id, memberId), eq(clientMembers.passwordHash, client.passwordHash!)))
      .returning({ id: clientMembers.id });
    if (changed.length === 0) throw new InvalidFieldError('currentPassword', WRONG_CURRENT_PASSWORD);
    await applySecurityChange(tx, 'client', memberId, keepSessionId, notice);
  });
}
