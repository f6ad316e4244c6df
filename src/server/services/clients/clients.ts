/**
 * Client accounts (docs/product.md#records): registration from the portal, the client's own
 * settings (docs/product.md#settings-screen: profile, email notifications, password); the staff's
 * list, create, update and delete are in services/clients/client-admin.ts.
 * Emails are stored trimmed and lower-cased, so one address cannot exist twice in another case;
 * a duplicate raises ConflictError('email_taken') on the `email` field.
 */
import { and, eq } from 'drizzle-orm';
import { clients } from '../../../../db/schema/index.ts';
import type { ProfileValues } from '../../../shared/schemas/client.ts';
import { hashPassword, verifyNothing, verifyPassword } from '../sign-in/passwords.ts';
import { ConflictError, InvalidFieldError, NotFoundError } from '../../errors.ts';
import { writeIn, type Database, type SqlDb, type Writer } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { applySecurityChange, type PreparedNotice } from '../sign-in/security-notices.ts';

export type ClientRow = typeof clients.$inferSelect;

/** What the API may show of a client: everything but the password hash, dates as ISO strings. */
export function toPublicClient(client: ClientRow) {
  return {
    id: client.id,
    name: client.name,
    email: client.email,
    company: client.company,
    phone: client.phone,
    isActive: client.isActive,
    /** False for a self-registered account whose emailed link was not opened yet (docs/product.md#registration). */
    confirmed: client.confirmed,
    emailNotifications: client.emailNotifications,
    createdAt: client.createdAt.toISOString(),
  };
}

/**
 * The password hash of a client who has not chosen a password yet (one made from a lead, invited
 * by email; docs/product.md#invitations): no password matches it.
 */
export const NO_PASSWORD_YET = 'none: set through the invitation link';

/** True when the client has not chosen a password yet (NO_PASSWORD_YET). */
export const hasNoPasswordYet = (client: Pick<ClientRow, 'passwordHash'>): boolean =>
  client.passwordHash === NO_PASSWORD_YET;

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

/** The client `id`, or undefined. */
export async function findClientById(db: Database, id: string): Promise<ClientRow | undefined> {
  const [row] = await db.read.select().from(clients).where(eq(clients.id, id));
  return row;
}

export async function findClientByEmail(db: Database, email: string): Promise<ClientRow | undefined> {
  const [row] = await db.read
    .select()
    .from(clients)
    .where(eq(clients.email, normalizeEmail(email)))
    .limit(1);
  return row;
}

/**
 * The client whose email and password match, else null. Exactly one password verification runs
 * whether or not the email exists (a throw-away one for an unknown email), so the answer takes
 * the same time either way and reveals nothing. Whether the client is active is the caller's
 * business.
 */
export async function checkClientPassword(db: Database, email: string, password: string): Promise<ClientRow | null> {
  const client = await findClientByEmail(db, email);
  if (!client) return verifyNothing(password).then(() => null);
  return (await verifyPassword(client.passwordHash, password)) ? client : null;
}

export interface NewClient {
  name: string;
  email: string;
  company?: string | null;
  phone?: string | null;
  passwordHash: string;
  /** False for a self-registered account until its email is confirmed; true when left out. */
  confirmed?: boolean;
}

/** Inserts a client; ConflictError when the email exists in any case. */
export async function insertClient(db: Writer, input: NewClient): Promise<ClientRow> {
  const now = new Date();
  const [row] = await uniqueEmail(() =>
    writeIn(db, (tx) =>
      tx
        .insert(clients)
        .values({
          name: input.name,
          email: normalizeEmail(input.email),
          company: input.company ?? null,
          phone: input.phone ?? null,
          passwordHash: input.passwordHash,
          confirmed: input.confirmed ?? true,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
    ),
  );
  if (!row) throw new Error('Insert returned no row');
  return row;
}

/** Marks client `clientId` confirmed, in the caller's transaction: a link sent to its email was opened. */
export async function markEmailConfirmed(tx: SqlDb, clientId: string): Promise<void> {
  await tx
    .update(clients)
    .set({ confirmed: true })
    .where(and(eq(clients.id, clientId), eq(clients.confirmed, false)));
}

/**
 * The client's own profile (docs/product.md#settings-screen): name, company and phone, as a
 * whole; a company or phone left empty is removed. The email stays as it is.
 */
export async function updateClientProfile(db: Database, clientId: string, values: ProfileValues) {
  const [row] = await db.write((tx) =>
    tx
      .update(clients)
      .set({ name: values.name, company: values.company ?? null, phone: values.phone ?? null, updatedAt: new Date() })
      .where(eq(clients.id, clientId))
      .returning(),
  );
  if (!row) throw new NotFoundError('Client');
  return toPublicClient(row);
}

/** Turns the client's project emails on or off (docs/product.md#settings-screen); returns the new setting. */
export async function setClientEmailNotifications(db: Database, clientId: string, on: boolean): Promise<boolean> {
  const [row] = await db.write((tx) =>
    tx
      .update(clients)
      .set({ emailNotifications: on, updatedAt: new Date() })
      .where(eq(clients.id, clientId))
      .returning({ emailNotifications: clients.emailNotifications }),
  );
  if (!row) throw new NotFoundError('Client');
  return row.emailNotifications;
}

const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

/**
 * A signed-in client changes their password (docs/product.md#settings-screen). The current
 * password must match (InvalidFieldError on `currentPassword` otherwise); then, in one
 * transaction, the new hash replaces the one that was checked and every session of the client
 * but `keepSessionId` (the one asking) is revoked. A password changed meanwhile by another
 * request counts as a wrong current password, so nothing is overwritten unchecked.
 */
export async function changeClientPassword(
  db: Database,
  clientId: string,
  keepSessionId: string,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
  notice: PreparedNotice | null = null,
): Promise<void> {
  const [client] = await db.read
    .select({ passwordHash: clients.passwordHash })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) throw new NotFoundError('Client');
  if (!(await verifyPassword(client.passwordHash, currentPassword))) {
    throw new InvalidFieldError('currentPassword', WRONG_CURRENT_PASSWORD);
  }
  // Hashing takes a while: it happens before the transaction, which then only writes.
  const passwordHash = await hashPassword(newPassword);
  await db.write(async (tx) => {
    const changed = await tx
      .update(clients)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(clients.id, clientId), eq(clients.passwordHash, client.passwordHash)))
      .returning({ id: clients.id });
    if (changed.length === 0) throw new InvalidFieldError('currentPassword', WRONG_CURRENT_PASSWORD);
    await applySecurityChange(tx, 'client', clientId, keepSessionId, notice);
  });
}
