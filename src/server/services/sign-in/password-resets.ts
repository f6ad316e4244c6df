/**
 * Password links for clients, single use, only the token's SHA-256 stored: resets
 * (docs/product.md#password-reset), valid for 1 hour, and invitations (docs/product.md#invitations),
 * valid for 72 hours (`purpose` 'invitation'; a link from before that column counts as an
 * invitation when its client has not chosen a password yet). Using a reset sets the new password,
 * spends every open link of that client and revokes all its sessions, in one transaction;
 * accepting an invitation (services/sign-in/invitations.ts) sets the first password or none (a passkey
 * follows). Either proves the email, so the client is marked confirmed.
 */
import { and, eq, gt, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import { clients, passwordResetTokens } from '../../../../db/schema/index.ts';
import { hashSecretHex, randomToken } from './tokens.ts';
import { writeIn, type Database, type Writer } from '../../db/database.ts';
import { revokeUserSessions } from './sessions.ts';

/** How long a reset link works, in milliseconds: 1 hour. */
export const RESET_TTL_MS = 60 * 60 * 1000;

/** How long an invitation to set a first password works, in milliseconds: 72 hours. */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;

/** A new link token (48 base32 characters), not yet stored. */
export const newResetToken = (): string => `${randomToken()}${randomToken()}`;

/** What a password link is for: a reset the client asked for, or the invitation of a new client. */
export type PasswordLinkPurpose = (typeof passwordResetTokens.$inferSelect)['purpose'];

/**
 * Stores a link token for the client (only as a hash) and returns it: `token`, or a new one. It
 * works for `ttlMs` (default 1 hour; an invitation passes INVITATION_TTL_MS and `purpose`
 * 'invitation'). `db` may be a transaction.
 */
export async function createPasswordResetToken(
  db: Writer,
  clientId: string,
  now = new Date(),
  ttlMs = RESET_TTL_MS,
  token = newResetToken(),
  purpose: PasswordLinkPurpose = 'reset',
): Promise<string> {
  await writeIn(db, (tx) =>
    tx.insert(passwordResetTokens).values({
      clientId,
      purpose,
      tokenHash: hashSecretHex(token),
      expiresAt: new Date(now.getTime() + ttlMs),
      createdAt: now,
    }),
  );
  return token;
}

/**
 * Uses a token: when it exists, is unused and unexpired, sets `passwordHash` on its client,
 * marks every open token of that client used and deletes all its sessions. Returns the client
 * id, or null when the token is not usable.
 */
export async function usePasswordResetToken(
  db: Database,
  token: string,
  passwordHash: string,
  now = new Date(),
): Promise<string | null> {
  return db.write(async (tx) => {
    const [row] = await tx
      .select()
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashSecretHex(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .limit(1);
    if (!row) return null;
    // The link came to the client's inbox, which confirms the address (docs/product.md#registration).
    await tx.update(clients).set({ passwordHash, confirmed: true, updatedAt: now }).where(eq(clients.id, row.clientId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.clientId, row.clientId), isNull(passwordResetTokens.usedAt)));
    await revokeUserSessions(tx, 'client', row.clientId);
    return row.clientId;
  });
}

/**
 * Deletes password links that expired at or before `now`, but keeps unused invitations: they tell
 * the staff when the last invitation was sent and the welcome page that a link has expired
 * (rather than never existed) until the client sets up the account, which spends them. Returns
 * how many went.
 */
export async function deleteExpiredResetTokens(db: Database, now = new Date()): Promise<number> {
  const rows = await db.write((tx) =>
    tx
      .delete(passwordResetTokens)
      .where(
        and(
          lte(passwordResetTokens.expiresAt, now),
          or(ne(passwordResetTokens.purpose, 'invitation'), isNotNull(passwordResetTokens.usedAt)),
        ),
      )
      .returning({ id: passwordResetTokens.id }),
  );
  return rows.length;
}
