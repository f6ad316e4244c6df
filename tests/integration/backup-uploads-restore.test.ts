/**
 * Restoring the uploaded files of a backup (docs/product.md#backups): a restore puts them back into
 * an empty UPLOADS_DIR byte for byte, keeps those already there, leaves the files no restored row
 * names for the orphan sweep and says so, and says when a backup from before uploads has none.
 * `npm run db:backup` and `npm run db:restore` print the files.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../src/server/ops/backup.ts';
import { restoreDatabase } from '../../src/server/ops/backup-restore.ts';
import { uploadsRestoreLines } from '../../src/server/ops/backup-uploads-restore.ts';
import { addFile, closeForGood, freshSite as freshSiteIn, ROOT, sha, workFolder } from '../support/backup-site.ts';

const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

let work: string;
beforeAll(() => {
  work = workFolder();
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});
const freshSite = () => freshSiteIn(work);

describe('a restore with uploaded files', () => {
  it('brings the files back into an empty UPLOADS_DIR, byte for byte', async () => {
    const site = await freshSite();
    const files = [randomBytes(30_000), randomBytes(5)];
    const keys = [await addFile(site, 'one.bin', files[0]!), await addFile(site, 'two.bin', files[1]!)];
    const backup = await createBackup({ databasePath: site.path, dir: join(site.dir, 'b'), uploads: site.location });
    await closeForGood(site);
    rmSync(site.uploads, { recursive: true });

    const result = await restoreDatabase({ databaseUrl: site.url, file: backup.path, uploads: site.location });
    expect(result.uploads).toEqual({
      driver: 'fs',
      dir: site.uploads,
      folder: `${backup.path}.uploads`,
      copied: 2,
      bytes: 30_005,
      kept: 0,
      missing: [],
      unnamed: 0,
    });
    for (const [i, key] of keys.entries()) expect(sha(readFileSync(join(site.uploads, key)))).toBe(sha(files[i]!));
    expect(readdirSync(site.uploads, { recursive: true }).filter((f) => String(f).includes('restoring'))).toEqual([]);

    // Again, with a file no restored row names: the files there are kept, the stranger is left.
    writeFileSync(join(site.uploads, 'stranger'), 'x');
    const again = await restoreDatabase({ databaseUrl: site.url, file: backup.path, uploads: site.location });
    expect(again.uploads).toMatchObject({ copied: 0, kept: 2, unnamed: 1 });
    expect(uploadsRestoreLines(again.uploads!)).toEqual([
      `Uploaded files: 0 copied into ${site.uploads} (0 B), 2 already there`,
      `1 file(s) in ${site.uploads} are not named by the restored database: left for the server's hourly orphan sweep, which deletes them once they are an hour old`,
    ]);
  });

  it('of a backup from before uploads says it has none', async () => {
    const site = await freshSite();
    const backup = await createBackup({ databasePath: site.path, dir: join(site.dir, 'b') });
    await closeForGood(site);
    const result = await restoreDatabase({ databaseUrl: site.url, file: backup.path, uploads: site.location });
    expect(result.uploads).toMatchObject({ folder: null, copied: 0, missing: [], unnamed: 0 });
    expect(uploadsRestoreLines(result.uploads!)).toEqual([
      'Uploaded files: none in this backup (it has no uploads folder)',
    ]);
  });
});

describe('the scripts', () => {
  function run(script: string, args: string[], env: Record<string, string>) {
    return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
      execFile(
        process.execPath,
        [TSX, join(ROOT, 'scripts', script), ...args],
        { cwd: ROOT, env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env } },
        (error, stdout, stderr) => done({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
    });
  }

  it('db:backup and db:restore print the uploaded files', { timeout: 30_000 }, async () => {
    const site = await freshSite();
    const key = await addFile(site, 'a.txt', Buffer.from('hello'));
    const lost = await addFile(site, 'b.txt', Buffer.from('gone'));
    rmSync(join(site.uploads, lost));
    await closeForGood(site);
    const env = { DATABASE_URL: site.url, UPLOADS_DIR: site.uploads };
    const backups = join(site.dir, 'by-hand');

    const backup = await run('backup.ts', ['--to', backups], env);
    expect(backup.code, backup.stderr).toBe(0);
    const file = readdirSync(backups).find((f) => f.endsWith('.db'))!;
    expect(backup.stdout).toContain(
      `Uploaded files: 1 (5 B) in ${join(backups, file)}.uploads: 1 hard links, 0 copies`,
    );
    expect(backup.stdout).toContain(`Warning: 1 file(s) named by project_files are not in UPLOADS_DIR: ${lost}`);

    rmSync(site.uploads, { recursive: true });
    const restore = await run('restore.ts', [join(backups, file)], env);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`Uploaded files: 1 copied into ${site.uploads} (5 B), 0 already there`);
    expect(restore.stdout).toContain(`Warning: 1 file(s) named by the restored database are in neither`);
    expect(readFileSync(join(site.uploads, key), 'utf8')).toBe('hello');
  });
});
