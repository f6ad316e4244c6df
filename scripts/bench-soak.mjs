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
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const port = Number(process.env.BENCH_PORT ?? 4352);
const base = `http://127.0.0.1:${port}`;
const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
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
  [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'db', 'seed.ts')],
  { cwd: root, env, stdio: 'inherit' },
);
if (seed.status !== 0) process.exit(1);

// Request lines go to a pipe that is read and dropped: their cost is part of the measurement.
const starter = spawn(process.execPath, [join(root, 'scripts', 'start.mjs'), '--out-dir', 'dist-bench'], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
starter.stdout?.resume();

/** The server process: the child of `npm start`'s process. */
function serverPid() {
  const children = readFileSync(`/proc/${starter.pid}/task/${starter.pid}/children`, 'utf8').trim().split(/\s+/);
  const pid = Number(children[0]);
  if (!pid) throw new Error('The server process was not found');
  return pid;
}

/** Resident memory of the server, in MiB. @param {number} pid */
function rssMiB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / 1024);
}

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
    errors: result.errors + result.timeouts + result.non2xx,
    detail: `${result.errors} socket errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx (${JSON.stringify(result.statusCodeStats)})`,
    total: result.requests.total,
  };
}

try {
  await waitForServer();
  const pid = serverPid();
  const login = await fetch(`${base}/api/client/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@firststatewebstudio.com', password: 'demo-portal-2026' }),
  });
  if (!login.ok) throw new Error(`Sign-in failed: ${login.status}`);
  const { token } = /** @type {{ token: string }} */ (await login.json());
  const browser = { 'accept-encoding': 'br, gzip' };

  // Warm-up, then the page against the small static file.
  await run({ url: `${base}/`, connections: 50, duration: 2, headers: browser });
  const page = summary(await run({ url: `${base}/`, connections: 50, duration: 10, headers: browser }));
  const file = summary(await run({ url: `${base}/favicon.svg`, connections: 50, duration: 10, headers: browser }));

  const memoryStart = rssMiB(pid);
  let lead = 0;
  const soak = summary(
    await run({
      url: base,
      connections: SOAK_CONNECTIONS,
      duration: SOAK_SECONDS,
      requests: [
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
      ],
    }),
  );
  const memoryEnd = rssMiB(pid);
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const memoryIdle = rssMiB(pid);
  const growth = ((memoryIdle - memoryStart) / memoryStart) * 100;
  const ratio = page.rps / file.rps;

  console.log(`\nautocannon on ${base}\n`);
  console.log('| run | connections | seconds | requests/s | p50 ms | p99 ms | errors / non-2xx | requests |');
  console.log('|---|---|---|---|---|---|---|---|');
  console.log(`| GET / | 50 | 10 | ${page.rps} | ${page.p50} | ${page.p99} | ${page.errors} | ${page.total} |`);
  console.log(
    `| GET /favicon.svg | 50 | 10 | ${file.rps} | ${file.p50} | ${file.p99} | ${file.errors} | ${file.total} |`,
  );
  console.log(
    `| soak mix | ${SOAK_CONNECTIONS} | ${SOAK_SECONDS} | ${soak.rps} | ${soak.p50} | ${soak.p99} | ${soak.errors} | ${soak.total} |`,
  );
  console.log('\n| memory (VmRSS) | MiB |');
  console.log('|---|---|');
  console.log(`| before the soak | ${memoryStart} |`);
  console.log(`| at its end | ${memoryEnd} |`);
  console.log(`| after ${IDLE_MS / 1000} s idle | ${memoryIdle} |`);
  const verdict = (/** @type {boolean} */ ok) => (ok ? 'met' : 'NOT met');
  console.log(`\nsoak errors: ${soak.errors}  (target 0: ${verdict(soak.errors === 0)}): ${soak.detail}`);
  console.log(`memory growth: ${growth.toFixed(1)} %  (target < 25 %: ${verdict(growth < 25)})`);
  console.log(`GET / vs small static file: ${ratio.toFixed(2)}  (target ≥ 0.70: ${verdict(ratio >= 0.7)})`);
} finally {
  starter.kill('SIGTERM');
  await new Promise((r) => starter.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
