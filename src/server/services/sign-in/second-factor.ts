/**
 * The step between a first factor and a session (docs/product.md#sign-in-security): when an
 * account has two-step verification on, a password, an emailed link or Google gives a challenge
 * instead of a session; the challenge and a code (or a recovery code) give the session. A
 * challenge works once, for 10 minutes: a `second-factor` token of the single-use store
 * (services/single-use-tokens.ts), subject `{kind}:{userId}`, payload `{method, redirectPath}`.
 */
import type { AccountKind } from '../../../../db/schema/index.ts';
import { accountOf, accountSubject, issueToken, peekToken, spendToken } from '../single-use-tokens.ts';
import { AppError } from '../../errors.ts';
import type { Database, Writer } from '../../db/database.ts';
import { checkSecondFactor, factorRefusal } from './totp.ts';

/** How long a challenge waits for its code, in milliseconds: 10 minutes. */
const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/**
 * Stores a challenge for the account, made at `now`, and returns its token (only its hash is
 * kept). `db` may be a transaction.
 */
export async function createSecondFactorChallenge(
  db: Writer,
  kind: AccountKind,
  userId: string,
  method: string,
  redirectPath: string | null,
  now = new Date(),
): Promise<string> {
  const subject = accountSubject(kind, userId);
  return issueToken(db, 'second-factor', subject, CHALLENGE_TTL_MS, { method, redirectPath }, { now });
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
  const expired = () => ({
    error: new AppError(400, 'challenge_expired', 'This sign-in has expired. Please sign in again.'),
  });
  const result = await db.write(async (tx) => {
    // Looked at first: a wrong code leaves the challenge usable until it expires.
    const challenge = await peekToken(tx, 'second-factor', token, now);
    const userId = challenge && accountOf(challenge.subject, kind);
    if (!challenge || !userId) return expired();
    const check = await checkSecondFactor(tx, kind, userId, proof, now);
    if (!check.ok) return { error: factorRefusal(check) };
    if (!(await spendToken(tx, 'second-factor', token, now))) return expired();
    return { userId, method: challenge.payload.method, redirectPath: challenge.payload.redirectPath };
  });
  if ('error' in result) throw result.error;
  return result;
}
