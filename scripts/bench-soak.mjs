// @ts-check
/**
 * `npm run bench:soak`: the site under a long mixed load (docs/decisions/0012-serving-and-shutdown.md).
 *
 * Builds (dist-bench/, shared with bench:api) and starts the server over the demo data, signs in
 * as the demo client, then:
 *   1. 10 s each at 50 connections: GET / and GET /favicon.svg (a small prebuilt file), for the
 *      ratio of a page to the cheapest static answer;
 *   2. the soak: 200 connections for 60 s (SOAK_SECONDS), each cycling through GET /, GET /blog,
 *      GET /api/client/projects with the session, and POST /api/contact;
 *   3. 10 s idle.
 * Prints requests/s, errors, p50/p99 and the server's resident memory (VmRSS) at the start, at
 * the end and after the idle time, beside the targets: 0 errors, memory growth under 25 %, and
 * GET / at least 0.7 of the static file's requests/s. A measurement, not a test: it exits 0
 * unless it cannot run.
 *
 * `npm run bench:soak -- --backup`: request latency while the server backs up a large database
 * (docs/product.md#backups). Seeds about 200 MB (`db:seed -- --scale BACKUP_SCALE`, default 3700
 * clients), then runs the soak's request mix at a fixed BACKUP_RATE requests/s (default 50,
 * 10 connections) for SOAK_SECONDS (default 30) twice: without backups, then after a restart with
 * BACKUP_DIR and a backup every BACKUP_EVERY_SECONDS (default 0.36: so short that scheduled
 * backups run back to back; 15 puts a few backups and the gaps between them in one run). Prints
 * p50, p99 and max latency of both runs, the backups written during the second and what share of
 * its time a backup was running, beside the target: p99 under 50 ms while a backup runs.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { rssMiB, serverPid } from './bench-process.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const port = Number(process.env.BENCH_PORT ?? 4352);
const base = `http://127.0.0.1:${port}`;
const BACKUP_MODE = process.argv.includes('--backup');
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? (BACKUP_MODE ? 30 : 60));
/** Clients seeded in --backup mode (about 55 KB of database each). */
const BACKUP_SCALE = Number(process.env.BACKUP_SCALE ?? 3700);
/** Requests per second in --backup mode, over BACKUP_CONNECTIONS connections. */
const BACKUP_RATE = Number(process.env.BACKUP_RATE ?? 50);
const BACKUP_CONNECTIONS = 10;
/** Seconds from the start of one scheduled backup to the next in --backup mode. */
const BACKUP_EVERY_SECONDS = Number(process.env.BACKUP_EVERY_SECONDS ?? 0.36);
const SOAK_CONNECTIONS = 200;
const IDLE_MS = 10_000;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-soak-'));
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  // The same build-time settings as bench:api, so both use one build in dist-bench/.
  SITE_URL: 'http://localhost:4351',
  DATABASE_URL: `file:${join(dataDir, 'bench.db')}`,
  OUTBOX_DIR: join(dataDir, 'outbox'),
  LEAD_RATE_LIMIT: '100000000',
  LEADS_NOTIFY_TO: '',
};

const seed = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
    join(root, 'db', 'seed.ts'),
    ...(BACKUP_MODE ? ['--scale', String(BACKUP_SCALE)] : []),
  ],
  { cwd: root, env, stdio: 'inherit' },
);
if (seed.status !== 0) process.exit(1);

/** Lines of the server's log about backups (`component: "backup"`), parsed. */
const backupLog = /** @type {{ time: number, msg: string, ms?: number, bytes?: number }[]} */ ([]);

/**
 * Starts the server through `npm start` with `extra` settings. Request lines go to a pipe that is
 * read (for the backup lines) and dropped: their cost is part of the measurement.
 * @param {Record<string, string>} extra
 */
function startServer(extra = {}) {
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs'), '--out-dir', 'dist-bench'], {
    cwd: root,
    env: { ...env, ...extra },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let rest = '';
  child.stdout?.on('data', (/** @type {Buffer} */ chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('"component":"backup"')) continue;
      const entry = JSON.parse(line);
      backupLog.push({ ...entry, time: Date.parse(entry.time) });
    }
  });
  return child;
}

/** Stops the server of `npm start` process `child` and waits for it. @param {import('node:child_process').ChildProcess} child */
async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

let starter = startServer();

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The server did not start within 120 s');
}

/** @param {import('autocannon').Options} options @returns {Promise<any>} */
function run(options) {
  return new Promise((resolvePromise, reject) =>
    autocannon(options, (error, result) => (error ? reject(error) : resolvePromise(result))),
  );
}

/** @param {any} result */
function summary(result) {
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
    detail: `${result.errors} socket errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx (${JSON.stringify(result.statusCodeStats)})`,
    total: result.requests.total,
  };
}

/** Signs in as the demo client; resolves with its bearer token. */
async function signIn() {
  const login = await fetch(`${base}/api/client/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@firststatewebstudio.com', password: 'demo-portal-2026' }),
  });
  if (!login.ok) throw new Error(`Sign-in failed: ${login.status}`);
  return /** @type {{ token: string }} */ (await login.json()).token;
}

const browser = { 'accept-encoding': 'br, gzip' };
let lead = 0;

/**
 * The soak's mix: a page, the blog, the portal's projects with `token`, and a new lead.
 * @param {string} token
 * @returns {import('autocannon').Request[]}
 */
function mix(token) {
  return [
    { method: 'GET', path: '/', headers: browser },
    { method: 'GET', path: '/blog', headers: browser },
    { method: 'GET', path: '/api/client/projects', headers: { ...browser, authorization: `Bearer ${token}` } },
    {
      method: 'POST',
      path: '/api/contact',
      headers: { ...browser, 'content-type': 'application/json' },
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({
          name: 'Soak Lead',
          email: `soak${++lead}@example.com`,
          message: 'A lead sent by the soak benchmark.',
          howDidYouFindUs: 'google-search',
        }),
      }),
    },
  ];
}

/** The default run: page against static file, the soak, memory. */
async function soakBench() {
  const pid = serverPid(starter.pid);
  const token = await signIn();

  // Warm-up, then the page against the small static file.
  await run({ url: `${base}/`, connections: 50, duration: 2, headers: browser });
  const page = summary(await run({ url: `${base}/`, connections: 50, duration: 10, headers: browser }));
  const file = summary(await run({ url: `${base}/favicon.svg`, connections: 50, duration: 10, headers: browser }));

  const memoryStart = rssMiB(pid);
  const soak = summary(
    await run({ url: base, connections: SOAK_CONNECTIONS, duration: SOAK_SECONDS, requests: mix(token) }),
  );
  const memoryEnd = rssMiB(pid);
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const memoryIdle = rssMiB(pid);
  const growth = ((memoryIdle - memoryStart) / memoryStart) * 100;
  const ratio = page.rps / file.rps;

  console.log(`\nautocannon on ${base}\n`);
  console.log('| run | connections | seconds | requests/s | p50 ms | p99 ms | max ms | errors / non-2xx | requests |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  console.log(
    `| GET / | 50 | 10 | ${page.rps} | ${page.p50} | ${page.p99} | ${page.max} | ${page.errors} | ${page.total} |`,
  );
  console.log(
    `| GET /favicon.svg | 50 | 10 | ${file.rps} | ${file.p50} | ${file.p99} | ${file.max} | ${file.errors} | ${file.total} |`,
  );
  console.log(
    `| soak mix | ${SOAK_CONNECTIONS} | ${SOAK_SECONDS} | ${soak.rps} | ${soak.p50} | ${soak.p99} | ${soak.max} | ${soak.errors} | ${soak.total} |`,
  );
  console.log('\n| memory (VmRSS) | MiB |');
  console.log('|---|---|');
  console.log(`| before the soak | ${memoryStart} |`);
  console.log(`| at its end | ${memoryEnd} |`);
  console.log(`| after ${IDLE_MS / 1000} s idle | ${memoryIdle} |`);
  console.log(`\nsoak errors: ${soak.errors}  (target 0: ${verdict(soak.errors === 0)}): ${soak.detail}`);
  console.log(`memory growth: ${growth.toFixed(1)} %  (target < 25 %: ${verdict(growth < 25)})`);
  console.log(`GET / vs small static file: ${ratio.toFixed(2)}  (target ≥ 0.70: ${verdict(ratio >= 0.7)})`);
  console.log(
    `soak latency: p99 ${soak.p99} ms, max ${soak.max} ms  (target p99 < 500 ms and max ≤ 2,000 ms: ${verdict(soak.p99 < 500 && soak.max <= 2000)})`,
  );
}

/** `--backup`: the mix at a fixed rate without backups, then with backups running back to back. */
async function backupBench() {
  const bytes = statSync(join(dataDir, 'bench.db')).size;
  /** One fixed-rate run of the mix; autocannon counts from when each request was due. */
  const measure = async () => {
    const token = await signIn();
    await run({
      url: base,
      connections: BACKUP_CONNECTIONS,
      duration: 3,
      overallRate: BACKUP_RATE,
      requests: mix(token),
    });
    const from = Date.now();
    const result = summary(
      await run({
        url: base,
        connections: BACKUP_CONNECTIONS,
        duration: SOAK_SECONDS,
        overallRate: BACKUP_RATE,
        requests: mix(token),
      }),
    );
    return { ...result, from, to: Date.now() };
  };
  const quiet = await measure();
  await stopServer(starter);

  // A backup that takes longer than the interval is followed by the next one at once.
  starter = startServer({
    BACKUP_DIR: join(dataDir, 'backups'),
    BACKUP_EVERY_HOURS: String(BACKUP_EVERY_SECONDS / 3600),
    BACKUP_KEEP: '1',
  });
  await waitForServer();
  const busy = await measure();
  const written = backupLog.filter((l) => l.msg === 'backup written');
  const failed = backupLog.filter((l) => l.msg.startsWith('backup failed'));
  // The log line comes at a backup's end; it ran for `ms` before that.
  const overlap = written.reduce(
    (sum, l) => sum + Math.max(0, Math.min(l.time, busy.to) - Math.max(l.time - (l.ms ?? 0), busy.from)),
    0,
  );
  const during = written.filter((l) => l.time > busy.from && l.time - (l.ms ?? 0) < busy.to);
  const share = (overlap / (busy.to - busy.from)) * 100;

  console.log(
    `\nautocannon on ${base}: the soak mix at ${BACKUP_RATE} requests/s over ${BACKUP_CONNECTIONS} connections`,
  );
  console.log(`database: ${(bytes / 1024 / 1024).toFixed(0)} MB (${bytes} bytes, db:seed --scale ${BACKUP_SCALE})\n`);
  console.log('| run | seconds | requests/s | p50 ms | p99 ms | max ms | errors / non-2xx | requests |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [name, r] of /** @type {const} */ ([
    ['no backup', quiet],
    ['backups running', busy],
  ])) {
    console.log(`| ${name} | ${SOAK_SECONDS} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.max} | ${r.errors} | ${r.total} |`);
  }
  const durations = during.map((l) => l.ms).join(', ');
  console.log(
    `\nbackups during the second run: ${during.length} (${durations} ms each), running ${share.toFixed(0)} % of its time; ${failed.length} failed`,
  );
  // Requests that timed out or failed have no latency: a run with any of them misses the target.
  const met = busy.p99 < 50 && busy.errors === 0 && busy.total > 0;
  console.log(
    `p99 while backups run: ${busy.p99} ms, ${busy.errors} errors  (target < 50 ms, no error: ${verdict(met)})`,
  );
  if (busy.errors > 0) console.log(`errors: ${busy.detail}`);
}

/** @param {boolean} ok */
function verdict(ok) {
  return ok ? 'met' : 'NOT met';
}

try {
  await waitForServer();
  await (BACKUP_MODE ? backupBench() : soakBench());
} finally {
  await stopServer(starter);
  rmSync(dataDir, { recursive: true, force: true });
}
