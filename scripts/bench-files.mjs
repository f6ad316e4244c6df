// @ts-check
/**
 * `npm run bench:files`: uploads and downloads (docs/product.md#files,
 * docs/decisions/0030-files-and-approvals.md).
 *
 * Builds (dist-bench/, shared with bench:api, bench:soak and bench:chat) and starts the production
 * server on a throw-away database and uploads folder, signs a staff member in with a one-time
 * link, makes a client and a project through the API, then:
 *   1. one upload of a file just under 25 MB (a zip archive: its header, then random bytes): time
 *      and MB/s, median of 3;
 *   2. 10 such uploads at once: the server's resident memory (VmRSS, sampled every 50 ms) before
 *      and at its peak, beside the 250 MB the files add up to (uploads are streamed, never held whole);
 *   3. downloads of that file: the time to the first byte of the body, median and worst of 10.
 * A measurement, not a test: it exits 0 unless it cannot run.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rssMiB, serverPid, staffSessionToken } from './bench-process.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const port = Number(process.env.BENCH_PORT ?? 4354);
const base = `http://127.0.0.1:${port}`;
const STAFF_EMAIL = 'bench-staff@bench.example';
/** Just under the 25 MB limit, leaving room for nothing: the limit counts the file only. */
const FILE_BYTES = 25 * 1024 * 1024 - 1024;
const CONCURRENT = 10;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-files-'));
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  SITE_URL: 'http://localhost:4351',
  DATABASE_URL: `file:${join(dataDir, 'bench.db')}`,
  OUTBOX_DIR: join(dataDir, 'outbox'),
  UPLOADS_DIR: join(dataDir, 'uploads'),
  ADMIN_EMAILS: STAFF_EMAIL,
  LEADS_NOTIFY_TO: '',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT: '100000',
};

const starter = spawn(process.execPath, [join(root, 'scripts', 'start.mjs'), '--out-dir', 'dist-bench'], {
  cwd: root,
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
const cleanUp = () => {
  starter.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitForServer() {
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  throw new Error('The server did not start within 240 s');
}

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

try {
  await waitForServer();
  const pid = serverPid(starter.pid);
  const headers = { cookie: `admin_session=${await staffSessionToken(base, env, STAFF_EMAIL)}`, origin: base };
  const json = { ...headers, 'content-type': 'application/json' };
  const client = await (
    await fetch(`${base}/api/admin/clients`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Bench Client', email: 'bench-client@bench.example', password: 'bench-password' }),
    })
  ).json();
  const project = await (
    await fetch(`${base}/api/admin/projects`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ clientId: client.id, title: 'Bench project' }),
    })
  ).json();

  // A zip archive's local file header, then random bytes: an accepted type of the full size.
  const bytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(FILE_BYTES - 4)]);
  const upload = async () => {
    const form = new FormData();
    form.set('file', new Blob([bytes]), 'bench.zip');
    const started = performance.now();
    const response = await fetch(`${base}/api/admin/projects/${project.id}/files`, {
      method: 'POST',
      headers,
      body: form,
    });
    const ms = performance.now() - started;
    if (response.status !== 201) throw new Error(`An upload answered ${response.status}: ${await response.text()}`);
    return { ms, id: /** @type {{ id: string }} */ (await response.json()).id };
  };

  // 1. One upload at a time.
  /** @type {number[]} */
  const singles = [];
  let fileId = '';
  for (let i = 0; i < 3; i++) {
    const { ms, id } = await upload();
    singles.push(ms);
    fileId = id;
  }

  // 2. Ten at once, with the server's memory sampled.
  await sleep(1000);
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 50);
  const startedAll = performance.now();
  await Promise.all(Array.from({ length: CONCURRENT }, upload));
  const allMs = performance.now() - startedAll;
  clearInterval(sampler);

  // 3. Time to the first byte of a download.
  /** @type {number[]} */
  const firstBytes = [];
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/api/files/${fileId}`, { headers });
    const reader = /** @type {ReadableStream<Uint8Array>} */ (response.body).getReader();
    await reader.read();
    firstBytes.push(performance.now() - started);
    await reader.cancel();
  }

  const mb = FILE_BYTES / (1024 * 1024);
  const rows = [
    ['one 25 MB upload, median ms (3 runs)', Math.round(median(singles)).toString()],
    ['one 25 MB upload, MB/s', (mb / (median(singles) / 1000)).toFixed(1)],
    [`${CONCURRENT} uploads at once, total ms`, Math.round(allMs).toString()],
    [`${CONCURRENT} uploads at once, MB/s together`, ((CONCURRENT * mb) / (allMs / 1000)).toFixed(1)],
    ['server memory before, MiB', before.toString()],
    [`server memory at its peak during the ${CONCURRENT} uploads, MiB`, peak.toString()],
    [
      `memory growth, MiB (the files add up to ${Math.round(CONCURRENT * mb)} MB)`,
      (Math.round((peak - before) * 10) / 10).toString(),
    ],
    ['download, time to first byte, median ms (10)', median(firstBytes).toFixed(1)],
    ['download, time to first byte, worst ms', Math.max(...firstBytes).toFixed(1)],
  ];
  const widths = [0, 1].map((c) =>
    Math.max(...rows.map((r) => (r[c] ?? '').length), ['figure', 'value'][c]?.length ?? 0),
  );
  const line = (/** @type {string[]} */ cells) =>
    `| ${cells.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join(' | ')} |`;
  process.stdout.write(
    `\nFiles on ${base}\n\n${line(['figure', 'value'])}\n${line(widths.map((w) => '-'.repeat(w)))}\n`,
  );
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  cleanUp();
}
