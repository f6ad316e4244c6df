/**
 * The uploaded files beside a folder replica (docs/product.md#backups,
 * docs/decisions/0039-continuous-backup-with-litestream.md): with the local-disk storage
 * (STORAGE_DRIVER=fs), `<replica>/uploads/<storage key>` follows UPLOADS_DIR. Litestream copies
 * only the database; the server copies the files itself, at start, every 10 s and when it stops.
 *
 * A stored file is never rewritten (storage/storage.ts), so a key already in the replica with
 * the same size is left as it is; a new one is copied under a temporary name, flushed, then
 * renamed (a copy cut short leaves that name, which the next pass deletes). A key gone from UPLOADS_DIR is deleted from the replica, so that a restore brings back
 * the files of the latest database and erased files do not linger, except when UPLOADS_DIR holds
 * no file at all: a disk replaced and not yet restored must not empty the replica.
 */
import { mkdir, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { copyDurably, filesUnder, flushToDisk } from './backup-uploads.ts';

/** How often the server copies new uploaded files to a folder replica, in milliseconds. */
export const UPLOADS_COPY_EVERY_MS = 10_000;

/** The folder of uploaded files beside the folder replica `replicaDir`. */
export function replicaUploadsDir(replicaDir: string): string {
  return join(replicaDir, 'uploads');
}

/** What one copy did. */
export interface UploadsCopy {
  /** Files in UPLOADS_DIR, now all in the replica. */
  files: number;
  /** Files copied by this pass, and their bytes. */
  copied: number;
  bytes: number;
  /** Files deleted from the replica because UPLOADS_DIR no longer holds them. */
  deleted: number;
  /** True when UPLOADS_DIR held no file, so nothing was deleted (see the module comment). */
  keptAll: boolean;
}

async function sizeOf(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch {
    return null;
  }
}

/**
 * Makes `target` (the replica's uploads folder) hold the files of `source` (UPLOADS_DIR), as the
 * module comment says. Rejects with the file system's error (BackupError when a folder cannot be
 * listed); files copied before the error stay.
 */
export async function copyUploads(source: string, target: string): Promise<UploadsCopy> {
  const present = await filesUnder(source);
  const result: UploadsCopy = { files: present.length, copied: 0, bytes: 0, deleted: 0, keptAll: false };
  const folders = new Set<string>();
  for (const key of present) {
    const from = join(source, key);
    const to = join(target, key);
    const size = await sizeOf(from);
    if (size === null || (await sizeOf(to)) === size) continue;
    await mkdir(dirname(to), { recursive: true });
    await copyDurably(from, to, 'copying');
    folders.add(dirname(to));
    result.copied++;
    result.bytes += size;
  }
  for (const folder of folders) await flushToDisk(folder).catch(() => {});
  const kept = new Set(present);
  const copies = await filesUnder(target);
  if (present.length === 0 && copies.length > 0) return { ...result, keptAll: true };
  for (const key of copies) {
    // Temporary files of a copy cut short (the server killed) go too: this pass copies nothing now.
    if (kept.has(key)) continue;
    await unlink(join(target, key)).catch(() => {});
    result.deleted++;
  }
  return result;
}
