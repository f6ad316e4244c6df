/**
 * Admin sessions (issue 4): the same scheme as client sessions (session-tokens.ts) in their own
 * table, so a client token never opens an admin route nor the reverse.
 */
import { eq, sql } from 'drizzle-orm';
import { adminSessions, users } from '../../../db/schema/index.ts';
import type { Database } from '../db.ts';
import { newSessionToken, parseSessionToken, renewedExpiry, secretMatches } from './session-tokens.ts';

export type AdminUser = typeof users.$inferSelect;
export interface AdminSession {
  id: string;
  userId: string;
  expiresAt: Date;
}

const lookups = new WeakMap<Database, ReturnType<typeof prepareLookup>>();
function prepareLookup(db: Database) {
  return db
    .select({ session: adminSessions, user: users })
    .from(adminSessions)
    .innerJoin(users, eq(users.id, adminSessions.userId))
    .where(eq(adminSessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare();
}

export async function createAdminSession(db: Database, userId: string, now = new Date()) {
  const { id, token, secretHash, expiresAt } = newSessionToken(now);
  await db.insert(adminSessions).values({ id, userId, secretHash, createdAt: now, expiresAt });
  return { token, session: { id, userId, expiresAt } satisfies AdminSession };
}

/** The session and its user for a valid, unexpired token; null otherwise. */
export async function validateAdminSession(db: Database, token: string, now = new Date()) {
  const parsed = parseSessionToken(token);
  if (!parsed) return null;
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = prepareLookup(db)));
  const [row] = await lookup.all({ id: parsed.id });
  if (!row || !secretMatches(row.session.secretHash, parsed.secret)) return null;
  if (row.session.expiresAt.getTime() <= now.getTime()) {
    await db.delete(adminSessions).where(eq(adminSessions.id, parsed.id));
    return null;
  }
  const session: AdminSession = { id: parsed.id, userId: row.session.userId, expiresAt: row.session.expiresAt };
  const renewal = renewedExpiry(session.expiresAt, now);
  if (renewal) {
    session.expiresAt = renewal;
    await db.update(adminSessions).set({ expiresAt: renewal }).where(eq(adminSessions.id, parsed.id));
  }
  return { session, user: row.user, renewed: renewal !== null };
}

export async function revokeAdminSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.id, sessionId));
}
