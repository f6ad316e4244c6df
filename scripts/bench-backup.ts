/**
 * `npm run bench:backup`: what a scheduled backup costs the server while it runs
 * (docs/product.md#backups, docs/decisions/0023-backups-in-a-worker-thread.md). Makes a migrated
 * database of 60,000 leads (about 55 MB, with its search index) in a temporary folder, then backs
 * it up with `createBackup` while this process keeps inserting a lead every 2 ms, and prints, for
 * `--rounds N` rounds (default 3): the backup's size and duration, the writes acknowledged during
 * it, and the event loop's delay (p50, p99 and max, from Node's `monitorEventLoopDelay`, 10 ms
 * resolution) beside the target (max under 100 ms). A measurement, not a test: it exits 0 unless it
 * cannot run.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createClient } from '@libsql/client';
import { createBackup } from '../src/server/ops/backup.ts';
import { databaseFilePath, fileUrlOf, migrateDatabase, openDatabase } from '../src/server/db/database.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const ROUNDS = Number(values.rounds);
const LEADS = 60_000;
const MIGRATIONS = join(resolve(import.meta.dirname, '..'), 'db', 'migrations');
const work = mkdtempSync(join(tmpdir(), 'bench-backup-'));
const ms = (ns: number) => (ns / 1e6).toFixed(1);

try {
  const url = fileUrlOf(join(work, 'app.db'));
  const migrated = await openDatabase(url);
  await migrateDatabase(migrated, MIGRATIONS);
  migrated.close();
  const client = createClient({ url });
  await client.execute('PRAGMA busy_timeout = 5000');
  await client.execute({
    sql: `INSERT INTO contact_submissions (id, name, email, message, source)
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
      SELECT lower(hex(randomblob(16))), 'Lead ' || i, 'lead' || i || '@example.com',
        'We need ' || hex(randomblob(100)) || ' soon', 'landing' FROM n`,
    args: [LEADS],
  });
  await client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  const rows: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const dir = join(work, `backups-${round}`);
    mkdirSync(dir);
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await client.execute({
          sql: "INSERT INTO contact_submissions (id, name, email, message, source) VALUES (?, 'During', 'during@example.com', 'Sent during the backup', 'landing')",
          args: [crypto.randomUUID()],
        });
        written++;
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const result = await createBackup({ databasePath: databaseFilePath(url)!, dir });
    delay.disable();
    writing = false;
    await writer;
    rows.push(
      `| ${round} | ${(result.bytes / 1024 / 1024).toFixed(1)} | ${result.ms} | ${written} | ${ms(delay.percentile(50))} | ${ms(delay.percentile(99))} | ${ms(delay.max)} |`,
    );
  }
  client.close();
  process.stdout.write(
    [
      `\nBackup of ${LEADS.toLocaleString('en-US')} leads while writing (Node ${process.version}); target: event-loop delay max < 100 ms\n`,
      '| round | MB | backup ms | writes acknowledged | loop delay p50 ms | p99 ms | max ms |',
      '|---|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n'),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
