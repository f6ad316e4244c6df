/**
 * The one session store (docs/product.md#sessions; ADR 0004 and 0005), for both kinds of
 * signed-in person: `client` (portal) and `staff` (dashboard). Each kind keeps its own table
 * (`client_sessions`, `admin_sessions`), so a token of one kind never opens the other's routes.
 *
 * A token is `<id>.<secret>` (services/sign-in/session-tokens.ts); only SHA-256(secret) is stored. A session
 * lasts 30 days and is renewed to 30 days when used in its second half; an expired session is
 * refused and deleted; a client session of a deactivated client is refused. A session keeps the
 * browser's User-Agent, the address, how it was signed in and when it was last used (written at
 * most every 5 minutes), for the list of signed-in devices (session-list.ts).
 *
 * On an embedded database the look-up of `validateSession` reads through the fast reader
 * (docs/decisions/0011-fast-embedded-reads.md), which sees every committed write; its writes (the
 * renewal, the deletion of an expired session) go through the client, under its write lock.
 */
import { and, eq, lte, ne, type SQL } from 'drizzle-orm';
import { adminSessions, clientMembers, clientSessions } from '../../../../db/schema/index.ts';
import { newSessionToken, parseSessionToken, renewedExpiry, secretMatches } from './session-tokens.ts';
import { writeIn, type Database, type Writer } from '../../db/database.ts';
import { recordEvent } from '../events/events.ts';
import { lookup, type SessionKind, type SessionOwner } from './session-lookup.ts';
import { NotFoundError } from '../../errors.ts';

export type { ClientMemberRecord, SessionKind, SessionOwner, StaffRecord } from './session-lookup.ts';

export interface Session {
  id: string;
  kind: SessionKind;
  /** The client member's id or the staff user's id. */
  userId: string;
  expiresAt: Date;
}

export interface ValidatedSession<K extends SessionKind> {
  session: Session;
  user: SessionOwner[K];
  /** True when the expiry moved forward, so the cookie must be set again. */
  renewed: boolean;
}

/** What differs between the kinds: the table, its owner column, and the owner look-up. */
const TABLES = {
  client: { table: clientSessions, owner: clientSessions.memberId },
  staff: { table: adminSessions, owner: adminSessions.userId },
} as const;

/** What a session list shows of where a session was opened (docs/product.md#sign-in-security). */
export interface SessionDevice {
  userAgent?: string | null | undefined;
  ipAddress?: string | null | undefined;
  /** How it was signed in: password, link, passkey, google, register, reset, invitation. */
  method?: string | undefined;
}

/** How long between two writes of a session's `lastSeenAt`, in milliseconds: 5 minutes. */
const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;

/**
 * Creates a session for `userId` (a client member's id, or a staff user's); returns the token to
 * hand out (only once) and the session. NotFoundError for a client member that does not exist.
 */
export async function createSession(
  db: Writer,
  kind: SessionKind,
  userId: string,
  now = new Date(),
  device: SessionDevice = {},
): Promise<{ token: string; session: Session }> {
  const { id, token, secretHash, expiresAt } = newSessionToken(now);
  const row = {
    id,
    secretHash,
    createdAt: now,
    expiresAt,
    lastSeenAt: now,
    userAgent: device.userAgent?.slice(0, 400) ?? null,
    ipAddress: device.ipAddress ?? null,
    method: device.method ?? null,
  };
  await writeIn(db, async (tx) => {
    if (kind === 'staff') return tx.insert(adminSessions).values({ ...row, userId });
    const [member] = await tx
      .select({ clientId: clientMembers.clientId })
      .from(clientMembers)
      .where(eq(clientMembers.id, userId));
    if (!member) throw new NotFoundError('Member');
    return tx.insert(clientSessions).values({ ...row, clientId: member.clientId, memberId: userId });
  });
  return { token, session: { id, kind, userId, expiresAt } };
}

/**
 * Checks a token of `kind`: the session must exist, its secret match and it must not have
 * expired (an expired one is deleted); a client must be active and its member joined. Renews a session in its second
 * half, unless `renew` is false (a live stream's re-check, ADR 0009: its cookie is already sent).
 * Returns null for any token that does not pass.
 */
export async function validateSession<K extends SessionKind>(
  db: Database,
  kind: K,
  token: string,
  now = new Date(),
  { renew = true } = {},
): Promise<ValidatedSession<K> | null> {
  const parsed = parseSessionToken(token);
  if (!parsed) return null;
  const row = await lookup(db, kind, parsed.id);
  if (!row || !secretMatches(row.secretHash, parsed.secret)) return null;
  if (row.expiresAt.getTime() <= now.getTime()) {
    await revokeSession(db, kind, parsed.id);
    return null;
  }
  // A client's session needs the business active, and its member joined and not erased.
  if ('client' in row.user && (!row.user.client.isActive || !row.user.joinedAt || row.user.erasedAt)) return null;
  const session: Session = { id: parsed.id, kind, userId: row.ownerId, expiresAt: row.expiresAt };
  const renewal = renew ? renewedExpiry(session.expiresAt, now) : null;
  const seen = renew && now.getTime() - (row.lastSeenAt?.getTime() ?? 0) >= LAST_SEEN_EVERY_MS;
  if (renewal || seen) {
    if (renewal) session.expiresAt = renewal;
    const { table } = TABLES[kind];
    const write = db.write((tx) =>
      tx.update(table).set({ expiresAt: session.expiresAt, lastSeenAt: now }).where(eq(table.id, parsed.id)),
    );
    // A renewal must be stored (the cookie says so); a last-seen time alone may wait for the next
    // request when the database is busy.
    if (renewal) await write;
    else await write.catch(() => undefined);
  }
  return { session, user: row.user as SessionOwner[K], renewed: renewal !== null };
}

/**
 * Deletes the sessions of `kind` that `where` picks, in the caller's transaction or a new one,
 * and records `session-ended` for each user who lost one, so that their open streams check their
 * own session at once (docs/product.md#live-updates).
 */
async function revokeWhere(db: Writer, kind: SessionKind, where: SQL | undefined): Promise<void> {
  const { table, owner } = TABLES[kind];
  await writeIn(db, async (tx) => {
    const gone = await tx.delete(table).where(where).returning({ userId: owner });
    for (const userId of new Set(gone.map((row) => row.userId))) {
      await recordEvent(tx, { type: 'session-ended', kind, userId });
    }
  });
}

/** Deletes one session (sign-out). Deleting an unknown id does nothing. */
export async function revokeSession(db: Writer, kind: SessionKind, sessionId: string): Promise<void> {
  await revokeWhere(db, kind, eq(TABLES[kind].table.id, sessionId));
}

/** Deletes every session of one client member or staff user (a new password, a removed account). */
export async function revokeUserSessions(db: Writer, kind: SessionKind, userId: string): Promise<void> {
  await revokeWhere(db, kind, eq(TABLES[kind].owner, userId));
}

/** Deletes every session of one client member or staff user but `keepSessionId` (a password changed in settings). */
export async function revokeOtherSessions(
  db: Writer,
  kind: SessionKind,
  userId: string,
  keepSessionId: string,
): Promise<void> {
  const { table, owner } = TABLES[kind];
  await revokeWhere(db, kind, and(eq(owner, userId), ne(table.id, keepSessionId)));
}

/** Deletes the sessions of both kinds that expired at or before `now`; returns how many went. */
export async function deleteExpiredSessions(db: Database, now = new Date()): Promise<number> {
  let deleted = 0;
  for (const { table } of Object.values(TABLES)) {
    const rows = await db.write((tx) => tx.delete(table).where(lte(table.expiresAt, now)).returning({ id: table.id }));
    deleted += rows.length;
  }
  return deleted;
}
