/**
 * A site for the tests of backups with uploaded files (docs/product.md#backups): a migrated
 * database with a client and a project, its own UPLOADS_DIR, files stored through the storage
 * with their `project_files` rows, and `closeForGood` for the restores, which refuse while a
 * connection to the database is open.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { UploadsLocation } from '../../src/server/ops/backup-uploads.ts';
import { databaseFilePath, fileUrlOf, migrateDatabase } from '../../src/server/db/database.ts';
import { createStorage, newStorageKey } from '../../src/server/storage/storage.ts';
import { openDatabaseHandle, type DatabaseHandle } from './database.ts';

/** The repository's root folder. */
export const ROOT = resolve(import.meta.dirname, '..', '..');

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** A site: its database handle, URL, file and folder, and its UPLOADS_DIR as a location. */
export type Site = DatabaseHandle & {
  url: string;
  path: string;
  dir: string;
  uploads: string;
  location: UploadsLocation;
};

/** A new temporary folder for one test file's sites (the caller deletes it). */
export function workFolder(): string {
  return mkdtempSync(join(tmpdir(), 'agency-backup-uploads-'));
}

let sequence = 0;

/**
 * A fresh migrated database in a new folder of `work`, with client `c1` (its owner member `m1`), project `p1` and its
 * own UPLOADS_DIR.
 */
export async function freshSite(work: string): Promise<Site> {
  const dir = join(work, `case-${++sequence}`);
  mkdirSync(dir, { recursive: true });
  const url = fileUrlOf(join(dir, 'app.db'));
  const handle = await openDatabaseHandle(url);
  await migrateDatabase(handle.db, join(ROOT, 'db', 'migrations'));
  await handle.client.execute(
    "INSERT INTO clients (id, name, email, company) VALUES ('c1', 'Client', 'c@example.com', 'Co')",
  );
  // The client's owner, a member who has joined (docs/product.md#client-teams).
  await handle.client.execute(
    `INSERT INTO client_members (id, client_id, name, email, password_hash, role, joined_at) VALUES ('m1', 'c1', 'Client', 'c@example.com', 'x', 'owner', ${Date.now()})`,
  );
  await handle.client.execute("INSERT INTO projects (id, client_id, title) VALUES ('p1', 'c1', 'Site')");
  const uploads = join(dir, 'uploads');
  return { ...handle, url, path: databaseFilePath(url)!, dir, uploads, location: { driver: 'fs', dir: uploads } };
}

/** SHA-256 of `bytes`, in hex. */
export function sha(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Stores `bytes` through the storage and adds its `project_files` row to project `p1`; returns its key. */
export async function addFile(site: Site, name: string, bytes: Buffer): Promise<string> {
  const storage = await createStorage({ STORAGE_DRIVER: 'fs', UPLOADS_DIR: site.uploads, S3_REGION: 'us-east-1' });
  const key = newStorageKey();
  await storage.put(key, Readable.from([bytes]));
  await site.client.execute({
    sql: `INSERT INTO project_files (id, project_id, client_id, storage_key, name, size, type, sha256, uploaded_by, uploader_name)
      VALUES (?, 'p1', 'c1', ?, ?, ?, 'application/octet-stream', ?, 'staff', 'Staff')`,
    args: [crypto.randomUUID(), key, name, bytes.length, sha(bytes)],
  });
  return key;
}

/**
 * Closes a client for good: the libSQL client lets go of its file (and SQLite's lock on it) only
 * when the connection is garbage-collected, and a restore refuses while it holds the database.
 */
export async function closeForGood(handle: Pick<DatabaseHandle, 'client'>): Promise<void> {
  handle.client.close();
  // Native finalizers run after the collection, on a later turn of the event loop.
  for (let i = 0; i < 3; i++) {
    collectGarbage();
    await new Promise((r) => setTimeout(r, 20));
  }
}
