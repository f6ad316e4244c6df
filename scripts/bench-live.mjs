// @ts-check
/**
 * `npm run bench:live [-- --replies N]`: how soon a change reaches the live streams of two server
 * processes on one database file (docs/product.md#live-updates,
 * docs/decisions/0024-event-log-and-leases.md).
 *
 * Builds (dist-bench/, shared with bench:api, bench:soak, bench:chat and bench:files) and starts
 * two production servers, A and B, on one throw-away database with the demo data (`db:seed`);
 * signs a staff member in with a one-time link (`npm run admin:link`) and opens that staff
 * member's event stream on each server. Then N team replies (default 100), one after another,
 * are posted to a demo project through A, and for each the time from the start of its POST to
 * its `message` event is taken on A's stream (A reads the log at once after its own commit) and
 * on B's (B finds it at its next poll of the log, every 250 ms): p50, p99 and max of both, and
 * the events that did not come within 10 s. Target: B's p99 at most one poll (250 ms) over A's.
 * A measurement, not a test: it exits 0 unless it cannot run. The servers are stopped and the
 * temp folder removed at the end.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readEvents, staffSessionToken } from './bench-process.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const { values: args } = parseArgs({ options: { replies: { type: 'string', default: '100' } } });
const REPLIES = Number(args.replies);
if (!Number.isInteger(REPLIES) || REPLIES < 1) {
  console.error('Usage: node scripts/bench-live.mjs [--replies N] (a whole number ≥ 1)');
  process.exit(2);
}
const portA = Number(process.env.BENCH_PORT ?? 4355);
const portB = portA + 1;
const baseA = `http://127.0.0.1:${portA}`;
const baseB = `http://127.0.0.1:${portB}`;
const STAFF_EMAIL = 'bench-staff@bench.example';
/** The poll interval of the event log for other processes' writes (services' EVENT_POLL_MS). */
const POLL_MS = 250;
/** How long one event is waited for before it counts as missing. */
const MISSING_AFTER_MS = 10_000;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-live-'));
const env = {
  ...process.env,
  HOST: '127.0.0.1',
  // The same build-time settings as bench:api, bench:soak and bench:chat: one build in dist-bench/.
  SITE_URL: 'http://localhost:4351',
  DATABASE_URL: `file:${join(dataDir, 'bench.db')}`,
  OUTBOX_DIR: join(dataDir, 'outbox'),
  ADMIN_EMAILS: STAFF_EMAIL,
  LEADS_NOTIFY_TO: '',
  LOG_LEVEL: 'warn',
};

/** @type {import('node:child_process').ChildProcess[]} */
const starters = [];
const cleanUp = () => {
  for (const starter of starters) starter.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Starts `npm start` (building dist-bench/ when its sources changed) on `port`; resolves once it answers. @param {number} port */
async function startServer(port) {
  const starter = spawn(process.execPath, [join(root, 'scripts', 'start.mjs'), '--out-dir', 'dist-bench'], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  starters.push(starter);
  for (let i = 0; i < 480; i++) {
    if (starter.exitCode !== null) throw new Error(`The server on port ${port} exited with code ${starter.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  throw new Error(`The server on port ${port} did not start within 240 s`);
}

/**
 * Arrival times by communication id on one stream: `arrival(id)` resolves with the time the event
 * came (it may have come already), or NaN after MISSING_AFTER_MS.
 */
function arrivals() {
  /** @type {Map<string, number>} */
  const seen = new Map();
  /** @type {Map<string, (at: number) => void>} */
  const waiting = new Map();
  return {
    /** @param {string} id @param {number} at */
    record(id, at) {
      seen.set(id, at);
      waiting.get(id)?.(at);
    },
    /** @param {string} id @returns {Promise<number>} */
    arrival(id) {
      const at = seen.get(id);
      if (at !== undefined) return Promise.resolve(at);
      return Promise.race([
        new Promise((resolveArrival) => waiting.set(id, resolveArrival)),
        sleep(MISSING_AFTER_MS).then(() => Number.NaN),
      ]).finally(() => waiting.delete(id));
    },
  };
}

/** @param {number[]} values @param {number} p */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const ms = (/** @type {number} */ value) => (Number.isNaN(value) ? '–' : value.toFixed(1));

try {
  // Demo data (a client with three projects), written before either server starts.
  const seeded = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'db', 'seed.ts')],
    { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (seeded.status !== 0) throw new Error(`db:seed failed (exit ${seeded.status})`);
  // One after the other: the first may build, the second then finds the build up to date.
  await startServer(portA);
  await startServer(portB);

  const cookie = `admin_session=${await staffSessionToken(baseA, env, STAFF_EMAIL)}`;
  const projects = await fetch(`${baseA}/api/admin/projects`, { headers: { cookie } });
  if (!projects.ok) throw new Error(`GET /api/admin/projects answered ${projects.status}`);
  const projectId = (await projects.json()).items?.[0]?.id;
  if (!projectId) throw new Error('The demo data has no project');

  const onA = arrivals();
  const onB = arrivals();
  const aborts = [new AbortController(), new AbortController()];
  for (const [base, stream, abort] of /** @type {const} */ ([
    [baseA, onA, aborts[0]],
    [baseB, onB, aborts[1]],
  ])) {
    const response = await fetch(`${base}/api/admin/stream`, { headers: { cookie }, signal: abort?.signal });
    if (response.status !== 200) throw new Error(`The staff stream on ${base} answered ${response.status}`);
    readEvents(response, 'message', (data, at) => stream.record(data.communicationId, at)).catch(() => undefined);
  }
  await sleep(500);

  /** @type {number[]} */
  const sameServer = [];
  /** @type {number[]} */
  const otherServer = [];
  for (let i = 1; i <= REPLIES; i++) {
    const started = performance.now();
    const response = await fetch(`${baseA}/api/admin/projects/${projectId}/communications`, {
      method: 'POST',
      headers: { cookie, origin: baseA, 'content-type': 'application/json' },
      body: JSON.stringify({ subject: `Live bench ${i}`, message: `Reply ${i} of the live benchmark.` }),
    });
    if (response.status !== 201) throw new Error(`Reply ${i} answered ${response.status}: ${await response.text()}`);
    const { communication } = await response.json();
    const [atA, atB] = await Promise.all([onA.arrival(communication.id), onB.arrival(communication.id)]);
    sameServer.push(atA - started);
    otherServer.push(atB - started);
    // Each reply waited for B's poll: a random pause after it spreads the next over B's interval.
    await sleep(Math.random() * POLL_MS);
  }
  for (const abort of aborts) abort.abort();

  const summary = (/** @type {number[]} */ values) => {
    const measured = values.filter((v) => !Number.isNaN(v));
    return {
      p50: percentile(measured, 50),
      p99: percentile(measured, 99),
      max: measured.length > 0 ? Math.max(...measured) : Number.NaN,
      missing: values.length - measured.length,
    };
  };
  const a = summary(sameServer);
  const b = summary(otherServer);
  const bound = a.p99 + POLL_MS;
  const rows = [
    ['reply through A → staff stream on A (same server), p50 ms', ms(a.p50), '', ''],
    ['reply through A → staff stream on A, p99 ms', ms(a.p99), '', ''],
    ['reply through A → staff stream on A, max ms', ms(a.max), '', ''],
    ['reply through A → staff stream on B (other server), p50 ms', ms(b.p50), '', ''],
    [
      'reply through A → staff stream on B, p99 ms',
      ms(b.p99),
      `≤ ${ms(bound)} (A's p99 + one ${POLL_MS} ms poll)`,
      b.p99 <= bound ? 'meets' : 'misses',
    ],
    ['reply through A → staff stream on B, max ms', ms(b.max), '', ''],
    [
      `events missing after ${MISSING_AFTER_MS / 1000} s (A / B)`,
      `${a.missing} / ${b.missing}`,
      '0 / 0',
      a.missing + b.missing === 0 ? 'meets' : 'misses',
    ],
  ];
  const widths = [0, 1, 2, 3].map((c) =>
    Math.max(...rows.map((r) => (r[c] ?? '').length), ['figure', 'value', 'target', 'verdict'][c]?.length ?? 0),
  );
  const line = (/** @type {string[]} */ cells) =>
    `| ${cells.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join(' | ')} |`;
  process.stdout.write(
    `\nLive updates across two servers on one database (${baseA} and ${baseB}), ${REPLIES} replies, Node ${process.version}\n\n`,
  );
  process.stdout.write(`${line(['figure', 'value', 'target', 'verdict'])}\n`);
  process.stdout.write(`${line(widths.map((w) => '-'.repeat(w)))}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  cleanUp();
}
