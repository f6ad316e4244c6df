/**
 * After a change to how someone signs in (docs/product.md#sign-in-security): their other sessions
 * end, and an email tells them what changed, from which device, in the same write as the change
 * (the durable email queue, docs/product.md#notifications). The email is rendered before the
 * write, so the write lock is held only for the inserts.
 */
import { eq } from 'drizzle-orm';
import { clientMembers, users, type AccountKind } from '../../../../db/schema/index.ts';
import { renderSecurityNotice, type SecurityChange } from '../email/templates/sign-in.tsx';
import type { RenderedEmail } from '../email/templates/types.ts';
import { queueEmail } from '../email/queue.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { deviceName } from './session-list.ts';
import { revokeOtherSessions } from './sessions.ts';

/** The account's name and address: a client member's name and email, a staff member's email. */
async function accountContact(db: SqlDb, kind: AccountKind, userId: string) {
  if (kind === 'client') {
    const [row] = await db
      .select({ name: clientMembers.name, email: clientMembers.email })
      .from(clientMembers)
      .where(eq(clientMembers.id, userId));
    return row ?? null;
  }
  const [row] = await db.select({ email: users.username }).from(users).where(eq(users.id, userId));
  return row ? { name: row.email, email: row.email } : null;
}

/** A notice ready to queue: its address and rendered email. */
export interface PreparedNotice {
  kind: AccountKind;
  userId: string;
  to: string;
  email: RenderedEmail;
}

/** Renders the notice of `change` for the account, done from a browser with `userAgent`; null without an address. */
export async function prepareSecurityNotice(
  db: Database,
  kind: AccountKind,
  userId: string,
  change: SecurityChange,
  userAgent: string | null,
): Promise<PreparedNotice | null> {
  const contact = await accountContact(db.read, kind, userId);
  if (!contact) return null;
  const email = await renderSecurityNotice({ name: contact.name, change, device: deviceName(userAgent) });
  return { kind, userId, to: contact.email, email };
}

/**
 * In the change's write `tx`: ends the account's sessions but `keepSessionId` and queues the
 * prepared notice (when there is one).
 */
export async function applySecurityChange(
  tx: SqlDb,
  kind: AccountKind,
  userId: string,
  keepSessionId: string,
  notice: PreparedNotice | null,
): Promise<void> {
  await revokeOtherSessions(tx, kind, userId, keepSessionId);
  if (!notice) return;
  await queueEmail(tx, kind === 'client' ? 'client' : 'team', [notice.to], notice.email);
}
