/**
 * Turning two-step verification off (docs/product.md#sign-in-security): by its owner, with a
 * current code or a recovery code; or by staff for a client who lost their phone and every
 * recovery code, which ends the client's sessions and is recorded as an admin event.
 */
import { and, eq } from 'drizzle-orm';
import { recoveryCodes, totpCredentials, type AccountKind } from '../../../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { revokeUserSessions } from './sessions.ts';
import { checkSecondFactor, factorRefusal } from './totp.ts';

/** Turns two-step verification off after a current code or a recovery code; deletes its codes. */
export async function disableTotp(
  db: Database,
  kind: AccountKind,
  userId: string,
  proof: { code?: string | undefined; recoveryCode?: string | undefined },
  now: Date,
  then: (tx: SqlDb) => Promise<void>,
): Promise<void> {
  const result = await db.write(async (tx) => {
    const check = await checkSecondFactor(tx, kind, userId, proof, now);
    if (!check.ok) return { error: factorRefusal(check) };
    await tx.delete(totpCredentials).where(and(eq(totpCredentials.kind, kind), eq(totpCredentials.userId, userId)));
    await tx.delete(recoveryCodes).where(and(eq(recoveryCodes.kind, kind), eq(recoveryCodes.userId, userId)));
    await then(tx);
    return {};
  });
  if ('error' in result) throw result.error;
}

/**
 * Staff turn off the two-step verification of client `clientId`'s member `memberId` (a lost phone
 * and no recovery code left): the secret and codes go, the member's sessions end, and an admin
 * event records who did it. NotFoundError('Two-step verification') when it was off.
 */
export async function resetClientTotp(db: Database, staff: Actor, clientId: string, memberId: string): Promise<void> {
  await db.write(async (tx) => {
    const gone = await tx
      .delete(totpCredentials)
      .where(and(eq(totpCredentials.kind, 'client'), eq(totpCredentials.userId, memberId)))
      .returning({ userId: totpCredentials.userId });
    if (gone.length === 0) throw new NotFoundError('Two-step verification');
    await tx.delete(recoveryCodes).where(and(eq(recoveryCodes.kind, 'client'), eq(recoveryCodes.userId, memberId)));
    await revokeUserSessions(tx, 'client', memberId);
    await recordAdminEvent(tx, staff, 'update', 'client', clientId, 'Turned off two-step verification');
  });
}
