/**
 * Deleting one file of a project (docs/product.md#files): staff may delete any file; a client only
 * a file it uploaded itself, on its own projects. The row goes in a write (the message it was
 * attached to and an approval that asked about it keep their own records: an approval keeps the
 * SHA-256 of what was approved); the bytes go after the commit (file-cleanup.ts), and a crash
 * between the two leaves an orphan for the hourly sweep.
 */
import { and, eq } from 'drizzle-orm';
import { projectFiles } from '../../../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import type { Database } from '../../db/database.ts';
import { recordProjectsUpdated } from '../events/events.ts';
import { deleteStoredFiles } from './cleanup.ts';

/**
 * Deletes file `id` as `by` may. NotFoundError('File not found') when it does not exist, is
 * another client's, is internal, or (for a client) was uploaded by staff.
 * @returns the deleted file's id and name
 */
export async function deleteFile(
  deps: { db: Database; storage: FileStorage },
  id: string,
  by: { staff: Actor } | { clientId: string },
): Promise<{ id: string; name: string }> {
  const deleted = await deps.db.write(async (tx) => {
    const [row] = await tx
      .delete(projectFiles)
      .where(
        and(
          eq(projectFiles.id, id),
          'clientId' in by
            ? and(
                eq(projectFiles.clientId, by.clientId),
                eq(projectFiles.uploadedBy, 'client'),
                eq(projectFiles.internal, false),
              )
            : undefined,
        ),
      )
      .returning();
    if (!row) throw new NotFoundError('File not found');
    await recordProjectsUpdated(tx, row.projectId);
    if ('staff' in by) await recordAdminEvent(tx, by.staff, 'delete', 'file', row.id, `Deleted the file ${row.name}`);
    return row;
  });
  await deleteStoredFiles(deps.storage, [deleted.storageKey]);
  return { id: deleted.id, name: deleted.name };
}
