/**
 * The single-use tokens of a subject, and their housekeeping (docs/decisions/0037-one-single-use-token-store.md):
 * spend, list, withdraw or delete every token of an account, an export or a chat, when one was
 * last issued, and the hourly sweep. Issuing and spending one token is single-use-tokens.ts.
 * Times are `Date`s; `db` may be the caller's transaction where the type says `Writer`.
 */
import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import { singleUseTokens, type SingleUsePurpose } from '../../../db/schema/index.ts';
import { writeIn, type Database, type SqlDb, type Writer } from '../db/database.ts';
import { KEPT_UNUSED_AFTER_EXPIRY, accountSubject, asRow, type TokenRow } from './single-use-tokens.ts';

/**
 * Spends every open token of `purposes` for `subject` at `now` (a password set spends all of the
 * client's password links); returns how many. `db` may be the caller's transaction.
 */
export async function spendTokensOf(
  db: Writer,
  purposes: readonly SingleUsePurpose[],
  subject: string,
  now = new Date(),
): Promise<number> {
  const rows = await writeIn(db, (tx) =>
    tx
      .update(singleUseTokens)
      .set({ usedAt: now })
      .where(
        and(
          inArray(singleUseTokens.purpose, purposes),
          eq(singleUseTokens.subject, subject),
          isNull(singleUseTokens.usedAt),
        ),
      )
      .returning({ id: singleUseTokens.id }),
  );
  return rows.length;
}

/**
 * Deletes every token of `purposes` for any of `subjects`, in any state (an account, an export
 * or a chat going, or a new confirmation replacing the pending one); returns how many went. `db`
 * may be the caller's transaction.
 */
export async function deleteTokensOf(
  db: Writer,
  purposes: readonly SingleUsePurpose[],
  subjects: readonly string[],
): Promise<number> {
  if (subjects.length === 0) return 0;
  const rows = await writeIn(db, (tx) =>
    tx
      .delete(singleUseTokens)
      .where(and(inArray(singleUseTokens.purpose, purposes), inArray(singleUseTokens.subject, subjects)))
      .returning({ id: singleUseTokens.id }),
  );
  return rows.length;
}

/** The purposes whose subject is a client member's id, and those whose subject is `client:{id}`. */
const CLIENT_PURPOSES: readonly SingleUsePurpose[] = ['client-sign-in', 'password-reset', 'client-invitation'];
const ACCOUNT_PURPOSES: readonly SingleUsePurpose[] = ['second-factor', 'passkey-register'];

/**
 * Deletes every token about client members `memberIds` (they are being removed, deleted or
 * erased; the old tables' foreign keys did this for links and resets); returns how many went.
 * `db` may be the caller's transaction.
 */
export async function deleteClientTokens(db: Writer, memberIds: readonly string[]): Promise<number> {
  const accounts = memberIds.map((id) => accountSubject('client', id));
  return (
    (await deleteTokensOf(db, CLIENT_PURPOSES, memberIds)) + (await deleteTokensOf(db, ACCOUNT_PURPOSES, accounts))
  );
}

/** The open tokens of `purpose` at `now` (unused, unexpired), newest first. */
export async function openTokens<P extends SingleUsePurpose>(
  db: SqlDb,
  purpose: P,
  now = new Date(),
): Promise<TokenRow<P>[]> {
  const rows = await db
    .select()
    .from(singleUseTokens)
    .where(
      and(eq(singleUseTokens.purpose, purpose), isNull(singleUseTokens.usedAt), gt(singleUseTokens.expiresAt, now)),
    )
    .orderBy(desc(singleUseTokens.createdAt));
  return rows.map((row) => asRow<P>(row));
}

/**
 * Deletes the unused token `id` of `purpose` (an owner withdrawing an invitation, expired or not);
 * returns its row, or undefined when there is no such unused token. `db` may be a transaction.
 */
export async function withdrawToken<P extends SingleUsePurpose>(
  db: Writer,
  purpose: P,
  id: string,
): Promise<TokenRow<P> | undefined> {
  const [row] = await writeIn(db, (tx) =>
    tx
      .delete(singleUseTokens)
      .where(and(eq(singleUseTokens.id, id), eq(singleUseTokens.purpose, purpose), isNull(singleUseTokens.usedAt)))
      .returning(),
  );
  return row ? asRow<P>(row) : undefined;
}

/** When the latest token of `purpose` for `subject` still on record was issued, or null. */
export async function lastIssuedAt(db: SqlDb, purpose: SingleUsePurpose, subject: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: singleUseTokens.createdAt })
    .from(singleUseTokens)
    .where(and(eq(singleUseTokens.purpose, purpose), eq(singleUseTokens.subject, subject)))
    .orderBy(desc(singleUseTokens.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * The hourly sweep's part (jobs/sweep.ts): deletes every token whose expiry is at or before
 * `now`, used or not, but keeps unused client invitations; returns how many went.
 */
export async function sweepTokens(db: Database, now = new Date()): Promise<number> {
  const rows = await db.write((tx) =>
    tx
      .delete(singleUseTokens)
      .where(
        and(
          lte(singleUseTokens.expiresAt, now),
          or(ne(singleUseTokens.purpose, KEPT_UNUSED_AFTER_EXPIRY), isNotNull(singleUseTokens.usedAt)),
        ),
      )
      .returning({ id: singleUseTokens.id }),
  );
  return rows.length;
}
