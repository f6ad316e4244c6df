/**
 * Staff accounts (the `users` table). Staff sign in with Google or a one-time link, so a staff
 * user is created on first sign-in, with the lower-cased email as username
 * (docs/product.md#admin-sign-in). Each staff member turns their own notification emails on or
 * off (docs/product.md#settings-screen).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import { NotFoundError } from '../errors.ts';
import type { Database } from '../db/database.ts';

/**
 * The user for `email`, created on first sign-in; lastSignInAt set to `now`. `name` (Google's
 * `name` claim) becomes the display name only while none is set (docs/product.md#staff-names).
 */
export async function upsertStaffUser(db: Database, email: string, now = new Date(), name?: string | null) {
  const username = email.trim().toLowerCase();
  const given = name?.trim().slice(0, 80) || null;
  const [row] = await db.write((tx) =>
    tx
      .insert(users)
      .values({ username, createdAt: now, lastSignInAt: now, displayName: given })
      .onConflictDoUpdate({
        target: users.username,
        set: { lastSignInAt: now, displayName: sql`coalesce(${users.displayName}, ${given})` },
      })
      .returning(),
  );
  if (!row) throw new Error('Upsert returned no row');
  return row;
}

/**
 * Sets staff user `userId`'s display name (docs/product.md#staff-names); `name` is already
 * trimmed and 1–80 characters (displayNameSchema). Returns the saved name; NotFoundError when gone.
 */
export async function setStaffDisplayName(db: Database, userId: string, name: string): Promise<string> {
  const [row] = await db.write((tx) =>
    tx
      .update(users)
      .set({ displayName: name })
      .where(eq(users.id, userId))
      .returning({ displayName: users.displayName }),
  );
  if (!row) throw new NotFoundError('Staff user');
  return row.displayName ?? name;
}

/** Turns staff user `userId`'s notification emails on or off; returns the new setting. */
export async function setStaffEmailNotifications(db: Database, userId: string, on: boolean): Promise<boolean> {
  const [row] = await db.write((tx) =>
    tx
      .update(users)
      .set({ emailNotifications: on })
      .where(eq(users.id, userId))
      .returning({ emailNotifications: users.emailNotifications }),
  );
  if (!row) throw new NotFoundError('Staff user');
  return row.emailNotifications;
}

/**
 * Whether `email` may sign in as staff (docs/decisions/0031-sign-in-methods.md): listed in
 * ADMIN_EMAILS, or a member an owner invited (a role in `users`).
 */
export async function staffEmailAllowed(db: Database, adminEmails: readonly string[], email: string): Promise<boolean> {
  const address = email.trim().toLowerCase();
  if (adminEmails.includes(address)) return true;
  const [row] = await db.read.select({ role: users.role }).from(users).where(eq(users.username, address));
  return Boolean(row?.role);
}

/** The staff user `id`, or undefined. */
export async function findStaffUser(db: Database, id: string) {
  const [row] = await db.read.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * Of the addresses `addresses`, those of staff users who still have access (a role, or listed in
 * `adminEmails`), lower-cased, each with the user's id.
 */
export async function staffUsersByAddress(
  db: Database,
  adminEmails: readonly string[],
  addresses: readonly string[],
): Promise<Map<string, string>> {
  const lower = addresses.map((a) => a.trim().toLowerCase());
  if (lower.length === 0) return new Map();
  const rows = await db.read
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(inArray(users.username, lower));
  return new Map(rows.filter((r) => r.role || adminEmails.includes(r.username)).map((r) => [r.username, r.id]));
}
