/**
 * A message's attachments (docs/product.md#files): files already uploaded to the message's project
 * (POST …/projects/{id}/files), tied to the message in the write that stores it. A file is
 * attached to one message at most and stays in the project's Files; an internal file can never be
 * attached (the client would see it in the message).
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { projectFiles } from '../../../../db/schema/index.ts';
import { InvalidFieldError } from '../../errors.ts';
import type { SqlDb } from '../../db/database.ts';

/** A file as a message carries it. */
export interface AttachmentJson {
  id: string;
  name: string;
  /** Bytes. */
  size: number;
  /** The media type detected from the content. */
  type: string;
}

/**
 * Ties the files `fileIds` to the message `communicationId` of project `projectId`, inside the
 * message's write `tx`. A client may attach only files it uploaded itself.
 * @throws {InvalidFieldError} on `attachments` when a file is missing, of another project,
 *   internal, already attached to a message, or (for a client) uploaded by staff; nothing is tied
 *   then, and the caller's write rolls back.
 */
export async function attachFiles(
  tx: SqlDb,
  message: { projectId: string; communicationId: string; by: 'client' | 'staff' },
  fileIds: readonly string[] | undefined,
): Promise<AttachmentJson[]> {
  if (!fileIds || fileIds.length === 0) return [];
  const tied = await tx
    .update(projectFiles)
    .set({ communicationId: message.communicationId })
    .where(
      and(
        inArray(projectFiles.id, [...fileIds]),
        eq(projectFiles.projectId, message.projectId),
        eq(projectFiles.internal, false),
        isNull(projectFiles.communicationId),
        message.by === 'client' ? eq(projectFiles.uploadedBy, 'client') : undefined,
      ),
    )
    .returning({ id: projectFiles.id, name: projectFiles.name, size: projectFiles.size, type: projectFiles.type });
  if (tied.length !== fileIds.length) {
    throw new InvalidFieldError(
      'attachments',
      'A file could not be attached: upload it again to this project, then send the message',
    );
  }
  const order = new Map(fileIds.map((id, i) => [id, i]));
  return tied.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}

/**
 * The attachments of the messages `communicationIds`, by message id, in upload order. Internal
 * files are never attached, so the client's view and the staff's are the same.
 */
export async function attachmentsOf(
  db: SqlDb,
  communicationIds: readonly string[],
): Promise<Map<string, AttachmentJson[]>> {
  const byMessage = new Map<string, AttachmentJson[]>();
  if (communicationIds.length === 0) return byMessage;
  const rows = await db
    .select({
      id: projectFiles.id,
      name: projectFiles.name,
      size: projectFiles.size,
      type: projectFiles.type,
      communicationId: projectFiles.communicationId,
    })
    .from(projectFiles)
    .where(inArray(projectFiles.communicationId, [...communicationIds]))
    .orderBy(asc(projectFiles.createdAt), asc(projectFiles.id));
  for (const { communicationId, ...file } of rows) {
    if (!communicationId) continue;
    const list = byMessage.get(communicationId) ?? [];
    list.push(file);
    byMessage.set(communicationId, list);
  }
  return byMessage;
}
