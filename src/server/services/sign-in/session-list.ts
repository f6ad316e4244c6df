/**
 * The signed-in devices of an account (docs/product.md#sign-in-security): its sessions with the
 * browser and system read from the User-Agent (bowser), the address, how it was signed in, when
 * it began and when it was last used, the caller's own marked `current`; and signing one out.
 */
import Bowser from 'bowser';
import { and, desc, eq } from 'drizzle-orm';
import { adminSessions, clientSessions } from '../../../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import type { Database } from '../../db/database.ts';
import { revokeSession, type SessionKind } from './sessions.ts';

const TABLES = {
  client: { table: clientSessions, owner: clientSessions.memberId },
  staff: { table: adminSessions, owner: adminSessions.userId },
} as const;

/** 'Chrome on Linux', 'Safari on iOS'; 'Unknown browser' without a User-Agent. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name ?? 'Unknown browser';
  return parsed.os.name ? `${browser} on ${parsed.os.name}` : browser;
}

/**
 * The account's unexpired sessions, the most recently used first:
 * `{id, current, device, ipAddress, method, createdAt, lastSeenAt}` (ISO 8601 times).
 */
export async function listSessions(db: Database, kind: SessionKind, userId: string, currentId: string) {
  const { table, owner } = TABLES[kind];
  const rows = await db.read
    .select({
      id: table.id,
      userAgent: table.userAgent,
      ipAddress: table.ipAddress,
      method: table.method,
      createdAt: table.createdAt,
      lastSeenAt: table.lastSeenAt,
      expiresAt: table.expiresAt,
    })
    .from(table)
    .where(eq(owner, userId))
    .orderBy(desc(table.lastSeenAt), desc(table.createdAt));
  const now = Date.now();
  return rows
    .filter((r) => r.expiresAt.getTime() > now)
    .map((r) => ({
      id: r.id,
      current: r.id === currentId,
      device: deviceName(r.userAgent),
      ipAddress: r.ipAddress,
      method: r.method,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: (r.lastSeenAt ?? r.createdAt).toISOString(),
    }));
}

/** Signs out session `sessionId` of the account. NotFoundError('Session') when it is not theirs. */
export async function signOutSession(db: Database, kind: SessionKind, userId: string, sessionId: string) {
  const { table, owner } = TABLES[kind];
  const [row] = await db.read
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, sessionId), eq(owner, userId)));
  if (!row) throw new NotFoundError('Session');
  await revokeSession(db, kind, sessionId);
}
