/**
 * Held emails (docs/product.md#email-replies): replies that came to a reply address from another
 * sender, or failed DMARC in strict mode. Staff list them, and release one (it is posted as the
 * address's recipient, as if it had come from them) or discard it. Either decision is taken once:
 * the second of two gets 409 `already_decided`. The raw message leaves the storage once decided.
 */
import { buffer } from 'node:stream/consumers';
import { and, desc, eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { clients, inboundEmails, projects, replyTokens } from '../../../../db/schema/index.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import { postReply, type InboundClaim } from './post.ts';
import { replyText } from './reply-text.ts';
import type { InboundDeps } from './types.ts';
import { replyAuthor } from './threads.ts';

/** The most held emails one list answer carries (newest first). */
const LIST_MAX = 200;

/** The held emails, newest first: `{items: [{id, from, subject, text, reason, receivedAt, recipient, project, client}]}`. */
export async function listHeldEmails(db: InboundDeps['db']) {
  const rows = await db.read
    .select({
      email: inboundEmails,
      recipientEmail: replyTokens.recipientEmail,
      recipientKind: replyTokens.recipientKind,
      projectId: projects.id,
      projectTitle: projects.title,
      clientName: clients.name,
    })
    .from(inboundEmails)
    .leftJoin(replyTokens, eq(replyTokens.id, inboundEmails.replyTokenId))
    .leftJoin(projects, and(eq(replyTokens.threadKind, 'project'), eq(projects.id, replyTokens.threadId)))
    .leftJoin(clients, eq(clients.id, projects.clientId))
    .where(eq(inboundEmails.status, 'held'))
    .orderBy(desc(inboundEmails.receivedAt))
    .limit(LIST_MAX);
  return {
    items: rows.map(({ email, ...thread }) => ({
      id: email.id,
      from: { address: email.fromAddress, name: email.fromName },
      subject: email.subject,
      text: email.text,
      reason: email.reason as 'sender' | 'dmarc',
      attachmentCount: email.attachmentCount,
      receivedAt: email.receivedAt.toISOString(),
      recipient: { kind: thread.recipientKind, email: thread.recipientEmail },
      project: thread.projectId ? { id: thread.projectId, title: thread.projectTitle } : null,
      client: thread.clientName ? { name: thread.clientName } : null,
    })),
  };
}

/** The held row `id`; NotFoundError when there is none, 409 `already_decided` once decided. */
async function heldRow(db: InboundDeps['db'], id: string) {
  const [row] = await db.read.select().from(inboundEmails).where(eq(inboundEmails.id, id));
  if (!row || !['held', 'released', 'discarded'].includes(row.status)) throw new NotFoundError('Held email');
  if (row.status !== 'held')
    throw new AppError(409, 'already_decided', 'This email was already released or discarded.');
  return row;
}

/** A claim that moves the held row to `status`, decided by `actor`; null when decided meanwhile. */
function decide(id: string, actor: Actor, status: 'released' | 'discarded'): InboundClaim {
  return async (tx) => {
    const [row] = await tx
      .update(inboundEmails)
      .set({ status, decidedAt: new Date(), decidedBy: actor.username })
      .where(and(eq(inboundEmails.id, id), eq(inboundEmails.status, 'held')))
      .returning({ id: inboundEmails.id, from: inboundEmails.fromAddress });
    if (!row) return null;
    const verb = status === 'released' ? 'Released' : 'Discarded';
    await recordAdminEvent(tx, actor, 'update', 'inbound_email', id, `${verb} a held email from ${row.from}`);
    return row.id;
  };
}

const decidedMeanwhile = () => new AppError(409, 'already_decided', 'This email was already released or discarded.');

/**
 * Releases the held email `id`: posted as its address's recipient. Returns `{status: 'posted'}`.
 * @throws NotFoundError; AppError 409 `already_decided`, or 409 `conversation_closed` when the
 *   address was revoked or its thread closed since
 */
export async function releaseHeldEmail(deps: InboundDeps, actor: Actor, id: string) {
  const row = await heldRow(deps.db, id);
  const [token] = row.replyTokenId
    ? await deps.db.read.select().from(replyTokens).where(eq(replyTokens.id, row.replyTokenId))
    : [];
  const author = token ? await replyAuthor(deps.db, token, deps.env) : null;
  if (!author || !row.rawKey) {
    throw new AppError(409, 'conversation_closed', 'This conversation is closed: the email can only be discarded.');
  }
  const raw = await buffer(await deps.storage.read(row.rawKey));
  const email = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer' });
  const facts = {
    replyTokenId: token!.id,
    messageId: row.messageId,
    inReplyTo: row.inReplyTo,
    references: row.references,
    door: row.door,
    fromAddress: row.fromAddress,
    fromName: row.fromName,
    subject: row.subject,
    attachmentCount: row.attachmentCount,
  };
  const text = replyText({ text: email.text, html: email.html });
  const result = await postReply(deps, email, facts, author, text, decide(id, actor, 'released'));
  if (result.status !== 'posted') throw decidedMeanwhile();
  await deps.storage.delete(row.rawKey).catch(() => undefined);
  return { status: 'posted' as const };
}

/** Discards the held email `id`. Throws NotFoundError, or AppError 409 `already_decided`. */
export async function discardHeldEmail(deps: InboundDeps, actor: Actor, id: string) {
  const row = await heldRow(deps.db, id);
  const done = await deps.db.write((tx) => decide(id, actor, 'discarded')(tx, ''));
  if (!done) throw decidedMeanwhile();
  if (row.rawKey) await deps.storage.delete(row.rawKey).catch(() => undefined);
  return { status: 'discarded' as const };
}
