/**
 * Migrations when several servers start at once on one new database (a deploy that starts two
 * instances, a restart racing a second start): every process opens the file and comes up, and
 * each migration is applied once. A migration that is wrong still stops the process.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');
const WORKER = join(import.meta.dirname, 'migrate-worker.ts');
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
/** The migrations the project has (db/migrations/meta/_journal.json). */
const MIGRATION_COUNT = (
  JSON.parse(readFileSync(join(ROOT, 'db', 'migrations', 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;
const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the worker on `file`; resolves with its exit code and stderr. */
async function migrateIn(file: string, env: Record<string, string> = {}) {
  try {
    await run(process.execPath, [TSX, WORKER], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: `file:${file}`, ...env },
    });
    return { code: 0, stderr: '' };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    return { code: failed.code ?? -1, stderr: failed.stderr ?? '' };
  }
}

describe('migrations', () => {
  it('four processes migrating one new database at once all succeed, and each migration is recorded once', async () => {
    for (let round = 0; round < 5; round++) {
      const file = join(dir, `race-${round}.db`);
      const startAt = String(Date.now() + 3_000);
      const results = await Promise.all([1, 2, 3, 4].map(() => migrateIn(file, { START_AT: startAt })));
      expect(results, `round ${round}`).toEqual(results.map(() => ({ code: 0, stderr: '' })));
      const client = createClient({ url: `file:${file}` });
      const journal = await client.execute('SELECT hash, count(*) AS n FROM __drizzle_migrations GROUP BY hash');
      const tables = await client.execute("SELECT count(*) AS n FROM sqlite_master WHERE name = 'contact_submissions'");
      client.close();
      expect(journal.rows.length).toBe(MIGRATION_COUNT);
      expect(journal.rows.every((row) => Number(row.n) === 1)).toBe(true);
      expect(Number(tables.rows[0]?.n)).toBe(1);
    }
  }, 120_000);

  it('a migration that is wrong still fails, with its error', async () => {
    const folder = join(dir, 'broken');
    mkdirSync(join(folder, 'meta'), { recursive: true });
    writeFileSync(join(folder, '0000_broken.sql'), 'CREATE TABLE broken (;');
    writeFileSync(
      join(folder, 'meta', '_journal.json'),
      JSON.stringify({
        version: '7',
        dialect: 'sqlite',
        entries: [{ idx: 0, version: '6', when: 1_700_000_000_000, tag: '0000_broken', breakpoints: true }],
      }),
    );
    const result = await migrateIn(join(dir, 'broken.db'), { MIGRATIONS: folder });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/syntax error/i);
  }, 60_000);
});
