/**
 * The uploaded files of a backup (docs/product.md#backups). With the local-disk storage
 * (STORAGE_DRIVER=fs) a backup holds every file that its own `project_files` rows name, in its
 * folder `<backup file>.uploads/<storage key>` (backup-files.ts), so that it is self-contained.
 * With an S3 bucket the bucket is the files' store of record, with its own versioning: a backup
 * only counts the files its rows name, and says where they are.
 *
 * A stored file is never rewritten (a key is written once, storage/storage.ts), so a hard link
 * holds the same bytes as a copy, for no space and little time: links when the backup folder is
 * on the file system of UPLOADS_DIR, copies (flushed to the disk) otherwise. With links, every
 * file then in UPLOADS_DIR is linked into the backup's temporary folder before the database is
 * copied; after the copy, the keys its rows name that are not there yet are added and the others
 * removed. So a file deleted while the database is copied (its project deleted meanwhile) is still
 * in the backup whose rows name it. A named file that the storage does not hold is reported, not
 * fatal. Putting the files back: backup-uploads-restore.ts.
 */
import { constants } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Env } from '../env/index.ts';
import { BackupError, codeOf } from './backup-error.ts';

/** Where the uploaded files' bytes are, as the settings choose the storage (storage/storage.ts). */
export type UploadsLocation = { driver: 'fs'; dir: string } | { driver: 's3'; bucket: string };

/** What a backup holds of the uploaded files. */
export type UploadsBackup =
  | {
      driver: 'fs';
      /** The backup's uploads folder (absolute), or null when it holds no file (none is made). */
      folder: string | null;
      /** Files in the folder, and their bytes. */
      files: number;
      bytes: number;
      /** How many of them are hard links to the files of UPLOADS_DIR, and how many copies. */
      linked: number;
      copied: number;
      /** Keys that the backup's rows name and UPLOADS_DIR does not hold, in key order. */
      missing: string[];
      /** Milliseconds spent on the files, before and after the database copy. */
      ms: number;
    }
  | { driver: 's3'; bucket: string; /** Files that the backup's rows name, left in the bucket. */ files: number };

/** Errors of `link` that mean this file system makes no hard links to UPLOADS_DIR: copy from then on. */
const NO_LINKS_HERE = new Set(['EXDEV', 'ENOTSUP', 'EOPNOTSUPP']);

/** Errors of `link` that mean this one file cannot be linked: copy it. */
const NOT_THIS_LINK = new Set(['EPERM', 'EMLINK']);

/** The location of STORAGE_DRIVER's files: UPLOADS_DIR made absolute, or S3_BUCKET. */
export function uploadsLocationOf(env: Pick<Env, 'STORAGE_DRIVER' | 'UPLOADS_DIR' | 'S3_BUCKET'>): UploadsLocation {
  return env.STORAGE_DRIVER === 's3'
    ? { driver: 's3', bucket: env.S3_BUCKET ?? '' }
    : { driver: 'fs', dir: resolve(env.UPLOADS_DIR) };
}

/** `1536` → `1.5 KB`: bytes as the backup commands print them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Whether `key`, read from a row, is a key as the storage makes them: `/`-separated names, none
 * `.` or `..`. Any other is reported missing, never followed as a path.
 */
function isPlainKey(key: string): boolean {
  return key.split('/').every((part) => /^[\w.-]+$/.test(part) && part !== '.' && part !== '..');
}

/**
 * The keys of the files under `dir` (relative, `/`-separated), none when `dir` does not exist.
 * Rejects with BackupError naming `dir` when it cannot be read.
 */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    // By slicing, not path.relative: that resolves both paths, 2 µs a file on the event loop.
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => [...entry.parentPath.slice(dir.length).split(sep).filter(Boolean), entry.name].join('/'));
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return [];
    throw new BackupError(`The uploads folder ${dir} cannot be read (${codeOf(error)})`, { cause: error });
  }
}

/** Flushes the file or folder `path` to the disk; rejects with the file system's error. */
export async function flushToDisk(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Copies `from` to `to` so that `to` is never seen half-written: into `to` + `.{suffix}-{pid}`,
 * flushed to the disk, then renamed over `to` (the temporary file is removed on failure). The
 * caller flushes `to`'s folder once its copies are done. Rejects with the file system's error.
 */
export async function copyDurably(from: string, to: string, suffix: string): Promise<void> {
  const temporary = `${to}.${suffix}-${process.pid}`;
  try {
    await copyFile(from, temporary);
    await flushToDisk(temporary);
    await rename(temporary, to);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** Whether `a` and `b` are on one file system (false when either is missing). */
async function sameFileSystem(a: string, b: string): Promise<boolean> {
  try {
    return (await stat(a)).dev === (await stat(b)).dev;
  } catch {
    return false;
  }
}

/**
 * Starts the uploads part of a backup, whose temporary uploads folder is `folder` (absolute, in
 * the backup folder; made only when a file goes in): when links can be made, links every file of
 * UPLOADS_DIR into it now, before the database is copied. Resolves with `finish(keys)`, to call
 * with the storage keys of the checked copy (CopyResult.storageKeys): it adds the named files not
 * there yet (a link, else a copy), removes the others, flushes the folder and resolves with what
 * the backup holds (no folder when no file is in it). Both reject with BackupError when
 * UPLOADS_DIR cannot be read or a file cannot be linked or copied for a reason other than its
 * absence; the caller then deletes `folder`.
 */
export async function startUploadsBackup(
  location: UploadsLocation,
  folder: string,
): Promise<(keys: string[]) => Promise<UploadsBackup>> {
  if (location.driver === 's3') {
    return async (keys) => ({ driver: 's3', bucket: location.bucket, files: keys.length });
  }
  const uploads = location.dir;
  const startedMs = performance.now();
  let links = await sameFileSystem(uploads, dirname(folder));
  const folders = new Set<string>();
  const failure = (key: string, error: unknown) =>
    new BackupError(`Uploaded file ${key} could not be put in the backup (${codeOf(error)})`, { cause: error });

  /** The path of `key` in the folder, its parent folders made. */
  const targetOf = async (key: string): Promise<string> => {
    const target = join(folder, key);
    if (!folders.has(dirname(target))) {
      await mkdir(dirname(target), { recursive: true });
      for (let d = dirname(target); d.startsWith(folder); d = dirname(d)) folders.add(d);
    }
    return target;
  };
  /** Links `key` in: true; false when the storage does not hold it; null when it must be copied. */
  const linkIn = async (key: string): Promise<boolean | null> => {
    try {
      await link(join(uploads, key), await targetOf(key));
      return true;
    } catch (error) {
      const code = codeOf(error);
      if (code === 'ENOENT') return false;
      if (NO_LINKS_HERE.has(code)) links = false;
      else if (!NOT_THIS_LINK.has(code)) throw failure(key, error);
      return null;
    }
  };
  /** Copies `key` in and flushes it: true; false when the storage does not hold it. */
  const copyIn = async (key: string): Promise<boolean> => {
    const target = await targetOf(key);
    try {
      await copyFile(join(uploads, key), target, constants.COPYFILE_EXCL);
      await flushToDisk(target);
      return true;
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return false;
      throw failure(key, error);
    }
  };

  const staged = new Set<string>();
  if (links) {
    for (const key of await filesUnder(uploads)) {
      const linked = await linkIn(key);
      if (linked) staged.add(key);
      else if (!links) break;
    }
  }
  const stagingMs = performance.now() - startedMs;
  /** Puts `key` in the folder unless it is there: how it is held, or null when the storage lacks it. */
  const bring = async (key: string): Promise<'linked' | 'copied' | null> => {
    if (staged.has(key)) return 'linked';
    const linked = links ? await linkIn(key) : null;
    if (linked) return 'linked';
    return linked === null && (await copyIn(key)) ? 'copied' : null;
  };

  return async (keys) => {
    const finishingMs = performance.now();
    const named = new Set(keys);
    const held = { files: 0, bytes: 0, linked: 0, copied: 0 };
    const missing: string[] = [];
    for (const key of named) {
      const how = isPlainKey(key) ? await bring(key) : null;
      if (how === null) {
        missing.push(key);
        continue;
      }
      held[how]++;
      held.files++;
      held.bytes += (await stat(join(folder, key))).size;
    }
    for (const key of staged) if (!named.has(key)) await unlink(join(folder, key));
    // Deepest first: the folders a missing or removed file left empty go; the others stay.
    for (const dir of [...folders].sort((a, b) => b.length - a.length)) await rmdir(dir).catch(() => {});
    if (held.files === 0) await rm(folder, { recursive: true, force: true });
    else for (const dir of folders) await flushToDisk(dir).catch(() => {});
    const ms = Math.round(stagingMs + performance.now() - finishingMs);
    return { driver: 'fs', folder: held.files > 0 ? folder : null, ...held, missing, ms };
  };
}

/**
 * What the backup commands print of a backup's uploaded files, and the scheduled backup logs:
 * one line, and a warning line when files are missing (the first ten keys).
 */
export function uploadsBackupLines(uploads: UploadsBackup): string[] {
  if (uploads.driver === 's3') {
    return [
      `Uploaded files: ${uploads.files}, in the S3 bucket ${uploads.bucket}: not copied (the bucket is their store of record, with its own versioning)`,
    ];
  }
  const lines = [
    uploads.folder === null
      ? 'Uploaded files: none'
      : `Uploaded files: ${uploads.files} (${formatBytes(uploads.bytes)}) in ${uploads.folder}: ${uploads.linked} hard links, ${uploads.copied} copies`,
  ];
  const { missing } = uploads;
  if (missing.length > 0) {
    const more = missing.length > 10 ? ` and ${missing.length - 10} more` : '';
    lines.push(
      `Warning: ${missing.length} file(s) named by project_files are not in UPLOADS_DIR: ${missing.slice(0, 10).join(', ')}${more}`,
    );
  }
  return lines;
}
