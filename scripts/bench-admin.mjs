// @ts-check
/**
 * `npm run bench:admin [-- --scale N --duration S]`: the staff dashboard's API at volume
 * (docs/product.md#lists, docs/decisions/0010-server-side-lists.md).
 *
 * Set-up: a throw-away database in a temp folder, migrated and seeded by `db:seed -- --scale N`
 * (default N = 10,000: 10,000 clients, 30,000 projects, 600,000 messages, 50,000 leads); the
 * site built to dist-bench-admin/ when its sources changed (as `npm start` decides); the
 * production server (`node dist-bench-admin/server/entry.mjs`) on a random free port; a staff
 * session from a one-time sign-in link (`npm run admin:link`, then POST /api/admin/auth/link).
 *
 * Measures, each with autocannon at 20 connections for S seconds (default 10, after a warm-up):
 *   - the first page of each list: GET /api/admin/clients, /projects, /communications,
 *     /contact-submissions;
 *   - searches (`?q=`) on /communications and /clients for a common word and a rare one, both
 *     picked from the full-text index's vocabulary (fts5vocab): the most frequent word of at least
 *     4 letters found in fewer than half the rows, and the least frequent word of at least 5
 *     letters found in at least 5 rows;
 *   - page 50 of /contact-submissions?limit=50, reached by walking 49 cursors first;
 *   - a client's page: GET /clients/{id}, /projects?clientId= and /communications?clientId=;
 *   - the dashboard's counters, GET /summary.
 * Then, once each:
 *   - the CSV export of every lead (GET /contact-submissions.csv, gzip as a browser asks): time,
 *     bytes, rows, and the server's resident memory (VmRSS from /proc/<pid>/status every 50 ms)
 *     at its peak during the download against its value when idle just before;
 *   - in Chromium (/usr/bin/chromium, CHROMIUM_PATH, or Playwright's own) at 1280×800 with the
 *     staff cookie: the time from navigation to the first visible `table tbody tr` on
 *     /admin#clients and /admin#messages, in a fresh context (cold cache) and once more in the
 *     same context (warm); 15 s without a row reports "no table row".
 * Targets: p99 ≤ 50 ms and no error for every API case; memory growth ≤ 100 MB for the export.
 * BENCH_DATABASE=sqld runs the server on a libSQL server on loopback started from the same seeded
 * file (scripts/bench-database.mjs), and adds each case's statements per request, read from the
 * server's statistics; more than STATEMENTS_LIMIT is marked.
 * A measurement, not a test: it exits 0 unless it cannot run. The server is stopped and the temp
 * folder removed at the end, also on failure or Ctrl-C.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createGunzip } from 'node:zlib';
import { createClient } from '@libsql/client';
import { chromium } from '@playwright/test';
import autocannon from 'autocannon';
import { buildFingerprint, readStamp, writeStamp } from './build-stamp.mjs';
import { staffSessionToken } from './bench-process.mjs';
import { benchDatabase } from './bench-database.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const OUT_DIR = join(root, 'dist-bench-admin');
/** Baked into the build; fixed so that a new port does not force a rebuild. */
const SITE_URL = 'http://bench-admin.localhost';
const STAFF_EMAIL = 'bench-staff@bench.example';
const CONNECTIONS = 20;
const P99_TARGET_MS = 50;
const RSS_GROWTH_TARGET_MB = 100;
const RSS_SAMPLE_MS = 50;
/** Statements one request may issue before it is marked: each costs a round trip on a server. */
const STATEMENTS_LIMIT = 10;
const ROW_TIMEOUT_MS = 15_000;
/** Ports other runs on this machine use. */
const TAKEN_PORTS = new Set([4321, 4730, 4900]);

const { values: args } = parseArgs({
  options: { scale: { type: 'string', default: '10000' }, duration: { type: 'string', default: '10' } },
});
const SCALE = Number(args.scale);
const DURATION_S = Number(args.duration);
if (!Number.isInteger(SCALE) || SCALE < 1 || !Number.isInteger(DURATION_S) || DURATION_S < 1) {
  console.error('Usage: node scripts/bench-admin.mjs [--scale N] [--duration SECONDS] (whole numbers ≥ 1)');
  process.exit(2);
}
if (Number(process.versions.node.split('.')[0]) < 22) {
  console.error(
    `Node ${process.versions.node} is too old: run \`npm run bench:admin\` (it uses the project's Node 24).`,
  );
  process.exit(2);
}

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
const MB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Set-up: database, build, server, staff session

/** A free TCP port on 127.0.0.1 chosen by the system, never one of TAKEN_PORTS. */
async function freePort() {
  for (;;) {
    const port = await new Promise((done, fail) => {
      const probe = net.createServer();
      probe.once('error', fail);
      probe.listen(0, '127.0.0.1', () => {
        const address = /** @type {net.AddressInfo} */ (probe.address());
        probe.close(() => done(address.port));
      });
    });
    if (!TAKEN_PORTS.has(port)) return port;
  }
}

/** Runs a TypeScript script of the project with tsx; throws when it fails. @param {string[]} argv @param {NodeJS.ProcessEnv} env */
function tsx(argv, env, capture = false) {
  const result = spawnSync(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), ...argv], {
    cwd: root,
    env,
    encoding: 'utf8',
    stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
  });
  if (result.status !== 0) throw new Error(`tsx ${argv.join(' ')} failed (exit ${result.status})`);
  return result.stdout ?? '';
}

/** Builds the site into OUT_DIR unless its build stamp matches the sources. @param {NodeJS.ProcessEnv} env */
function buildIfNeeded(env) {
  const fingerprint = buildFingerprint(root, env);
  if (readStamp(OUT_DIR) === fingerprint) return 'up to date';
  const started = performance.now();
  const astro = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build', '--outDir', OUT_DIR], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('The build failed; see the messages above.');
  writeStamp(OUT_DIR, fingerprint);
  return `built in ${((performance.now() - started) / 1000).toFixed(1)} s`;
}

/** @param {string} base @param {import('node:child_process').ChildProcess} server */
async function waitForServer(base, server) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error('The server did not start within 60 s');
}

// ---------------------------------------------------------------------------------------------
// Search words, from the full-text indexes' vocabulary

/**
 * A common and a rare word of one FTS5 index (see the module comment for the rules).
 * @param {import('@libsql/client').Client} db @param {string} table @param {string} fts
 */
async function pickWords(db, table, fts) {
  const vocab = `temp.${fts}_vocab`;
  await db.execute(`create virtual table if not exists ${vocab} using fts5vocab(main, ${fts}, row)`);
  const rows = Number((await db.execute(`select count(*) as n from ${table}`)).rows[0]?.n ?? 0);
  const letters = `term not glob '*[^a-z]*'`;
  const common = await db.execute({
    sql: `select term from ${vocab} where ${letters} and length(term) >= 4 and doc < ? order by doc desc, term limit 1`,
    args: [rows / 2],
  });
  const rare = await db.execute(
    `select term from ${vocab} where ${letters} and length(term) >= 5 and doc >= 5 order by doc, term limit 1`,
  );
  const word = (/** @type {import('@libsql/client').ResultSet} */ r) => String(r.rows[0]?.term ?? '');
  return { common: word(common), rare: word(rare) };
}

// ---------------------------------------------------------------------------------------------
// Measurements

/**
 * @typedef {{ name: string, rps: number, p50: number, p99: number, errors: number, note?: string, statements?: number | null }} Row
 */

/** @param {string} url @param {Record<string, string>} headers @param {number} duration @returns {Promise<any>} */
function cannon(url, headers, duration) {
  return new Promise((done, fail) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers }, (error, result) =>
      error ? fail(error) : done(result),
    );
  });
}

/** A warm-up, then the measured run. @param {string} name @param {string} url @param {Record<string, string>} headers @returns {Promise<Row>} */
async function bench(name, url, headers) {
  await cannon(url, headers, Math.min(2, DURATION_S));
  const result = await cannon(url, headers, DURATION_S);
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** The server's resident memory in bytes, or null where /proc is missing. @param {number} pid */
function rss(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Downloads the CSV once, gzip-encoded as a browser asks, while sampling the server's RSS.
 * @param {string} url @param {Record<string, string>} headers @param {number} pid
 */
async function exportCsv(url, headers, pid) {
  // Idle: a second of samples before the request; the last one is "just before".
  let idle = null;
  for (let i = 0; i < 1000 / RSS_SAMPLE_MS; i++) {
    idle = rss(pid);
    await sleep(RSS_SAMPLE_MS);
  }
  let peak = idle ?? 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(pid) ?? 0)), RSS_SAMPLE_MS);
  const started = performance.now();
  try {
    const result = await new Promise((done, fail) => {
      const request = http.get(url, { headers: { ...headers, 'accept-encoding': 'gzip' } }, (response) => {
        let wire = 0;
        let bytes = 0;
        let records = 0;
        let quoted = false;
        let previous = 0;
        let firstByteMs = 0;
        response.on('data', (/** @type {Buffer} */ chunk) => {
          if (wire === 0) firstByteMs = performance.now() - started;
          wire += chunk.length;
        });
        const gzip = response.headers['content-encoding'] === 'gzip';
        const body = gzip ? response.pipe(createGunzip()) : response;
        body.on('data', (/** @type {Buffer} */ chunk) => {
          bytes += chunk.length;
          // Records end with \r\n outside quotes (RFC 4180; a quote inside a field is doubled).
          for (const byte of chunk) {
            if (byte === 0x22) quoted = !quoted;
            else if (byte === 0x0a && previous === 0x0d && !quoted) records++;
            previous = byte;
          }
        });
        body.on('end', () =>
          done({
            status: response.statusCode,
            encoding: response.headers['content-encoding'] ?? 'identity',
            wire,
            bytes,
            rows: Math.max(0, records - 1),
            firstByteMs,
            ms: performance.now() - started,
          }),
        );
        body.on('error', fail);
      });
      request.on('error', fail);
    });
    peak = Math.max(peak, rss(pid) ?? 0);
    return { ...result, idle, peak: idle === null ? null : peak };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Navigation → first visible `table tbody tr` for each `/admin#view`, cold (new context) then warm.
 * @param {string} base @param {string} token @param {string[]} views
 */
async function firstRowTimes(base, token, views) {
  const systemChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const browser = await chromium.launch({
    ...(existsSync(systemChromium) ? { executablePath: systemChromium } : {}),
    args: ['--no-sandbox', '--disable-gpu'],
  });
  /** @type {{ view: string, cold: string, warm: string }[]} */
  const results = [];
  try {
    for (const view of views) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addCookies([{ name: 'admin_session', value: token, url: base, httpOnly: true, sameSite: 'Lax' }]);
      const page = await context.newPage();
      /** @type {string[]} */
      const pageErrors = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') pageErrors.push(message.text());
      });
      const measure = async () => {
        const started = performance.now();
        try {
          await page.goto(`${base}/admin${view}`, { waitUntil: 'commit', timeout: ROW_TIMEOUT_MS });
          await page.locator('table tbody tr').first().waitFor({ state: 'visible', timeout: ROW_TIMEOUT_MS });
          return `${Math.round(performance.now() - started)} ms`;
        } catch {
          // Say what the page shows instead, e.g. the dashboard's heading or the sign-in screen's.
          const heading = await page
            .locator('h1')
            .first()
            .textContent({ timeout: 1000 })
            .catch(() => null);
          const error = pageErrors[0] ? `; first page error: ${pageErrors[0].split('\n')[0]?.slice(0, 160)}` : '';
          return `no table row in ${ROW_TIMEOUT_MS / 1000} s (h1: ${JSON.stringify(heading?.trim() ?? null)}${error})`;
        }
      };
      const cold = await measure();
      let warm = '–';
      if (cold.endsWith(' ms')) {
        await page.goto('about:blank');
        warm = await measure();
      }
      results.push({ view, cold, warm });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// Output

/** @param {string[][]} rows the header first; numbers right-aligned */
function printTable(rows) {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  const line = (/** @type {string[]} */ cells) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  console.log(line(rows[0] ?? []));
  console.log(`|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const row of rows.slice(1)) console.log(line(row));
}

// ---------------------------------------------------------------------------------------------
// Main

const dataDir = mkdtempSync(join(tmpdir(), 'bench-admin-'));
const dbFile = join(dataDir, 'bench.db');
/** @type {import('node:child_process').ChildProcess | null} */
let server = null;
/** @type {import('./bench-database.mjs').BenchDatabase | null} */
let database = null;

/** Stops the server (SIGTERM, then SIGKILL after 5 s) and removes the temp folder. */
async function cleanUp() {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    if ((await Promise.race([exited.then(() => true), sleep(5000).then(() => false)])) === false) {
      server.kill('SIGKILL');
    }
  }
  await database?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    server?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(130);
  });
}

try {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    ASTRO_TELEMETRY_DISABLED: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL,
    DATABASE_URL: `file:${dbFile}`,
    OUTBOX_DIR: join(dataDir, 'outbox'),
    ADMIN_EMAILS: STAFF_EMAIL,
  };

  console.log(`bench:admin: seeding ${SCALE.toLocaleString('en-US')} clients into ${dbFile} …`);
  const seedStarted = performance.now();
  tsx([join(root, 'db', 'seed.ts'), '--scale', String(SCALE)], env); // migrates, then seeds
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  database = await benchDatabase(dbFile);
  env.DATABASE_URL = database.url;
  const build = buildIfNeeded(env);

  server = spawn(process.execPath, [join(OUT_DIR, 'server', 'entry.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pid = /** @type {number} */ (server.pid);
  await waitForServer(base, server);
  const token = await staffSessionToken(base, env, STAFF_EMAIL);
  const headers = { cookie: `admin_session=${token}` };
  const api = `${base}/api/admin`;
  /** @param {string} path @returns {Promise<any>} */
  const getJson = async (path) => {
    const response = await fetch(`${api}${path}`, { headers });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };

  const db = createClient({ url: `file:${dbFile}` });
  const messageWords = await pickWords(db, 'communications', 'communications_fts');
  const clientWords = await pickWords(db, 'clients', 'clients_fts');
  // A client of the scale data (3 projects, 60 messages), not the small demo client.
  const clientId = (
    await db.execute(`select id from clients where email like '%@seed%.example.com' order by rowid desc limit 1`)
  ).rows[0]?.id;
  db.close();
  for (const word of [...Object.values(messageWords), ...Object.values(clientWords)]) {
    if (!word) throw new Error('The search indexes hold too few words: seed more (--scale)');
  }

  // Page 50 of the leads: 49 cursors first.
  let cursor = null;
  for (let page = 1; page < 50; page++) {
    const body = await getJson(`/contact-submissions?limit=50${cursor ? `&cursor=${cursor}` : ''}`);
    cursor = body.nextCursor;
    if (!cursor) throw new Error(`The leads end at page ${page}: seed more (--scale) to reach page 50`);
  }
  if (!clientId) throw new Error('No scale client to open');

  /** @type {{ name: string, path: string }[]} */
  const cases = [
    { name: 'clients, first page', path: '/clients' },
    { name: 'projects, first page', path: '/projects' },
    { name: 'messages, first page', path: '/communications' },
    { name: 'leads, first page', path: '/contact-submissions' },
    { name: `messages, search common "${messageWords.common}"`, path: `/communications?q=${messageWords.common}` },
    { name: `messages, search rare "${messageWords.rare}"`, path: `/communications?q=${messageWords.rare}` },
    { name: `clients, search common "${clientWords.common}"`, path: `/clients?q=${clientWords.common}` },
    { name: `clients, search rare "${clientWords.rare}"`, path: `/clients?q=${clientWords.rare}` },
    { name: 'leads, page 50 by cursor', path: `/contact-submissions?limit=50&cursor=${cursor}` },
    { name: 'client page: the client', path: `/clients/${clientId}` },
    { name: 'client page: its projects', path: `/projects?clientId=${clientId}` },
    { name: 'client page: its conversation', path: `/communications?clientId=${clientId}` },
    { name: 'summary (counters)', path: '/summary' },
  ];
  /** @type {Row[]} */
  const rows = [];
  for (const { name, path } of cases) {
    // One plain request first: it checks the answer and gives a search's number of matches.
    const body = await getJson(path);
    const label = typeof body.total === 'number' ? `${name} (total ${body.total.toLocaleString('en-US')})` : name;
    process.stdout.write(`  ${label} … `);
    const row = await bench(label, `${api}${path}`, headers);
    row.statements = await database.statementsPerRequest(() => getJson(path));
    console.log(`${row.rps} req/s, p99 ${row.p99} ms`);
    rows.push(row);
  }

  const csv = await exportCsv(`${api}/contact-submissions.csv`, headers, pid);
  const views = await firstRowTimes(base, token, ['#clients', '#messages']);

  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  console.log(
    `\nbench:admin at ${commit || '?'} on Node ${process.versions.node}: N = ${SCALE.toLocaleString('en-US')} ` +
      `(seeded in ${seedSeconds.toFixed(1)} s; site ${build}), server ${base}, ` +
      `autocannon ${CONNECTIONS} connections × ${DURATION_S} s per case, database: ` +
      `${database.kind === 'sqld' ? 'libSQL server (sqld) on loopback' : 'embedded file'}\n`,
  );
  const target = `p99 ≤ ${P99_TARGET_MS} ms`;
  const onServer = database.kind === 'sqld';
  /** @param {Row} r */
  const statementsCell = (r) =>
    r.statements == null ? '' : `${r.statements.toFixed(1)}${r.statements > STATEMENTS_LIMIT ? ' (> 10)' : ''}`;
  printTable([
    ['case', 'req/s', 'p50 ms', 'p99 ms', 'errors', `target (${target})`, 'ok?', ...(onServer ? ['statements'] : [])],
    ...rows.map((r) => [
      r.name,
      String(r.rps),
      String(r.p50),
      String(r.p99),
      String(r.errors),
      target,
      r.p99 <= P99_TARGET_MS && r.errors === 0 ? 'yes' : 'NO',
      ...(onServer ? [statementsCell(r)] : []),
    ]),
  ]);

  const growth = csv.idle === null || csv.peak === null ? null : (csv.peak - csv.idle) / MB;
  console.log(
    `\nCSV export of all leads (GET /api/admin/contact-submissions.csv): HTTP ${csv.status}, ` +
      `${csv.rows.toLocaleString('en-US')} rows, ${(csv.bytes / MB).toFixed(1)} MB ` +
      `(${(csv.wire / MB).toFixed(1)} MB on the wire, ${csv.encoding}), ` +
      `first byte ${Math.round(csv.firstByteMs)} ms, done in ${(csv.ms / 1000).toFixed(2)} s`,
  );
  console.log(
    growth === null
      ? '  server RSS: not measured (no /proc)'
      : `  server RSS: ${/** @type {number} */ (csv.idle / MB).toFixed(0)} MB idle → ` +
          `${/** @type {number} */ (csv.peak / MB).toFixed(0)} MB peak: +${growth.toFixed(0)} MB ` +
          `(target ≤ ${RSS_GROWTH_TARGET_MB} MB) ${growth <= RSS_GROWTH_TARGET_MB ? 'ok' : 'NOT OK'}`,
  );
  console.log('\nChromium 1280×800, navigation → first visible `table tbody tr`:');
  for (const v of views) console.log(`  /admin${v.view.padEnd(10)} cold ${v.cold}; warm ${v.warm}`);
} catch (error) {
  console.error('\nbench:admin could not run:', error instanceof Error ? error.message : error);
  // fetch's own message ("fetch failed") names no reason: its cause does.
  if (error instanceof Error && error.cause) console.error('  cause:', error.cause);
  if (error instanceof Error) console.error(error.stack);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
