/**
 * Continuous backup with Litestream (docs/product.md#backups,
 * docs/decisions/0039-continuous-backup-with-litestream.md), on the built server with a folder
 * replica: leads are posted at 20 a second; the server and its Litestream are both killed with
 * SIGKILL (a dead machine); the database and its `-wal`/`-shm` and the uploaded files are deleted
 * (a dead disk); `npm run db:restore -- --from-replica` brings them back. Every lead acknowledged
 * (201) more than a second before the kill must be in the restored database. The lag that
 * `GET /api/health` reported under that load and the leads of the last second that were lost are
 * recorded as the test's annotations. A server stopped with SIGTERM, by contrast, loses nothing:
 * its Litestream sends everything after the database is closed, and nothing logs a warning (no
 * checkpoint of the server's fights Litestream's). Beside a libSQL server the setting stops the
 * server at start, naming the variable.
 *
 * These tests start their own servers (from the end-to-end build) on their own ports and
 * databases; no browser is used.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from '@playwright/test';
import { E2E_PORT, openDatabaseAt } from './support/data.ts';
import {
  ROOT as root,
  exitOf,
  spawnBuiltServer,
  startBuiltServer,
  stopServer,
  waitUntilReady,
  type BuiltServer,
} from './support/servers.ts';

/** This file's ports: the test server's port plus 64 to 67 (other files use other offsets). */
const PORTS = {
  killed: Number(E2E_PORT) + 64,
  restarted: Number(E2E_PORT) + 65,
  stopped: Number(E2E_PORT) + 66,
  refused: Number(E2E_PORT) + 67,
};
/** Leads per second, and for how long they are posted before the kill. */
const LEADS_PER_SECOND = 20;
const LOAD_MS = 15_000;
/** An uploaded file put in UPLOADS_DIR before the start (the server copies it beside the replica). */
const UPLOAD_KEY = 'ab/ab0123456789abcdef0123456789ab';

interface Replication {
  state: string;
  replicated: { generation: string; index: number; offset: number } | null;
  lag: { seconds: number; bytes: number } | null;
  uploads: { copiedAt: string | null; files: number } | null;
}

async function replicationOf(server: BuiltServer): Promise<Replication> {
  const health = (await (await fetch(`${server.url}/api/health`)).json()) as { replication: Replication };
  return health.replication;
}

/** The pids of the live children of `pid`, from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // Fields after the command (in parentheses): state, then the parent's pid.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops `server` with SIGTERM (its Litestream with it), and kills any child it leaves behind. */
async function stopWithChildren(server: BuiltServer): Promise<void> {
  const children = server.process.pid ? childrenOf(server.process.pid) : [];
  await stopServer(server).catch(() => {});
  for (const pid of children) if (alive(pid)) process.kill(pid, 'SIGKILL');
}

/** CPU seconds (user + system) the process `pid` has used so far. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** `npm run db:restore -- --from-replica` with `env`; resolves with its exit code and output. */
function restoreFromReplica(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn('npm', ['run', '--silent', 'db:restore', '--', '--from-replica'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((done) => child.once('close', (code) => done({ code: code ?? -1, stdout, stderr })));
}

/** One lead; resolves with its id on a 201, else with the status or the error's name. */
async function postLead(url: string, n: number): Promise<{ id?: string; outcome: string }> {
  try {
    const response = await fetch(`${url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Replicated Lead ${n}`,
        email: `replicated${n}@example.com`,
        message: `Lead number ${n} of the replication test.`,
        howDidYouFindUs: 'referral',
      }),
    });
    if (response.status !== 201) return { outcome: String(response.status) };
    return { id: ((await response.json()) as { id: string }).id, outcome: '201' };
  } catch (error) {
    return { outcome: (error as Error).name };
  }
}

/** The ids of the leads in the database at `url`. */
async function storedLeads(url: string): Promise<Set<string>> {
  const handle = await openDatabaseAt(url);
  try {
    const rows = await handle.client.execute('SELECT id FROM contact_submissions');
    return new Set(rows.rows.map((row) => String(row.id)));
  } finally {
    handle.client.close();
  }
}

test.describe('continuous backup with Litestream', () => {
  test.setTimeout(240_000);

  test('a machine killed under 20 leads a second is restored from the replica with every lead older than a second', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'litestream-e2e-'));
    const env = {
      DATABASE_URL: `file:${join(dir, 'app.db')}`,
      LITESTREAM_REPLICA_URL: join(dir, 'replica'),
      UPLOADS_DIR: join(dir, 'uploads'),
      OUTBOX_DIR: join(dir, 'outbox'),
      LEADS_NOTIFY_TO: '',
      LEAD_RATE_LIMIT: '1000000',
    };
    mkdirSync(join(dir, 'uploads', 'ab'), { recursive: true });
    writeFileSync(join(dir, 'uploads', UPLOAD_KEY), 'the bytes of an uploaded file');
    let server: BuiltServer | undefined = await startBuiltServer(env, PORTS.killed);
    let litestream = 0;
    try {
      await expect.poll(async () => (await replicationOf(server!)).replicated, { timeout: 30_000 }).not.toBeNull();
      await expect.poll(async () => (await replicationOf(server!)).uploads?.files, { timeout: 30_000 }).toBe(1);
      // The server's one child is Litestream, the binary of @flydotio/litestream.
      const children = childrenOf(server.process.pid!);
      expect(children).toHaveLength(1);
      litestream = children[0]!;
      expect(readFileSync(`/proc/${litestream}/cmdline`, 'utf8')).toMatch(
        /litestream-linux-x64\/litestream\0replicate/,
      );

      // Leads at 20 a second, each sent on time whether or not the previous one was answered.
      const acks: { id: string; at: number }[] = [];
      const outcomes: string[] = [];
      const lags: { seconds: number; bytes: number }[] = [];
      let sending = true;
      const started = performance.now();
      const cpuBefore = cpuSeconds(litestream);
      const sender = (async () => {
        const posts: Promise<void>[] = [];
        for (let n = 0; sending; n++) {
          await sleep(Math.max(0, started + (n * 1000) / LEADS_PER_SECOND - performance.now()));
          if (!sending) break;
          posts.push(
            postLead(server!.url, n).then(({ id, outcome }) => {
              outcomes.push(outcome);
              if (id) acks.push({ id, at: performance.now() });
            }),
          );
        }
        await Promise.all(posts);
      })();
      const sampler = (async () => {
        while (sending) {
          const { lag } = await replicationOf(server!).catch(() => ({ lag: null }));
          if (sending && lag && performance.now() - started > 2000) lags.push(lag);
          await sleep(250);
        }
      })();
      await sleep(LOAD_MS);
      const cpuUsed = cpuSeconds(litestream) - cpuBefore;
      const rssMiB = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${litestream}/status`, 'utf8'))?.[1]) / 1024;

      // A dead machine: the server and its Litestream at the same instant.
      const killedAt = performance.now();
      sending = false;
      const serverDied = exitOf(server.process);
      process.kill(server.process.pid!, 'SIGKILL');
      process.kill(litestream, 'SIGKILL');
      await serverDied;
      await expect.poll(() => alive(litestream)).toBe(false);
      await Promise.all([sender, sampler]);
      server = undefined;
      const beforeKill = outcomes.length;
      expect(beforeKill).toBeGreaterThan((LOAD_MS / 1000) * LEADS_PER_SECOND * 0.8);

      // A dead disk: the database, its WAL and shared memory, and the uploaded files are gone.
      for (const lost of ['app.db', 'app.db-wal', 'app.db-shm', 'uploads'])
        rmSync(join(dir, lost), { recursive: true });
      const restored = await restoreFromReplica(env);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain(`Restoring from the Litestream replica ${join(dir, 'replica')}`);
      expect(restored.stdout).toContain('There was no database before: nothing was kept aside.');
      expect(restored.stdout).toContain('Uploaded files: 1 copied into');
      expect(readFileSync(join(dir, 'uploads', UPLOAD_KEY), 'utf8')).toBe('the bytes of an uploaded file');

      const present = await storedLeads(env.DATABASE_URL);
      const older = acks.filter((ack) => ack.at < killedAt - 1000);
      const lastSecond = acks.filter((ack) => ack.at >= killedAt - 1000);
      expect(older.filter((ack) => !present.has(ack.id))).toEqual([]);
      const lost = lastSecond.filter((ack) => !present.has(ack.id));
      const oldestLost = Math.max(0, ...lost.map((ack) => Math.round(killedAt - ack.at)));
      const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
      const seconds = sorted(lags.map((lag) => lag.seconds));
      const bytes = sorted(lags.map((lag) => lag.bytes));
      const at = (values: number[], q: number) => values[Math.min(values.length - 1, Math.floor(values.length * q))];
      const figures = [
        `${acks.length} leads acknowledged in ${LOAD_MS / 1000} s (${outcomes.filter((o) => o !== '201').length} other answers or errors: ${[...new Set(outcomes.filter((o) => o !== '201'))].join(', ') || 'none'})`,
        `${older.length} acknowledged more than 1 s before the kill, all restored; ${lastSecond.length} in the last second, ${lost.length} of them lost (the oldest acknowledged ${oldestLost} ms before the kill)`,
        `${present.size} leads restored (${present.size - acks.filter((a) => present.has(a.id)).length} committed but never acknowledged)`,
        `health lag over ${lags.length} samples: seconds p50 ${at(seconds, 0.5)} p95 ${at(seconds, 0.95)} max ${seconds.at(-1)}; bytes p50 ${at(bytes, 0.5)} p95 ${at(bytes, 0.95)} max ${bytes.at(-1)}`,
        `Litestream CPU ${cpuUsed.toFixed(2)} s over the ${LOAD_MS / 1000} s of load, ${rssMiB.toFixed(1)} MiB resident at its end`,
      ];
      for (const description of figures) test.info().annotations.push({ type: 'replication', description });
      console.log(figures.join('\n'));
      expect(lags.length).toBeGreaterThan(10);

      // The restored database serves again, and Litestream starts a new generation in the replica.
      server = await startBuiltServer(env, PORTS.restarted);
      const response = await postLead(server.url, -1);
      expect(response.outcome).toBe('201');
      await expect.poll(async () => (await replicationOf(server!)).lag?.bytes, { timeout: 30_000 }).toBe(0);
      expect(readdirSync(join(dir, 'replica', 'generations')).length).toBe(2);
    } finally {
      if (server) await stopWithChildren(server);
      if (litestream && alive(litestream)) process.kill(litestream, 'SIGKILL');
      if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a server stopped with SIGTERM loses nothing: its Litestream sends the rest after the database is closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'litestream-stop-e2e-'));
    const env = {
      DATABASE_URL: `file:${join(dir, 'app.db')}`,
      LITESTREAM_REPLICA_URL: join(dir, 'replica'),
      OUTBOX_DIR: join(dir, 'outbox'),
      LEADS_NOTIFY_TO: '',
      LEAD_RATE_LIMIT: '1000000',
    };
    // Its output is read: every warning or error it logs, Litestream's relayed ones included.
    const child = spawnBuiltServer(env, PORTS.stopped, 'pipe');
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const server: BuiltServer = { url: `http://127.0.0.1:${PORTS.stopped}`, process: child };
    try {
      await waitUntilReady(server.url, child);
      await expect.poll(async () => (await replicationOf(server)).state, { timeout: 30_000 }).toBe('running');
      const litestream = childrenOf(server.process.pid!)[0]!;
      const ids: string[] = [];
      for (let n = 0; n < 100; n++) {
        const { id } = await postLead(server.url, n);
        if (id) ids.push(id);
      }
      expect(ids).toHaveLength(100);
      await stopServer(server);
      expect(server.process.exitCode).toBe(0);
      // No checkpoint fought Litestream's, and Litestream reported no error.
      expect(output).not.toContain('checkpoint failed');
      expect(output.split('\n').filter((line) => /"level":(40|50|60)/.test(line))).toEqual([]);
      expect(alive(litestream)).toBe(false);
      expect(existsSync(join(dir, 'app.db.litestream.pid'))).toBe(false);
      for (const lost of ['app.db', 'app.db-wal', 'app.db-shm']) rmSync(join(dir, lost), { force: true });
      const restored = await restoreFromReplica(env);
      expect(restored.code, restored.stderr).toBe(0);
      const present = await storedLeads(env.DATABASE_URL);
      expect(ids.filter((id) => !present.has(id))).toEqual([]);
    } finally {
      await stopWithChildren(server);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('refuses to start beside a libSQL server, naming LITESTREAM_REPLICA_URL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'litestream-refused-e2e-'));
    try {
      const env = { DATABASE_URL: 'libsql://db.example.com', LITESTREAM_REPLICA_URL: join(dir, 'replica') };
      const child = spawnBuiltServer(env, PORTS.refused, 'pipe');
      let output = '';
      child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
      expect(await exitOf(child)).toEqual({ code: 1, signal: null });
      expect(output).toContain(
        "LITESTREAM_REPLICA_URL: needs an embedded database file (DATABASE_URL=file:…): a libSQL server is backed up with that server's own tools",
      );
      expect(existsSync(join(dir, 'replica'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
