/**
 * The outcomes of a received email that post nothing (docs/product.md#email-replies): recorded
 * in `inbound_emails`, each in one write, keyed by the reply address and the Message-ID so that a
 * second delivery is told apart (`duplicate`). A held email keeps its raw message in the storage
 * for staff to release; its recipient is told. A reply to a closed conversation gets one notice.
 * The notices are marked `Auto-Submitted: auto-replied` (RFC 3834) and carry no reply address.
 */
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { inboundEmails } from '../../../../db/schema/index.ts';
import type { Database } from '../../db/database.ts';
import { newStorageKey } from '../../storage/storage.ts';
import { queueEmail } from '../email/queue.ts';
import { renderClosedNotice, renderHeldNotice } from '../email/templates/email-replies.tsx';
import { claimClosedNotice, type ReplyTokenRow } from './reply-tokens.ts';
import type { InboundDeps, InboundFacts, InboundStatus, ReplyAuthor } from './types.ts';

/** Headers of the product's own automatic answers: never answered by an auto-reply, never looped. */
const AUTOMATIC_HEADERS = { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' };

/** Whether a message with `messageId` to the address `replyTokenId` was received before. */
export async function isDuplicate(db: Database, replyTokenId: string, messageId: string): Promise<boolean> {
  const [row] = await db.read
    .select({ id: inboundEmails.id })
    .from(inboundEmails)
    .where(and(eq(inboundEmails.replyTokenId, replyTokenId), eq(inboundEmails.messageId, messageId)))
    .limit(1);
  return Boolean(row);
}

/** Records an email that posts nothing, for `reason`; `duplicate` when it was recorded before. */
export async function recordIgnored(
  db: Database,
  facts: InboundFacts,
  reason: string,
): Promise<{ status: InboundStatus; id?: string }> {
  const [row] = await db.write((tx) =>
    tx
      .insert(inboundEmails)
      .values({ ...facts, status: 'ignored', reason, receivedAt: new Date() })
      .onConflictDoNothing()
      .returning({ id: inboundEmails.id }),
  );
  return row ? { status: 'ignored', id: row.id } : { status: 'duplicate' };
}

/**
 * Holds an email whose sender is not the address's recipient (`sender`) or that failed DMARC
 * (`dmarc`): its raw message goes to the storage, its row to the held list, and `author` (the
 * true recipient) gets "A reply from another address was held" in the same write.
 */
export async function holdEmail(
  deps: InboundDeps,
  raw: Buffer,
  facts: InboundFacts & { text: string },
  reason: 'sender' | 'dmarc',
  author: ReplyAuthor,
): Promise<{ status: InboundStatus; id?: string }> {
  const rawKey = newStorageKey();
  await deps.storage.put(rawKey, Readable.from([raw]));
  const notice = await renderHeldNotice({
    name: author.name,
    from: facts.fromAddress || 'an unknown address',
    subject: facts.subject,
  });
  const id = await deps.db
    .write(async (tx) => {
      const [row] = await tx
        .insert(inboundEmails)
        .values({ ...facts, status: 'held', reason, rawKey, receivedAt: new Date() })
        .onConflictDoNothing()
        .returning({ id: inboundEmails.id });
      if (!row) return null;
      await queueEmail(tx, author.kind === 'staff' ? 'team' : 'client', [author.email], notice, AUTOMATIC_HEADERS);
      return row.id;
    })
    .catch(async (error: unknown) => {
      await deps.storage.delete(rawKey).catch(() => undefined);
      throw error;
    });
  if (!id) {
    await deps.storage.delete(rawKey).catch(() => undefined);
    return { status: 'duplicate' };
  }
  return { status: 'held', id };
}

/** Tells the sender of a reply to the closed address `token` so, once per address. */
export async function sendClosedNotice(
  db: Database,
  token: ReplyTokenRow,
  sender: { address: string; name: string },
  subject: string,
): Promise<void> {
  const notice = await renderClosedNotice({ name: sender.name || 'there', subject });
  await db.write(async (tx) => {
    if (!(await claimClosedNotice(tx, token.id))) return;
    const audience = token.recipientKind === 'staff' ? 'team' : 'client';
    await queueEmail(tx, audience, [sender.address], notice, AUTOMATIC_HEADERS);
  });
}
