/**
 * Reply addresses (docs/product.md#email-replies; docs/decisions/0044-email-replies.md): each
 * email that invites an answer carries `Reply-To: reply+<token>@<INBOUND_DOMAIN>`, a token made
 * for that email, its thread and its one recipient. The token is 16 random bytes from node:crypto
 * in lower-case hex (32 characters: mail servers may lower-case a local part); only its SHA-256
 * is stored. Unlike a single-use token (docs/decisions/0037-one-single-use-token-store.md) it is
 * used as often as its recipient replies, until it is revoked: removing a member or erasing a
 * person revokes theirs. The token, never a header, decides the thread.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  inboundEmails,
  replyTokens,
  type ReplyRecipientKind,
  type ReplyThreadKind,
} from '../../../../db/schema/index.ts';
import { writeIn, type SqlDb, type Writer } from '../../db/database.ts';

export type ReplyTokenRow = typeof replyTokens.$inferSelect;

/** What a reply address answers and who it was given to. */
export interface ReplyTarget {
  threadKind: ReplyThreadKind;
  threadId: string;
  recipientKind: ReplyRecipientKind;
  /** The member's or staff user's id; null for a visitor or a lead. */
  recipientId: string | null;
  recipientEmail: string;
}

const TOKEN = /^[0-9a-f]{32}$/;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Makes a reply address for `target` on `domain` (INBOUND_DOMAIN), in the caller's write when
 * `db` is a transaction. Returns `reply+<token>@<domain>`; throws what the database throws.
 */
export async function createReplyAddress(db: Writer, domain: string, target: ReplyTarget): Promise<string> {
  const token = randomBytes(16).toString('hex');
  await writeIn(db, (tx) =>
    tx.insert(replyTokens).values({
      ...target,
      recipientEmail: target.recipientEmail.trim().toLowerCase(),
      tokenHash: hashToken(token),
      createdAt: new Date(),
    }),
  );
  return `reply+${token}@${domain}`;
}

/**
 * The token of a reply address on `domain` (the local part `reply+<token>`, compared without
 * case), or null when `address` is not one.
 */
export function tokenOfAddress(address: string, domain: string): string | null {
  const match = /^reply\+([^@]+)@(.+)$/i.exec(address.trim());
  if (!match || match[2]!.toLowerCase() !== domain.toLowerCase()) return null;
  const token = match[1]!.toLowerCase();
  return TOKEN.test(token) ? token : null;
}

/** The stored row of `token` (revoked or not), or null when there is none. */
export async function findReplyToken(db: SqlDb, token: string): Promise<ReplyTokenRow | null> {
  const [row] = await db
    .select()
    .from(replyTokens)
    .where(eq(replyTokens.tokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

/**
 * Revokes every reply address given to the members or staff users `recipientIds` (of
 * `recipientKind`), or, with `threadId`, every one of that thread, in the caller's write. Returns
 * how many were revoked.
 */
export async function revokeReplyTokens(
  tx: SqlDb,
  which:
    | { recipientKind: ReplyRecipientKind; recipientIds: readonly string[] }
    | { threadKind: ReplyThreadKind; threadId: string },
): Promise<number> {
  if ('recipientIds' in which && which.recipientIds.length === 0) return 0;
  const where =
    'recipientIds' in which
      ? and(
          eq(replyTokens.recipientKind, which.recipientKind),
          inArray(replyTokens.recipientId, [...which.recipientIds]),
        )
      : and(eq(replyTokens.threadKind, which.threadKind), eq(replyTokens.threadId, which.threadId));
  const revoked = await tx
    .update(replyTokens)
    .set({ revokedAt: new Date() })
    .where(and(where, isNull(replyTokens.revokedAt)))
    .returning({ id: replyTokens.id });
  return revoked.length;
}

/**
 * Marks that the sender of `tokenId` was told the conversation is closed; true only for the first
 * call (so the notice goes out once), in the caller's write.
 */
export async function claimClosedNotice(tx: SqlDb, tokenId: string): Promise<boolean> {
  const claimed = await tx
    .update(replyTokens)
    .set({ closedNoticeAt: new Date() })
    .where(and(eq(replyTokens.id, tokenId), isNull(replyTokens.closedNoticeAt)))
    .returning({ id: replyTokens.id });
  return claimed.length > 0;
}

/**
 * Forgets what email replies hold of people erased (docs/product.md#privacy), in the caller's
 * write: the reply addresses given to the members `recipientIds` of `recipientKind`, or made for
 * the threads `threadIds` of `threadKind` (a chat deleted, a lead anonymised), are revoked and lose
 * their recipient's address, and the emails received at them are deleted (a held one's raw message,
 * no longer named by any row, goes with the hourly sweep of stored files).
 */
export async function eraseReplyTokens(
  tx: SqlDb,
  which:
    | { recipientKind: ReplyRecipientKind; recipientIds: readonly string[] }
    | { threadKind: ReplyThreadKind; threadIds: readonly string[] },
): Promise<void> {
  if (('recipientIds' in which ? which.recipientIds : which.threadIds).length === 0) return;
  const where =
    'recipientIds' in which
      ? and(
          eq(replyTokens.recipientKind, which.recipientKind),
          inArray(replyTokens.recipientId, [...which.recipientIds]),
        )
      : and(eq(replyTokens.threadKind, which.threadKind), inArray(replyTokens.threadId, [...which.threadIds]));
  const tokens = tx.select({ id: replyTokens.id }).from(replyTokens).where(where);
  await tx.delete(inboundEmails).where(inArray(inboundEmails.replyTokenId, tokens));
  await tx
    .update(replyTokens)
    .set({ revokedAt: new Date() })
    .where(and(where, isNull(replyTokens.revokedAt)));
  await tx.update(replyTokens).set({ recipientEmail: '' }).where(where);
}
