/**
 * The step between a first factor and a session (docs/product.md#sign-in-security): when an
 * account has two-step verification on, a password, an emailed link or Google gives a challenge
 * instead of a session; the challenge and a code (or a recovery code) give the session. A
 * challenge works once, for 10 minutes, and is stored as the SHA-256 of its token.
 */
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { secondFactorChallenges, type AccountKind } from '../../../../db/schema/index.ts';
import { hashSecretHex, randomToken } from './tokens.ts';
import { AppError } from '../../errors.ts';
import { writeIn, type Database, type Writer } from '../../db/database.ts';
import { checkSecondFactor, factorRefusal } from './totp.ts';

/** How long a challenge waits for its code, in milliseconds: 10 minutes. */
const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/** Stores a challenge for the account and returns its token (only its hash is kept). */
export async function createSecondFactorChallenge(
  db: Writer,
  kind: AccountKind,
  userId: string,
  method: string,
  redirectPath: string | null,
  now = new Date(),
): Promise<string> {
  const token = `${randomToken()}${randomToken()}`;
  await writeIn(db, (tx) =>
    tx.insert(secondFactorChallenges).values({
      tokenHash: hashSecretHex(token),
      kind,
      userId,
      method,
      redirectPath,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
      createdAt: now,
    }),
  );
  return token;
}

/**
 * Completes challenge `token` of `kind` with a code or a recovery code: the challenge is spent
 * and `{userId, method, redirectPath}` returned. AppError 400 `challenge_expired` for a used,
 * expired or unknown challenge; the refusals of a wrong code as totp.ts's `factorRefusal` (the
 * failure is stored and the challenge stays usable until it expires).
 */
export async function completeSecondFactor(
  db: Database,
  kind: AccountKind,
  token: string,
  proof: { code?: string | undefined; recoveryCode?: string | undefined },
  now = new Date(),
) {
  const result = await db.write(async (tx) => {
    const [challenge] = await tx
      .select()
      .from(secondFactorChallenges)
      .where(
        and(
          eq(secondFactorChallenges.tokenHash, hashSecretHex(token)),
          eq(secondFactorChallenges.kind, kind),
          isNull(secondFactorChallenges.usedAt),
          gt(secondFactorChallenges.expiresAt, now),
        ),
      );
    if (!challenge) {
      return { error: new AppError(400, 'challenge_expired', 'This sign-in has expired. Please sign in again.') };
    }
    const check = await checkSecondFactor(tx, kind, challenge.userId, proof, now);
    if (!check.ok) return { error: factorRefusal(check) };
    await tx.update(secondFactorChallenges).set({ usedAt: now }).where(eq(secondFactorChallenges.id, challenge.id));
    return { userId: challenge.userId, method: challenge.method, redirectPath: challenge.redirectPath };
  });
  if ('error' in result) throw result.error;
  return result;
}

/** Deletes challenges that expired at or before `now`; returns how many went. */
export async function deleteExpiredChallenges(db: Database, now = new Date()): Promise<number> {
  const rows = await db.write((tx) =>
    tx
      .delete(secondFactorChallenges)
      .where(lte(secondFactorChallenges.expiresAt, now))
      .returning({ id: secondFactorChallenges.id }),
  );
  return rows.length;
}
