/**
 * Putting a backup's uploaded files back (docs/product.md#backups), once `npm run db:restore` has
 * put its database in place (backup-restore.ts). With the local-disk storage, the files of the
 * backup's uploads folder (`<backup file>.uploads`, backup-uploads.ts) are copied into
 * UPLOADS_DIR, each under a temporary name, flushed, then renamed; a key already there with the
 * same size is left as it is (a key is written once: its bytes are the same). Files of
 * UPLOADS_DIR that the restored rows do not name are left for the server's hourly sweep of orphan
 * files (jobs/sweep.ts), which deletes them once they are an hour old. With an S3 bucket nothing
 * is copied: the bucket holds the files.
 */
import { existsSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import Libsql from 'libsql';
import { BackupError, codeOf } from './backup-error.ts';
import { storedFileKeys } from './backup-copy.ts';
import { uploadsFolderOf } from './backup-files.ts';
import { copyDurably, filesUnder, flushToDisk, formatBytes, type UploadsLocation } from './backup-uploads.ts';

/** What a restore did with the uploaded files. */
export type UploadsRestore =
  | {
      driver: 'fs';
      /** UPLOADS_DIR (absolute). */
      dir: string;
      /** The backup's uploads folder, or null when it has none (a backup from before uploads). */
      folder: string | null;
      /** Files copied into UPLOADS_DIR and their bytes; files already there with the same size. */
      copied: number;
      bytes: number;
      kept: number;
      /** Keys the restored rows name that UPLOADS_DIR still does not hold, in key order. */
      missing: string[];
      /** Files of UPLOADS_DIR that the restored rows do not name (left for the orphan sweep). */
      unnamed: number;
    }
  | { driver: 's3'; bucket: string; /** Files the restored rows name. */ files: number };

/** The storage keys that the rows of the database at `databasePath` name. */
function keysOf(databasePath: string): Set<string> {
  const db = new Libsql(databasePath);
  try {
    return new Set(storedFileKeys(db));
  } finally {
    db.close();
  }
}

/** The size in bytes of the file at `path`, or null when there is none. */
async function fileSize(path: string): Promise<number | null> {
  try {
    const found = await stat(path);
    return found.isFile() ? found.size : null;
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Puts the uploaded files of the backup `backupFile` (absolute) back into `location`, after its
 * database was restored to `databasePath` (see the module comment); `folder` (default the
 * backup's uploads folder) is where they are, e.g. the copy beside a Litestream replica
 * (litestream-uploads.ts). Resolves with what it did.
 * Rejects with BackupError, saying that the database is restored and what to copy by hand, when
 * a file cannot be read or written.
 */
export async function restoreUploads({
  backupFile,
  databasePath,
  location,
  folder = uploadsFolderOf(backupFile),
}: {
  backupFile: string;
  databasePath: string;
  location: UploadsLocation;
  folder?: string;
}): Promise<UploadsRestore> {
  const named = keysOf(databasePath);
  if (location.driver === 's3') return { driver: 's3', bucket: location.bucket, files: named.size };
  const { dir } = location;
  try {
    const done = { copied: 0, bytes: 0, kept: 0 };
    const folders = new Set<string>();
    for (const key of await filesUnder(folder)) {
      const source = join(folder, key);
      const target = join(dir, key);
      const { size } = await stat(source);
      if ((await fileSize(target)) === size) {
        done.kept++;
        continue;
      }
      await mkdir(dirname(target), { recursive: true });
      await copyDurably(source, target, 'restoring');
      folders.add(dirname(target));
      done.copied++;
      done.bytes += size;
    }
    for (const changed of folders) await flushToDisk(changed).catch(() => {});
    const present = new Set(await filesUnder(dir));
    const missing = [...named].filter((key) => !present.has(key));
    const unnamed = [...present].filter((key) => !named.has(key)).length;
    return { driver: 'fs', dir, folder: existsSync(folder) ? folder : null, ...done, missing, unnamed };
  } catch (error) {
    const code = codeOf(error instanceof BackupError && error.cause ? error.cause : error);
    throw new BackupError(
      `The database is restored, but its uploaded files could not be put back into ${dir} (${code}): copy the files of ${folder} into it`,
      { cause: error },
    );
  }
}

/** What `npm run db:restore` prints of the uploaded files: a line, and one per warning or note. */
export function uploadsRestoreLines(uploads: UploadsRestore): string[] {
  if (uploads.driver === 's3') {
    return [
      `Uploaded files: ${uploads.files}, in the S3 bucket ${uploads.bucket}: nothing copied (the bucket is their store of record, with its own versioning)`,
    ];
  }
  const lines = [
    uploads.folder === null
      ? 'Uploaded files: none in this backup (it has no uploads folder)'
      : `Uploaded files: ${uploads.copied} copied into ${uploads.dir} (${formatBytes(uploads.bytes)}), ${uploads.kept} already there`,
  ];
  const { missing, unnamed } = uploads;
  if (missing.length > 0) {
    const more = missing.length > 10 ? ` and ${missing.length - 10} more` : '';
    lines.push(
      `Warning: ${missing.length} file(s) named by the restored database are in neither the backup nor UPLOADS_DIR: ${missing.slice(0, 10).join(', ')}${more}`,
    );
  }
  if (unnamed > 0) {
    lines.push(
      `${unnamed} file(s) in ${uploads.dir} are not named by the restored database: left for the server's hourly orphan sweep, which deletes them once they are an hour old`,
    );
  }
  return lines;
}
