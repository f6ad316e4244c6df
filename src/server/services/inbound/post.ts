/**
 * Posting a verified reply (docs/product.md#email-replies): its new text becomes a message on the
 * project, as its author, `via: "email"`, and its attachments become the project's files with the
 * checks of an upload (services/files/stored-bytes.ts: size, sniffed type, image pixels) and the
 * client's storage quota. At most MAX_ATTACHMENTS of them; the message names any file left out and
 * why, so the other side knows. The received email's row, the files and the message are one write:
 * a second delivery of the same Message-ID conflicts on the row and posts nothing.
 */
import { sql, eq } from 'drizzle-orm';
import type { Email } from 'postal-mime';
import { inboundEmails, projectFiles } from '../../../../db/schema/index.ts';
import { formatBytes } from '../../../shared/bytes.ts';
import { storageFullMessage } from '../../../shared/files.ts';
import { AppError } from '../../errors.ts';
import { recordProjectsUpdated } from '../events/events.ts';
import { notifyFileAdded } from '../email/work-notifications.ts';
import { storeFileBytes } from '../files/stored-bytes.ts';
import type { ReceivedUpload } from '../files/uploads.ts';
import type { SqlDb } from '../../db/database.ts';
import { recordIgnored } from './outcomes.ts';
import type { InboundDeps, InboundFacts, InboundStatus, ReplyAuthor, ReplyFiles } from './types.ts';

/** The most attachments of one email that become files; the rest are named in the message. */
const MAX_ATTACHMENTS = 20;

/** The longest subject kept, as the portal's form allows. */
const SUBJECT_MAX = 200;

/** The email's subject without its reply and forward prefixes (Re:, Fwd:, AW:, SV:, …), or a default. */
function replySubject(subject: string): string {
  const bare = subject.replace(/^(\s*(re|fwd?|aw|wg|sv|vs|tr|rv|antw)\s*(\[\d+\])?\s*:\s*)+/i, '').trim();
  return (bare || 'Reply by email').slice(0, SUBJECT_MAX);
}

/** The files an email carries: attachments, not the inline pictures of a signature or an HTML body. */
function filesOf(email: Email) {
  return email.attachments.filter((a) => a.disposition === 'attachment' || (!a.related && a.disposition !== 'inline'));
}

/**
 * Claims the received email's row in the posting write: inserts it as `posted` (null when the same
 * message was received before), or, for a held email staff release, moves it from `held` to
 * `released` (null when it was decided meanwhile). Returns the row's id.
 */
export type InboundClaim = (tx: SqlDb, text: string) => Promise<string | null>;

/** The claim of a new email: its row, inserted as `posted` unless it was received before. */
function newEmailClaim(facts: InboundFacts): InboundClaim {
  return async (tx, text) => {
    const [row] = await tx
      .insert(inboundEmails)
      .values({ ...facts, text, status: 'posted', receivedAt: new Date() })
      .onConflictDoNothing()
      .returning({ id: inboundEmails.id });
    return row?.id ?? null;
  };
}

/**
 * Posts `text` and the email's files as `author`, once `claim` took the email's row; `ignored`
 * (reason `empty`) when there is neither text nor file, `duplicate` when the claim found nothing
 * to take. Throws what the database throws (the stored files are deleted then).
 */
export async function postReply(
  deps: InboundDeps,
  email: Email,
  facts: InboundFacts,
  author: ReplyAuthor,
  text: string,
  claim: InboundClaim = newEmailClaim(facts),
): Promise<{ status: InboundStatus; id?: string }> {
  const { db, storage, env } = deps;
  const attachments = filesOf(email);
  const files = author.files;
  const notes: string[] = [];
  const stored: ReceivedUpload[] = [];
  if (!files && attachments.length > 0) {
    const which = attachments.length === 1 ? 'An attachment was' : `${attachments.length} attachments were`;
    notes.push(`${which} not kept: this conversation takes no files.`);
  }
  for (const attachment of files ? attachments.slice(0, MAX_ATTACHMENTS) : []) {
    const bytes =
      typeof attachment.content === 'string'
        ? new TextEncoder().encode(attachment.content)
        : new Uint8Array(attachment.content as ArrayBuffer);
    try {
      stored.push(await storeFileBytes(storage, bytes, attachment.filename ?? undefined, env.UPLOAD_MAX_BYTES));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      notes.push(
        `Not attached: ${attachment.filename ?? 'a file'} (${formatBytes(bytes.byteLength)}). ${error.message}`,
      );
    }
  }
  if (files && attachments.length > MAX_ATTACHMENTS) {
    notes.push(
      `${attachments.length - MAX_ATTACHMENTS} more attachments were not added: an email brings at most ${MAX_ATTACHMENTS} files. Add them in the portal.`,
    );
  }
  if (!text && stored.length === 0) return recordIgnored(db, facts, 'empty');

  let kept: string[] = [];
  const write = db.write(async (tx) => {
    const rowId = await claim(tx, text);
    if (!rowId) return null;
    const saved = files
      ? await saveFiles(tx, files, author.name, stored, env.CLIENT_STORAGE_QUOTA_BYTES)
      : { ids: [], keys: [], notes: [] };
    kept = saved.keys;
    const message = [text || '(Files attached by email.)', ...notes, ...saved.notes].join('\n\n');
    const postedId = await author.post(tx, { subject: replySubject(facts.subject), message, attachments: saved.ids });
    await tx.update(inboundEmails).set({ postedId }).where(eq(inboundEmails.id, rowId));
    return rowId;
  });
  const discard = (keys: string[]) => Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
  let result: string | null;
  try {
    result = await write;
  } catch (error) {
    await discard(stored.map((file) => file.key));
    throw error;
  }
  await discard(stored.filter((file) => !kept.includes(file.key)).map((file) => file.key));
  return result ? { status: 'posted', id: result } : { status: 'duplicate' };
}

/**
 * Saves the stored files as the project's, in the posting write `tx`, while they fit the client's
 * quota (`quotaBytes`), as `uploaderName`'s uploads, with their notifications and the project's
 * live event. Returns their ids, their storage keys, and a note for each file over the quota.
 */
async function saveFiles(
  tx: SqlDb,
  files: ReplyFiles,
  uploaderName: string,
  stored: ReceivedUpload[],
  quotaBytes: number,
): Promise<{ ids: string[]; keys: string[]; notes: string[] }> {
  const [usage] = await tx
    .select({ used: sql<number>`coalesce(sum(${projectFiles.size}), 0)` })
    .from(projectFiles)
    .where(eq(projectFiles.clientId, files.clientId));
  let used = Number(usage?.used ?? 0);
  const out = { ids: [] as string[], keys: [] as string[], notes: [] as string[] };
  const owner = { projectId: files.projectId, clientId: files.clientId };
  // A millisecond apart, so the files are listed in the email's order.
  const base = Date.now();
  for (const [index, file] of stored.entries()) {
    if (used + file.size > quotaBytes) {
      out.notes.push(`Not attached: ${file.name}. ${storageFullMessage(quotaBytes)}`);
      continue;
    }
    used += file.size;
    const [row] = await tx
      .insert(projectFiles)
      .values({
        ...owner,
        storageKey: file.key,
        name: file.name,
        size: file.size,
        type: file.type,
        sha256: file.sha256,
        internal: false,
        uploadedBy: files.uploadedBy,
        uploaderName,
        uploaderMemberId: files.memberId,
        createdAt: new Date(base + index),
      })
      .returning({ id: projectFiles.id });
    out.ids.push(row!.id);
    out.keys.push(file.key);
    await notifyFileAdded(tx, owner, { id: row!.id, by: files.uploadedBy });
  }
  if (out.ids.length > 0) await recordProjectsUpdated(tx, files.projectId);
  return out;
}
