/**
 * Cleaning a project's files out of the storage (docs/product.md#files;
 * docs/decisions/0030-files-and-approvals.md): the bytes of deleted files, once their rows'
 * deletion has committed, and the hourly sweep of stored files no row names.
 */
import { eq } from 'drizzle-orm';
import { agreementDocuments, inboundEmails, projectFiles } from '../../../../db/schema/index.ts';
import { log } from '../../log.ts';
import type { FileStorage } from '../../storage/storage.ts';
import type { Database } from '../../db/database.ts';
import { isExportKey } from '../privacy/export-downloads.ts';

/**
 * Deletes files' bytes whose rows a committed write removed. A failure is logged and left to the
 * orphan sweep (`sweepOrphanFiles`), so the caller's answer never depends on the storage.
 */
export async function deleteStoredFiles(storage: FileStorage, keys: string[]): Promise<void> {
  for (const key of keys) {
    await storage
      .delete(key)
      .catch((error: unknown) =>
        log.warn({ component: 'files', err: error, key }, 'could not delete a file; the sweep will'),
      );
  }
}

/** How old a stored file without a row must be before the sweep deletes it: an hour, in milliseconds. */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

/**
 * Deletes the stored files no row names (a project file's, a signed agreement's PDF, a data
 * export's or a held email's raw message) and that are older than ORPHAN_AGE_MS: left by a crash
 * between an upload's bytes and its row, or between a deletion's commit and its bytes. Younger
 * ones may be uploads in progress. Returns how many went.
 */
export async function sweepOrphanFiles(db: Database, storage: FileStorage, now = new Date()): Promise<number> {
  let deleted = 0;
  for await (const key of storage.keys()) {
    const [row] = await db.read
      .select({ id: projectFiles.id })
      .from(projectFiles)
      .where(eq(projectFiles.storageKey, key));
    if (row || (await isExportKey(db, key))) continue;
    const [agreementPdf] = await db.read
      .select({ id: agreementDocuments.agreementId })
      .from(agreementDocuments)
      .where(eq(agreementDocuments.storageKey, key));
    if (agreementPdf) continue;
    const [heldEmail] = await db.read
      .select({ id: inboundEmails.id })
      .from(inboundEmails)
      .where(eq(inboundEmails.rawKey, key));
    if (heldEmail) continue;
    const modified = await storage.modifiedAt(key).catch(() => null);
    if (!modified || now.getTime() - modified.getTime() < ORPHAN_AGE_MS) continue;
    await storage.delete(key);
    deleted++;
  }
  return deleted;
}
