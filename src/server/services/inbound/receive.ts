/**
 * One pipeline for every received email, from either door (the SMTP listener or
 * `POST /api/inbound/email`; docs/product.md#email-replies, docs/decisions/0044-email-replies.md):
 *
 * 1. Parse it (postal-mime); find a reply address `reply+<token>@<INBOUND_DOMAIN>` among the
 *    envelope's recipients and the To, Cc, Delivered-To and X-Original-To headers. The token, and
 *    never In-Reply-To or References, decides the thread. None known: `ignored`, nothing kept.
 * 2. Auto-replies, bounces and loops (automated.ts): `ignored`, never answered.
 * 3. The same Message-ID to the same address again: `duplicate`, nothing posted.
 * 4. The address revoked or its thread closed (threads.ts): `ignored`, and its recipient, when
 *    they are the sender, gets "This conversation is closed" once.
 * 5. The sender is not the recipient (From, without case), or in `strict` mode the message fails
 *    DMARC: `held` (its raw message kept for staff, held.ts) and the recipient gets a notice.
 * 6. Else the new text (reply-text.ts) and the attachments (the upload checks; at most
 *    MAX_ATTACHMENTS) are posted as the recipient, `via: "email"`: `posted`.
 *
 * Every outcome is committed before this resolves, so a door acknowledges only what is stored.
 */
import { createHash } from 'node:crypto';
import PostalMime, { type Email } from 'postal-mime';
import { log } from '../../log.ts';
import { automatedReason } from './automated.ts';
import { findReplyToken, tokenOfAddress } from './reply-tokens.ts';
import { replyAuthor } from './threads.ts';
import { replyText } from './reply-text.ts';
import { holdEmail, recordIgnored, sendClosedNotice, isDuplicate } from './outcomes.ts';
import { postReply } from './post.ts';
import type { InboundDeps, InboundSource, InboundStatus } from './types.ts';

/** The deepest MIME nesting parsed (a message nested deeper is a bomb, not a reply). */
const MAX_NESTING = 20;

/** The address of MAIL_FROM ("Studio <no-reply@…>" → "no-reply@…"), lower-cased. */
function mailFromAddress(mailFrom: string): string {
  return (/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim().toLowerCase();
}

/** The reply token the message is addressed to, or null. */
function findToken(email: Email, source: InboundSource, domain: string): string | null {
  const addresses = [
    ...(source.envelope?.rcptTo ?? []),
    ...[...(email.to ?? []), ...(email.cc ?? [])].flatMap((a) =>
      a.address ? [a.address] : (a.group ?? []).map((m) => m.address),
    ),
    ...email.headers.filter((h) => h.key === 'delivered-to' || h.key === 'x-original-to').map((h) => h.value),
  ];
  for (const address of addresses) {
    const token = tokenOfAddress(address.replace(/^<|>$/g, ''), domain);
    if (token) return token;
  }
  return null;
}

/** The sender's address (lower-cased) and name, from From. */
function senderOf(email: Email): { address: string; name: string } {
  const from = email.from;
  const mailbox = from && 'address' in from && from.address ? from : from?.group?.[0];
  return { address: (mailbox?.address ?? '').trim().toLowerCase(), name: mailbox?.name ?? '' };
}

/**
 * Receives one raw message (RFC 5322 bytes) and returns what became of it.
 * Throws only what the database or the storage throws (a door answers a retryable error then).
 */
export async function receiveEmail(
  deps: InboundDeps,
  raw: Buffer,
  source: InboundSource,
): Promise<{ status: InboundStatus; id?: string }> {
  const { db, env } = deps;
  const domain = env.INBOUND_DOMAIN;
  if (!domain) return { status: 'ignored' };
  let email: Email;
  try {
    email = await PostalMime.parse(raw, { maxNestingDepth: MAX_NESTING, attachmentEncoding: 'arraybuffer' });
  } catch (error) {
    log.warn({ component: 'inbound', err: error }, 'an inbound email could not be parsed');
    return { status: 'ignored' };
  }
  const token = findToken(email, source, domain);
  const row = token ? await findReplyToken(db.read, token) : null;
  if (!row) return { status: 'ignored' };

  const sender = senderOf(email);
  const own = mailFromAddress(env.MAIL_FROM);
  const facts = {
    replyTokenId: row.id,
    messageId: email.messageId?.trim() || createHash('sha256').update(raw).digest('hex'),
    door: source.door,
    fromAddress: sender.address,
    fromName: sender.name,
    inReplyTo: email.inReplyTo?.slice(0, 1000) ?? null,
    references: email.references?.slice(0, 4000) ?? null,
    subject: (email.subject ?? '').slice(0, 300),
    attachmentCount: email.attachments.length,
  };
  if (await isDuplicate(db, row.id, facts.messageId)) return { status: 'duplicate' };

  const contentType = email.headers.find((h) => h.key === 'content-type')?.value ?? 'text/plain';
  const automated = sender.address.endsWith(`@${domain}`)
    ? 'loop'
    : automatedReason(email.headers, {
        subject: facts.subject,
        contentType,
        from: sender.address,
        ownAddresses: [own],
      });
  if (automated) return recordIgnored(db, facts, automated);

  const author = await replyAuthor(db, row, env);
  const fromRecipient = author ? sender.address === author.email : sender.address === row.recipientEmail.toLowerCase();
  if (!author) {
    const answer = await recordIgnored(db, facts, 'closed');
    if (answer.status === 'ignored' && fromRecipient) await sendClosedNotice(db, row, sender, facts.subject);
    return answer;
  }
  const text = replyText({ text: email.text, html: email.html });
  if (!fromRecipient) return holdEmail(deps, raw, { ...facts, text }, 'sender', author);
  if (env.INBOUND_VERIFY === 'strict') {
    const verdict = await deps.dmarc(raw, source);
    if (!verdict.pass) return holdEmail(deps, raw, { ...facts, text }, 'dmarc', author);
  }
  return postReply(deps, email, facts, author, text);
}
