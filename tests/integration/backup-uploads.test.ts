/**
 * The uploaded files of backups (docs/product.md#backups): a backup holds, in its uploads folder,
 * every file of UPLOADS_DIR that its own rows name (hard links on one file system, copies across
 * two), reports the ones the storage lacks and still succeeds; a file deleted while the database
 * is copied is still held; a backup without files has no folder; a failed backup leaves no folder;
 * retention and the sweep of dead backups take the folders too; the schedule logs the files; with
 * S3 nothing is copied. Restores: backup-uploads-restore.test.ts.
 */
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/env/index.ts';
import { scheduleBackups } from '../../src/server/jobs/backup.ts';
import { log } from '../../src/server/log.ts';
import { createBackup } from '../../src/server/ops/backup.ts';
import { BackupError } from '../../src/server/ops/backup-error.ts';
import { pruneBackups, removeStalePartials } from '../../src/server/ops/backup-files.ts';
import { startUploadsBackup, uploadsBackupLines } from '../../src/server/ops/backup-uploads.ts';
import { capturedLogLines } from '../setup/console.ts';
import { addFile, freshSite as freshSiteIn, workFolder } from '../support/backup-site.ts';

let work: string;
beforeAll(() => {
  work = workFolder();
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});
const freshSite = () => freshSiteIn(work);

describe('a backup with uploaded files', () => {
  it('holds both files of its rows in its uploads folder, as hard links', async () => {
    const site = await freshSite();
    try {
      const one = randomBytes(70_000);
      const two = randomBytes(1_234);
      const keys = [await addFile(site, 'logo.png', one), await addFile(site, 'brief.pdf', two)];
      const backups = join(site.dir, 'backups');
      const result = await createBackup({ databasePath: site.path, dir: backups, uploads: site.location });

      const folder = `${result.path}.uploads`;
      expect(result.uploads).toEqual({
        driver: 'fs',
        folder,
        files: 2,
        bytes: 71_234,
        linked: 2,
        copied: 0,
        missing: [],
        ms: expect.any(Number),
      });
      expect(readdirSync(backups).sort()).toEqual([result.path, folder].map((p) => p.split('/').at(-1)).sort());
      for (const [i, key] of keys.entries()) {
        expect(readFileSync(join(folder, key))).toEqual([one, two][i]);
        expect(statSync(join(folder, key)).ino).toBe(statSync(join(site.uploads, key)).ino);
      }
      expect(uploadsBackupLines(result.uploads!)).toEqual([
        `Uploaded files: 2 (69.6 KB) in ${folder}: 2 hard links, 0 copies`,
      ]);
    } finally {
      site.client.close();
    }
  });

  it('copies the files when the backup folder is on another file system', async (context) => {
    const site = await freshSite();
    const shm = '/dev/shm';
    if (!existsSync(shm) || statSync(shm).dev === statSync(work).dev) {
      site.client.close();
      context.skip();
    }
    const backups = mkdtempSync(join(shm, 'agency-backup-'));
    try {
      const bytes = randomBytes(50_000);
      const key = await addFile(site, 'a.bin', bytes);
      const result = await createBackup({ databasePath: site.path, dir: backups, uploads: site.location });
      expect(result.uploads).toMatchObject({ files: 1, linked: 0, copied: 1, missing: [] });
      expect(readFileSync(join(`${result.path}.uploads`, key))).toEqual(bytes);
    } finally {
      site.client.close();
      rmSync(backups, { recursive: true, force: true });
    }
  });

  it('reports a file missing from the storage and still succeeds', async () => {
    const site = await freshSite();
    try {
      const kept = await addFile(site, 'kept.txt', Buffer.from('kept'));
      const lost = await addFile(site, 'lost.txt', Buffer.from('lost'));
      rmSync(join(site.uploads, lost));
      // A file that no row names is not backed up.
      writeFileSync(join(site.uploads, 'orphan'), 'no row');
      const result = await createBackup({ databasePath: site.path, dir: join(site.dir, 'b'), uploads: site.location });
      expect(result.uploads).toMatchObject({ files: 1, missing: [lost] });
      expect(readdirSync(`${result.path}.uploads`, { recursive: true }).sort()).toEqual([kept.slice(0, 2), kept]);
      expect(uploadsBackupLines(result.uploads!)[1]).toBe(
        `Warning: 1 file(s) named by project_files are not in UPLOADS_DIR: ${lost}`,
      );
    } finally {
      site.client.close();
    }
  });

  it('still holds a file deleted from the storage while the database is copied', async () => {
    const site = await freshSite();
    try {
      const key = await addFile(site, 'doomed.txt', Buffer.from('doomed'));
      const folder = join(site.dir, '.partial.uploads');
      const finish = await startUploadsBackup(site.location, folder);
      // The project is deleted after the copy's moment: its rows are in the copy, its bytes go.
      rmSync(join(site.uploads, key));
      const held = await finish([key]);
      expect(held).toMatchObject({ files: 1, linked: 1, missing: [] });
      expect(readFileSync(join(folder, key), 'utf8')).toBe('doomed');
    } finally {
      site.client.close();
    }
  });

  it('of a database without files makes no uploads folder', async () => {
    const site = await freshSite();
    try {
      mkdirSync(site.uploads, { recursive: true });
      writeFileSync(join(site.uploads, 'orphan'), 'no row');
      const backups = join(site.dir, 'b');
      const result = await createBackup({ databasePath: site.path, dir: backups, uploads: site.location });
      expect(result.uploads).toMatchObject({ folder: null, files: 0, missing: [] });
      expect(readdirSync(backups)).toEqual([result.path.split('/').at(-1)]);
      expect(uploadsBackupLines(result.uploads!)).toEqual(['Uploaded files: none']);
    } finally {
      site.client.close();
    }
  });

  it('leaves no uploads folder behind when it fails', async () => {
    const site = await freshSite();
    try {
      await addFile(site, 'fine.txt', Buffer.from('fine'));
      const broken = await addFile(site, 'broken.txt', Buffer.from('broken'));
      // The storage holds a folder where the row's file should be: it can be neither linked nor copied.
      rmSync(join(site.uploads, broken));
      mkdirSync(join(site.uploads, broken, 'inside'), { recursive: true });
      const backups = join(site.dir, 'b');
      const error = await createBackup({ databasePath: site.path, dir: backups, uploads: site.location }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toBe(`Uploaded file ${broken} could not be put in the backup (EISDIR)`);
      expect(readdirSync(backups)).toEqual([]);

      // A database that fails its copy, after the files were linked: nothing is left either.
      const notADatabase = join(site.dir, 'garbage.db');
      writeFileSync(notADatabase, 'x'.repeat(8192));
      await expect(createBackup({ databasePath: notADatabase, dir: backups, uploads: site.location })).rejects.toThrow(
        BackupError,
      );
      expect(readdirSync(backups)).toEqual([]);
    } finally {
      site.client.close();
    }
  });

  it('is pruned with its uploads folder, and a dead backup’s uploads folder is swept', async () => {
    const site = await freshSite();
    try {
      await addFile(site, 'a.txt', Buffer.from('a'));
      const dir = join(site.dir, 'keep');
      const times = [1, 2, 3].map((d) => new Date(Date.UTC(2026, 0, d, 12)));
      for (const t of times) await createBackup({ databasePath: site.path, dir, now: () => t, uploads: site.location });
      // A backup cut between its two renames left an uploads folder without its file.
      mkdirSync(join(dir, 'app-2025-12-31T12-00-00Z.db.uploads', 'ab'), { recursive: true });
      await pruneBackups(dir, site.path, 1);
      expect(readdirSync(dir).sort()).toEqual(['app-2026-01-03T12-00-00Z.db', 'app-2026-01-03T12-00-00Z.db.uploads']);

      const dead = join(dir, '.app-2026-01-04T12-00-00Z.db.partial-999999999.uploads');
      mkdirSync(join(dead, 'ab'), { recursive: true });
      writeFileSync(join(dead, 'ab', 'f'), 'partial');
      expect(await removeStalePartials(dir, site.path)).toEqual([dead]);
      expect(existsSync(dead)).toBe(false);
    } finally {
      site.client.close();
    }
  });

  it('is logged by the schedule, with its files and a warning for the missing ones', async () => {
    const site = await freshSite();
    try {
      await addFile(site, 'a.txt', Buffer.from('a'));
      const lost = await addFile(site, 'b.txt', Buffer.from('b'));
      rmSync(join(site.uploads, lost));
      const dir = join(site.dir, 'scheduled');
      const env = parseEnv({ NODE_ENV: 'test', DATABASE_URL: site.url, BACKUP_DIR: dir, UPLOADS_DIR: site.uploads });
      const schedule = scheduleBackups({ env, log });
      await expect
        .poll(() => capturedLogLines().find((l) => l.msg === 'backup written'), { timeout: 5000 })
        .toBeTruthy();
      await schedule.stop();
      const written = capturedLogLines().find((l) => l.msg === 'backup written');
      expect(written?.uploads).toMatchObject({ driver: 'fs', files: 1, bytes: 1, linked: 1, copied: 0, missing: 1 });
      const warning = capturedLogLines().find((l) => l.level === 40);
      expect(warning).toMatchObject({ component: 'backup', missing: [lost] });
      expect(readdirSync(dir).filter((f) => f.endsWith('.uploads'))).toHaveLength(1);
    } finally {
      site.client.close();
    }
  });

  it('with an S3 bucket copies nothing and says where the files are', async () => {
    const site = await freshSite();
    try {
      await addFile(site, 'a.txt', Buffer.from('a'));
      const backups = join(site.dir, 'b');
      const result = await createBackup({
        databasePath: site.path,
        dir: backups,
        uploads: { driver: 's3', bucket: 'agency-files' },
      });
      expect(result.uploads).toEqual({ driver: 's3', bucket: 'agency-files', files: 1 });
      expect(readdirSync(backups)).toEqual([result.path.split('/').at(-1)]);
      expect(uploadsBackupLines(result.uploads!)[0]).toMatch(/^Uploaded files: 1, in the S3 bucket agency-files: not/);
    } finally {
      site.client.close();
    }
  });
});
