/**
 * A backup under write load, restored (docs/product.md#backups): while leads pour into the built
 * server, `npm run db:backup` copies its database; `npm run db:restore` is refused while the
 * server runs; after SIGTERM the backup is restored and the server started again. Every lead
 * acknowledged (201) before the backup started is there, none acknowledged after it finished
 * is, the restored database passes its integrity checks, its search index finds the right rows,
 * and it takes new leads.
 *
 * The built server's scheduled backup runs in its worker (dist…/server/backup-worker.mjs): a server
 * killed in the middle of one leaves its temporary file; the next start deletes it and writes a
 * complete, checked backup, which `GET /api/health` reports.
 *
 * These tests start their own servers (from the end-to-end build) on their own ports and
 * databases; no browser is used.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_PORT, openDatabaseAt } from './support/data.ts';
import { E2E_OUT_DIR, ROOT as root, exitOf, startBuiltServer, stopServer as stop } from './support/servers.ts';

/** The ports of this file's servers: the test server's port plus 50 to 54. */
const PORTS = {
  before: Number(E2E_PORT) + 50,
  after: Number(E2E_PORT) + 51,
  fresh: Number(E2E_PORT) + 52,
  killed: Number(E2E_PORT) + 53,
  restarted: Number(E2E_PORT) + 54,
};

/** Concurrent lead posters, and how many leads must be in before the backup starts. */
const WRITERS = 6;
const LEADS_BEFORE_BACKUP = 150;

/** Runs an npm script of this project; resolves with its exit code and output. */
function npmRun(
  args: string[],
  env: Record<string, string>,
): { started: number; done: Promise<{ code: number; stdout: string; stderr: string }> } {
  const child = spawn('npm', ['run', '--silent', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const started = performance.now();
  const done = new Promise<{ code: number; stdout: string; stderr: string }>((r) =>
    child.once('close', (code) => r({ code: code ?? -1, stdout, stderr })),
  );
  return { started, done };
}

interface Ack {
  id: string;
  token: string;
  /** performance.now() when the request went out. */
  sentAt: number;
  /** performance.now() when the 201 arrived. */
  at: number;
}

test.describe('backups', () => {
  test.setTimeout(180_000);

  test('a backup taken under write load restores every lead acknowledged before it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'backup-e2e-'));
    const backups = join(dir, 'backups');
    const databaseUrl = `file:${join(dir, 'app.db')}`;
    const env = { DATABASE_URL: databaseUrl, OUTBOX_DIR: join(dir, 'outbox') };
    let server = await startBuiltServer({ LEADS_NOTIFY_TO: '', LEAD_RATE_LIMIT: '1000000', ...env }, PORTS.before);
    const acks: Ack[] = [];
    const failures: number[] = [];
    let writing = true;
    let sent = 0;

    const writer = async (url: string) => {
      while (writing) {
        const token = `loadtoken${++sent}`;
        const sentAt = performance.now();
        const response = await fetch(`${url}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `Load ${token}`,
            email: `${token}@example.com`,
            message: `Lead under load ${token} for the backup test`,
            howDidYouFindUs: 'referral',
          }),
        });
        if (response.status === 201) {
          const { id } = (await response.json()) as { id: string };
          acks.push({ id, token, sentAt, at: performance.now() });
        } else {
          failures.push(response.status);
        }
      }
    };

    try {
      const writers = Array.from({ length: WRITERS }, () => writer(server.url));
      await expect.poll(() => acks.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(LEADS_BEFORE_BACKUP);

      // The backup runs while the writers go on.
      const backup = npmRun(['db:backup', '--', '--to', backups], { DATABASE_URL: databaseUrl });
      const backupStarted = backup.started;
      const result = await backup.done;
      const backupEnded = performance.now();
      expect(result.code, result.stderr).toBe(0);
      // More leads after the backup: these must not come back.
      const countAtEnd = acks.length;
      await expect.poll(() => acks.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(countAtEnd + 50);
      writing = false;
      await Promise.all(writers);
      expect(failures).toEqual([]);

      const file = /Backup written to (.+)\n/.exec(result.stdout)?.[1];
      expect(file, result.stdout).toBeTruthy();
      expect(readdirSync(backups)).toEqual([file!.split('/').at(-1)]);
      expect(result.stdout).toMatch(
        /Checked: integrity ok; search indexes rebuilt and checked: .*contact_submissions_fts/,
      );
      const backedUpLeads = Number(/contact_submissions\s+(\d+)\n/.exec(result.stdout)?.[1]);

      const before = acks.filter((a) => a.at < backupStarted);
      // Sent after the backup had finished: cannot be in its snapshot.
      const after = acks.filter((a) => a.sentAt > backupEnded);
      expect(before.length).toBeGreaterThanOrEqual(LEADS_BEFORE_BACKUP);
      expect(after.length).toBeGreaterThanOrEqual(50);
      expect(backedUpLeads).toBeGreaterThanOrEqual(before.length);
      expect(backedUpLeads).toBeLessThanOrEqual(acks.length - after.length);
      test.info().annotations.push({
        type: 'leads',
        description: `${acks.length} acknowledged; ${before.length} before the backup, ${backedUpLeads} in it, ${after.length} sent after it; backup ${Math.round(backupEnded - backupStarted)} ms`,
      });

      // The server holds the database: the restore is refused and changes nothing.
      const refused = await npmRun(['db:restore', '--', file!], { DATABASE_URL: databaseUrl }).done;
      expect(refused.code).toBe(1);
      // The running server holds the database and says so in its pid file.
      expect(refused.stderr.trim()).toMatch(/^Restore refused: The server is running \(pid \d+ in .*app\.db\.pid\)/);
      expect(readdirSync(dir).filter((f) => f.includes('before-restore'))).toEqual([]);

      await stop(server);
      const restored = await npmRun(['db:restore', '--', file!], { DATABASE_URL: databaseUrl }).done;
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain(`into ${join(dir, 'app.db')}`);
      expect(restored.stdout).toMatch(/kept aside as .*app\.db\.before-restore-/);
      expect(readdirSync(dir).some((f) => /^app\.db\.before-restore-.*Z$/.test(f))).toBe(true);

      server = await startBuiltServer({ LEADS_NOTIFY_TO: '', LEAD_RATE_LIMIT: '1000000', ...env }, PORTS.after);
      const { client } = await openDatabaseAt(databaseUrl);
      try {
        const rows = await client.execute('SELECT id FROM contact_submissions');
        const present = new Set(rows.rows.map((r) => String(r.id)));
        expect(present.size).toBe(backedUpLeads);
        expect(before.filter((a) => !present.has(a.id))).toEqual([]);
        expect(after.filter((a) => present.has(a.id))).toEqual([]);
        const acknowledged = new Set(acks.map((a) => a.id));
        expect([...present].filter((id) => !acknowledged.has(id))).toEqual([]);

        const integrity = await client.execute('PRAGMA integrity_check');
        expect(integrity.rows.map((r) => Object.values(r)[0])).toEqual(['ok']);
        await client.execute("INSERT INTO contact_submissions_fts(contact_submissions_fts) VALUES('integrity-check')");
        const counted = await client.execute("SELECT n FROM row_counts WHERE table_name = 'contact_submissions'");
        expect(Number(counted.rows[0]?.n)).toBe(backedUpLeads);
        // The search index points at the right rows.
        for (const ack of before.slice(0, 20)) {
          const found = await client.execute({
            sql: 'SELECT c.id AS id FROM contact_submissions_fts f JOIN contact_submissions c ON c.rowid = f.rowid WHERE contact_submissions_fts MATCH ?',
            args: [ack.token],
          });
          expect(found.rows.map((r) => String(r.id))).toEqual([ack.id]);
        }

        // The restarted server takes new leads on the restored database.
        const response = await fetch(`${server.url}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'After restore',
            email: 'after-restore@example.com',
            message: 'A lead after the restore',
            howDidYouFindUs: 'referral',
          }),
        });
        expect(response.status).toBe(201);
        const { id } = (await response.json()) as { id: string };
        const stored = await client.execute({
          sql: 'SELECT count(*) AS n FROM contact_submissions WHERE id = ?',
          args: [id],
        });
        expect(Number(stored.rows[0]?.n)).toBe(1);
      } finally {
        client.close();
      }
    } finally {
      writing = false;
      await stop(server).catch(() => {});
      if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a scheduled backup killed mid-way is cleaned up and made whole at the next start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'backup-kill-e2e-'));
    const backups = join(dir, 'backups');
    const databaseUrl = `file:${join(dir, 'app.db')}`;
    const env = { DATABASE_URL: databaseUrl, OUTBOX_DIR: join(dir, 'outbox'), LEADS_NOTIFY_TO: '' };
    /** This database's temporary backup files, and its finished backups. */
    const partials = () => readdirSync(backups).filter((f) => /^\.app-.*\.db\.partial-\d+(-journal)?$/.test(f));
    const finished = () => readdirSync(backups).filter((f) => /^app-.*Z(-\d+)?\.db$/.test(f));
    let killed: ChildProcess | undefined;
    let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
    try {
      // A first start creates the database; then 80 000 leads (about 70 MB) make the copy last.
      server = await startBuiltServer(env, PORTS.fresh);
      await stop(server);
      const leads = 80_000;
      const filled = await openDatabaseAt(databaseUrl);
      try {
        await filled.client.execute({
          sql: `INSERT INTO contact_submissions (id, name, email, message, source)
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
            SELECT lower(hex(randomblob(16))), 'Lead ' || i, 'lead' || i || '@example.com',
              'We need ' || hex(randomblob(100)) || ' soon', 'landing' FROM n`,
          args: [leads],
        });
        await filled.client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
      } finally {
        filled.client.close();
      }

      // With BACKUP_DIR and no backup yet, the server backs up at start; it is killed as soon as
      // the copy's temporary file appears.
      mkdirSync(backups);
      const withBackups = { ...env, BACKUP_DIR: backups };
      killed = spawn(process.execPath, [join(root, E2E_OUT_DIR, 'server', 'entry.mjs')], {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(PORTS.killed),
          SITE_URL: `http://127.0.0.1:${PORTS.killed}`,
          LOG_LEVEL: 'warn',
          ...withBackups,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      await expect.poll(partials, { timeout: 30_000, intervals: [10] }).not.toEqual([]);
      killed.kill('SIGKILL');
      await exitOf(killed);
      const left = partials();
      expect(left.length).toBeGreaterThan(0);
      expect(left.every((f) => f.includes(`.partial-${killed!.pid}`))).toBe(true);
      expect(finished()).toEqual([]);

      // The next start deletes what the killed backup left and writes a whole one.
      server = await startBuiltServer(withBackups, PORTS.restarted);
      await expect.poll(finished, { timeout: 60_000 }).toHaveLength(1);
      expect(readdirSync(backups)).toEqual(finished());
      const health = (await (await fetch(`${server.url}/api/health`)).json()) as { lastBackupAt: string | null };
      expect(health.lastBackupAt).not.toBeNull();

      const copy = await openDatabaseAt(`file:${join(backups, finished()[0]!)}`);
      try {
        const counted = await copy.client.execute('SELECT count(*) AS n FROM contact_submissions');
        expect(Number(counted.rows[0]?.n)).toBe(leads);
        const integrity = await copy.client.execute('PRAGMA integrity_check');
        expect(integrity.rows.map((r) => Object.values(r)[0])).toEqual(['ok']);
        const found = await copy.client.execute({
          sql: 'SELECT c.name AS name FROM contact_submissions_fts f JOIN contact_submissions c ON c.rowid = f.rowid WHERE contact_submissions_fts MATCH ?',
          args: ['Lead AND 4242'],
        });
        expect(found.rows.map((r) => String(r.name))).toEqual(['Lead 4242']);
      } finally {
        copy.client.close();
      }
    } finally {
      if (killed && killed.exitCode === null && killed.signalCode === null) killed.kill('SIGKILL');
      if (server) await stop(server).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
