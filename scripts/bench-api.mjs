// @ts-check
/**
 * `npm run bench:api`: builds (dist-bench/) and starts the server with the demo data and the
 * bare benchmark route, signs in as the demo client, then drives with autocannon, one after the
 * other at 50 connections for 10 s each (after a 2 s warm-up), the pair RUNS (3) times in a row,
 * so one noisy run on a shared machine shows as such:
 *   - GET /api/client/projects (session look-up, the client's projects with unread counts);
 *   - GET /api/bench/bare (a fixed JSON body from the same process and stack).
 * Prints one table row per run (requests per second of both, their ratio, the projects' p50 and
 * p99 latency in milliseconds, the bare route's p99 for comparison, and non-2xx answers), the targets beside them, and one verdict line
 * per target: PASS when every run meets it. Targets (docs/product.md#performance): the real
 * endpoint reaches at least half the bare route's throughput, with p99 at most 25 ms and no
 * non-2xx answer. A measurement, not a test: it exits 0 unless it cannot run.
 *
 * BENCH_ACCEPT_ENCODING (e.g. `br, gzip`) sends that Accept-Encoding with both routes, as a
 * browser does; by default none is sent, as in earlier runs of this benchmark.
 *
 * BENCH_DATABASE=sqld runs the server on a libSQL server on loopback, started from the same
 * seeded file (scripts/bench-database.mjs), and also prints how many statements one projects
 * request issues there.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchDatabase } from './bench-database.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const port = Number(process.env.BENCH_PORT ?? 4351);
const base = `http://127.0.0.1:${port}`;
const CONNECTIONS = 50;
const DURATION_S = 10;
const RUNS = 3;
/** docs/product.md#performance */
const TARGET = { ratio: 0.5, p99Ms: 25, non2xx: 0 };

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
const database = await benchDatabase(join(dataDir, 'bench.db'));
env.DATABASE_URL = database.url;

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
  /** @type {Record<string, string>} */
  const encoding = process.env.BENCH_ACCEPT_ENCODING ? { 'accept-encoding': process.env.BENCH_ACCEPT_ENCODING } : {};
  const auth = { ...encoding, authorization: `Bearer ${token}` };

  const targets = {
    projects: { url: `${base}/api/client/projects`, headers: auth },
    bare: { url: `${base}/api/bench/bare`, headers: encoding },
  };
  /** @param {{ url: string, headers: Record<string, string> }} target */
  async function measure(target) {
    await run(target.url, target.headers, 2);
    const result = /** @type {any} */ (await run(target.url, target.headers, DURATION_S));
    return {
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx + result.errors + result.timeouts,
    };
  }
  /** @type {{ run: number, projects: Awaited<ReturnType<typeof measure>>, bare: Awaited<ReturnType<typeof measure>>, ratio: number }[]} */
  const rows = [];
  for (let i = 1; i <= RUNS; i++) {
    const projects = await measure(targets.projects);
    const bare = await measure(targets.bare);
    rows.push({ run: i, projects, bare, ratio: projects.rps / bare.rps });
    console.log(`run ${i}/${RUNS} done`);
  }

  const statements = await database.statementsPerRequest(() =>
    fetch(targets.projects.url, { headers: targets.projects.headers }).then((r) => r.arrayBuffer()),
  );

  const mark = (/** @type {boolean} */ ok) => (ok ? 'ok' : 'MISS');
  console.log(
    `\nautocannon, ${CONNECTIONS} connections, ${DURATION_S} s each (after 2 s warm-up), on ${base}, ` +
      `database: ${database.kind === 'sqld' ? 'libSQL server (sqld) on loopback' : 'embedded file'}\n`,
  );
  if (statements !== null) console.log(`GET /api/client/projects: ${statements.toFixed(1)} statements per request\n`);
  console.log(
    `| run | projects req/s | bare req/s | ratio (target ≥ ${TARGET.ratio.toFixed(2)}) | projects p50 ms | projects p99 ms (target ≤ ${TARGET.p99Ms}) | bare p99 ms | non-2xx (target ${TARGET.non2xx}) |`,
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const non2xx = r.projects.non2xx + r.bare.non2xx;
    console.log(
      `| ${r.run} | ${r.projects.rps} | ${r.bare.rps} | ${r.ratio.toFixed(2)} ${mark(r.ratio >= TARGET.ratio)} | ${r.projects.p50} | ${r.projects.p99} ${mark(r.projects.p99 <= TARGET.p99Ms)} | ${r.bare.p99} | ${non2xx} ${mark(non2xx <= TARGET.non2xx)} |`,
    );
  }
  /** @param {string} name @param {boolean[]} results @param {string} detail */
  const verdict = (name, results, detail) =>
    console.log(
      `${results.every(Boolean) ? 'PASS' : 'FAIL'}  ${name}: ${results.filter(Boolean).length}/${RUNS} runs (${detail})`,
    );
  console.log('');
  verdict(
    `throughput ratio ≥ ${TARGET.ratio.toFixed(2)}`,
    rows.map((r) => r.ratio >= TARGET.ratio),
    rows.map((r) => r.ratio.toFixed(2)).join(', '),
  );
  verdict(
    `projects p99 ≤ ${TARGET.p99Ms} ms at ${CONNECTIONS} connections`,
    rows.map((r) => r.projects.p99 <= TARGET.p99Ms),
    rows.map((r) => `${r.projects.p99} ms`).join(', '),
  );
  verdict(
    `non-2xx = ${TARGET.non2xx}`,
    rows.map((r) => r.projects.non2xx + r.bare.non2xx <= TARGET.non2xx),
    rows.map((r) => r.projects.non2xx + r.bare.non2xx).join(', '),
  );
} finally {
  // The server drains before it closes the database: the database stops after it (at most 15 s).
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  await database.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
