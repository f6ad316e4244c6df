/**
 * Client sessions (issue 3; DESIGN.md section 1, the Lucia guide's scheme). A token is
 * `<id>.<secret>`; only the SHA-256 of the secret is stored. Sessions last 30 days and are
 * renewed to a full 30 days when used in their second half; logout deletes the row.
 */
import { eq, sql } from 'drizzle-orm';
import { clientSessions, clients } from '../../../db/schema/index.ts';
import type { Database } from '../db.ts';
import { newSessionToken, parseSessionToken, renewedExpiry, secretMatches } from './session-tokens.ts';

export { SESSION_TTL_MS } from './session-tokens.ts';

export type Client = typeof clients.$inferSelect;

/** The session look-up runs on every signed-in request: prepared once per database. */
const lookups = new WeakMap<Database, ReturnType<typeof prepareLookup>>();
function prepareLookup(db: Database) {
  return db
    .select({ session: clientSessions, client: clients })
    .from(clientSessions)
    .innerJoin(clients, eq(clients.id, clientSessions.clientId))
    .where(eq(clientSessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare();
}
function sessionLookup(db: Database) {
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = prepareLookup(db)));
  return lookup;
}
export interface ClientSession {
  id: string;
  clientId: string;
  expiresAt: Date;
}

/** Creates a session for `clientId`; returns the token to hand out (only once) and the session. */
export async function createClientSession(db: Database, clientId: string, now = new Date()) {
  const { id, token, secretHash, expiresAt } = newSessionToken(now);
  await db.insert(clientSessions).values({ id, clientId, secretHash, createdAt: now, expiresAt });
  return { token, session: { id, clientId, expiresAt } satisfies ClientSession };
}

export interface ValidatedClientSession {
  session: ClientSession;
  client: Client;
  /** True when the expiry moved forward, so the cookie must be set again. */
  renewed: boolean;
}

/**
 * Checks a token: the session must exist, its secret must match, it must not have expired and
 * its client must be active. Returns null otherwise (an expired session is deleted).
 */
export async function validateClientSession(
  db: Database,
  token: string,
  now = new Date(),
): Promise<ValidatedClientSession | null> {
  const parsed = parseSessionToken(token);
  if (!parsed) return null;
  const { id, secret } = parsed;
  const [row] = await sessionLookup(db).all({ id });
  if (!row || !secretMatches(row.session.secretHash, secret)) return null;
  if (row.session.expiresAt.getTime() <= now.getTime()) {
    await db.delete(clientSessions).where(eq(clientSessions.id, id));
    return null;
  }
  if (!row.client.isActive) return null;
  const session: ClientSession = { id, clientId: row.session.clientId, expiresAt: row.session.expiresAt };
  const renewal = renewedExpiry(session.expiresAt, now);
  if (renewal) {
    session.expiresAt = renewal;
    await db.update(clientSessions).set({ expiresAt: renewal }).where(eq(clientSessions.id, id));
  }
  return { session, client: row.client, renewed: renewal !== null };
}

/** Deletes one session (logout). */
export async function revokeClientSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(clientSessions).where(eq(clientSessions.id, sessionId));
}
