// @ts-check
/**
 * `npm run bench:api`: builds (dist-bench/) and starts the server with the demo data and the
 * bare benchmark route, signs in as the demo client, then drives with autocannon, one after the
 * other at 50 connections for 10 s each (after a 2 s warm-up):
 *   - GET /api/client/projects (session look-up, the client's projects with unread counts);
 *   - GET /api/bench/bare (a fixed JSON body from the same process and stack).
 * Prints requests per second, p50 and p99 latency and non-2xx answers for both, and the ratio.
 * Target (docs/product.md#performance): the real endpoint reaches at least half the bare route's
 * throughput, with p99 under 25 ms and no non-2xx answer. A measurement, not a test: it exits 0
 * unless it cannot run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const port = Number(process.env.BENCH_PORT ?? 4351);
const base = `http://127.0.0.1:${port}`;
const CONNECTIONS = 50;
const DURATION_S = 10;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  SITE_URL: `http://localhost:${port}`,
  DATABASE_URL: `file:${join(dataDir, 'bench.db')}`,
  OUTBOX_DIR: join(dataDir, 'outbox'),
  BENCH_ROUTES: 'true',
};

const seed = spawnSync(
  process.execPath,
  [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'db', 'seed.ts')],
  {
    cwd: root,
    env,
    stdio: 'inherit',
  },
);
if (seed.status !== 0) process.exit(1);

const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs'), '--out-dir', 'dist-bench'], {
  cwd: root,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The server did not start within 120 s');
}

/** @param {string} url @param {Record<string, string>} headers @param {number} duration */
function run(url, headers, duration) {
  return new Promise((resolvePromise, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers }, (error, result) =>
      error ? reject(error) : resolvePromise(result),
    );
  });
}

try {
  await waitForServer();
  const login = await fetch(`${base}/api/client/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@firststatewebstudio.com', password: 'demo-portal-2026' }),
  });
  if (!login.ok) throw new Error(`Sign-in failed: ${login.status}`);
  const { token } = /** @type {{ token: string }} */ (await login.json());
  const auth = { authorization: `Bearer ${token}` };

  const targets = [
    { name: 'GET /api/client/projects', url: `${base}/api/client/projects`, headers: auth },
    { name: 'GET /api/bench/bare', url: `${base}/api/bench/bare`, headers: {} },
  ];
  /** @type {{ name: string, rps: number, p50: number, p99: number, non2xx: number, total: number }[]} */
  const rows = [];
  for (const target of targets) {
    await run(target.url, target.headers, 2);
    const result = /** @type {any} */ (await run(target.url, target.headers, DURATION_S));
    rows.push({
      name: target.name,
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx + result.errors + result.timeouts,
      total: result.requests.total,
    });
  }
  const [real, bare] = rows;
  console.log(`\nautocannon, ${CONNECTIONS} connections, ${DURATION_S} s each, on ${base}\n`);
  console.log('| route | requests/s | p50 ms | p99 ms | non-2xx / errors | requests |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.total} |`);
  if (real && bare) {
    console.log(`\nthroughput ratio (projects / bare): ${(real.rps / bare.rps).toFixed(2)}  (target ≥ 0.50)`);
    console.log(`projects p99: ${real.p99} ms  (target < 25 ms); non-2xx: ${real.non2xx}  (target 0)`);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
