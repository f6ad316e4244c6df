/**
 * Password links for clients, single use: resets (docs/product.md#password-reset), valid for 1
 * hour, and invitations (docs/product.md#invitations), valid for 72 hours (7 days to a team).
 * Each is a token of the single-use store (services/single-use-tokens.ts) whose subject is the
 * client member's id: purpose `password-reset` or `client-invitation` (a reset link made for a
 * member who has not joined counts as an invitation, as a link from before invitations had their
 * purpose did). Using a reset sets the new password, spends every open link of that member and
 * revokes all their sessions, in one transaction; accepting an invitation (services/sign-in/invitations.ts) sets
 * the first password or none (a passkey follows). Either proves the email, so the client is
 * marked confirmed.
 */
import { eq } from 'drizzle-orm';
import { clientMembers, clients } from '../../../../db/schema/index.ts';
import { issueToken, newToken, peekToken, spendToken } from '../single-use-tokens.ts';
import { spendTokensOf } from '../single-use-token-subjects.ts';
import type { Database, Writer } from '../../db/database.ts';
import { revokeUserSessions } from './sessions.ts';

/** How long a reset link works, in milliseconds: 1 hour. */
export const RESET_TTL_MS = 60 * 60 * 1000;

/** How long an invitation to set a first password works, in milliseconds: 72 hours. */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;

/** How long an invitation to a client's team works, in milliseconds: 7 days (docs/product.md#client-teams). */
export const TEAM_INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A new link token, not yet stored (the single-use store's recipe). */
export const newResetToken = (): string => newToken();

/** What a password link is for: a reset the client asked for, or the invitation of a new client. */
export type PasswordLinkPurpose = 'reset' | 'invitation';

/** The single-use store's purposes of a client's password links, reset and invitation. */
export const PASSWORD_LINKS = ['password-reset', 'client-invitation'] as const;

/**
 * Stores a link token for client member `memberId` (only as a hash) and returns it: `token`, or a new one. It
 * works for `ttlMs` milliseconds from `now` (default 1 hour; an invitation passes
 * INVITATION_TTL_MS and `purpose` 'invitation', and may name the portal page it lands on,
 * `redirectPath`). `db` may be a transaction.
 */
export async function createPasswordResetToken(
  db: Writer,
  memberId: string,
  now = new Date(),
  ttlMs = RESET_TTL_MS,
  token = newResetToken(),
  purpose: PasswordLinkPurpose = 'reset',
  redirectPath: string | null = null,
): Promise<string> {
  if (purpose === 'reset') return issueToken(db, 'password-reset', memberId, ttlMs, null, { now, token });
  const payload = redirectPath ? { redirectPath } : null;
  return issueToken(db, 'client-invitation', memberId, ttlMs, payload, { now, token });
}

/**
 * Uses a password link (reset or invitation) at `now`: when it exists, is unused and unexpired,
 * sets `passwordHash` on its member (who has joined from then on), spends every open password link
 * of that member and deletes all their sessions. Returns the member's id, or null when the token
 * is not usable.
 */
export async function usePasswordResetToken(
  db: Database,
  token: string,
  passwordHash: string,
  now = new Date(),
): Promise<string | null> {
  return db.write(async (tx) => {
    const link = await peekToken(tx, PASSWORD_LINKS, token, now);
    if (!link || !(await spendToken(tx, link.purpose, token, now))) return null;
    const memberId = link.subject;
    const [member] = await tx
      .select({ clientId: clientMembers.clientId, joinedAt: clientMembers.joinedAt })
      .from(clientMembers)
      .where(eq(clientMembers.id, memberId));
    if (!member) return null;
    await tx
      .update(clientMembers)
      .set({ passwordHash, joinedAt: member.joinedAt ?? now, updatedAt: now })
      .where(eq(clientMembers.id, memberId));
    // The link came to the member's inbox, which confirms the address (docs/product.md#registration).
    await tx.update(clients).set({ confirmed: true, updatedAt: now }).where(eq(clients.id, member.clientId));
    await spendTokensOf(tx, PASSWORD_LINKS, memberId, now);
    await revokeUserSessions(tx, 'client', memberId);
    return memberId;
  });
}
