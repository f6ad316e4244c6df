/**
 * Staff accounts (the `users` table). Staff sign in with Google or a one-time link, so a staff
 * user is created on first sign-in, with the lower-cased email as username
 * (docs/product.md#admin-sign-in).
 */
import { users } from '../../../db/schema/index.ts';
import type { Database } from './db.ts';

/** The user for `email`, created on first sign-in; lastSignInAt set to `now`. */
export async function upsertStaffUser(db: Database, email: string, now = new Date()) {
  const username = email.trim().toLowerCase();
  const [row] = await db
    .insert(users)
    .values({ username, createdAt: now, lastSignInAt: now })
    .onConflictDoUpdate({ target: users.username, set: { lastSignInAt: now } })
    .returning();
  if (!row) throw new Error('Upsert returned no row');
  return row;
}
