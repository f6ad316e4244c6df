// @ts-check
/**
 * `npm run bench:chat`: live chat's figures (docs/product.md#live-chat, docs/decisions/0029-live-chat.md).
 *
 * Builds (dist-bench/, shared with bench:api and bench:soak) and starts the production server on a
 * throw-away database, signs a staff member in with a one-time link (`npm run admin:link`), sends
 * its heartbeat and opens the staff's event stream, then:
 *   1. the panel's size: the gzip bytes of the chat panel's files in the build (the panel module
 *      and what it imports), against the 60 KB budget;
 *   2. 100 messages from one visitor, one after another: the time from the start of each
 *      POST /api/chat/messages to the message's `chat-message` event on the staff stream, p50 and
 *      p99, against the 2 s budget;
 *   3. 200 visitors, each with a conversation, holding their event streams open and idle: the
 *      server's resident memory (VmRSS) before and 10 s after they opened, and per stream.
 * A measurement, not a test: it exits 0 unless it cannot run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { readEvents, rssMiB, serverPid, staffSessionToken } from './bench-process.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const port = Number(process.env.BENCH_PORT ?? 4353);
const base = `http://127.0.0.1:${port}`;
const STAFF_EMAIL = 'bench-staff@bench.example';
const MESSAGES = 100;
const IDLE_STREAMS = 200;
const LATENCY_TARGET_MS = 2000;
const PANEL_BUDGET_BYTES = 6 * 1024;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-chat-'));
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  // The same build-time settings as bench:api and bench:soak, so all use one build in dist-bench/.
  SITE_URL: 'http://localhost:4351',
  DATABASE_URL: `file:${join(dataDir, 'bench.db')}`,
  OUTBOX_DIR: join(dataDir, 'outbox'),
  ADMIN_EMAILS: STAFF_EMAIL,
  LEADS_NOTIFY_TO: '',
  LOG_LEVEL: 'warn',
  // Every visitor of the run comes from 127.0.0.1.
  CHAT_CONVERSATIONS_PER_HOUR: '100000',
  CHAT_MESSAGES_PER_MINUTE: '100000',
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
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

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

/** A visitor's first message; resolves with its cookie. @param {string} body */
async function newVisitor(body) {
  const response = await fetch(`${base}/api/chat/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ body, page: '/' }),
  });
  if (response.status !== 201) throw new Error(`A visitor's message answered ${response.status}`);
  return (response.headers.getSetCookie().find((c) => c.startsWith('chat_visitor=')) ?? '').split(';')[0] ?? '';
}

/** @param {number[]} values @param {number} p */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** The gzip bytes of the panel's module and the modules it imports, from the build. */
function panelBytes() {
  const dir = join(root, 'dist-bench', 'client', '_astro');
  const files = readdirSync(dir);
  const panel = files.find((f) => /^panel\.[\w-]+\.js$/.test(f));
  if (!panel) throw new Error('No chat panel module in the build');
  const seen = new Set([panel]);
  const queue = [panel];
  let total = 0;
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift());
    const code = readFileSync(join(dir, file));
    total += gzipSync(code, { level: 9 }).byteLength;
    for (const [, name] of code.toString('utf8').matchAll(/from\s*"\.\/([\w.-]+\.js)"/g)) {
      if (name && !seen.has(name)) {
        seen.add(name);
        queue.push(name);
      }
    }
  }
  return { files: [...seen], total };
}

try {
  await waitForServer();
  const pid = serverPid(starter.pid);
  const cookie = `admin_session=${await staffSessionToken(base, env, STAFF_EMAIL)}`;
  const staffHeaders = { cookie, origin: base, 'content-type': 'application/json' };
  const presence = await fetch(`${base}/api/admin/presence`, { method: 'POST', headers: staffHeaders, body: '{}' });
  if (!(await presence.json()).online) throw new Error('The staff member does not count as online');

  const panel = panelBytes();

  // 2. Latency: visitor's POST to the staff stream's event.
  const staffAbort = new AbortController();
  const staffStream = await fetch(`${base}/api/admin/stream`, { headers: { cookie }, signal: staffAbort.signal });
  /** @type {Map<string, (at: number) => void>} */
  const waiting = new Map();
  readEvents(staffStream, 'chat-message', (data, at) => waiting.get(data.message.body)?.(at)).catch(() => undefined);
  await sleep(200);
  const first = `bench message 0 ${Date.now()}`;
  const visitorCookie = await newVisitor(first);
  /** @type {number[]} */
  const latencies = [];
  for (let i = 1; i <= MESSAGES; i++) {
    const body = `bench message ${i} ${Date.now()}`;
    const arrived = new Promise((resolveArrival) => waiting.set(body, resolveArrival));
    const started = performance.now();
    const response = await fetch(`${base}/api/chat/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie: visitorCookie },
      body: JSON.stringify({ body }),
    });
    if (response.status !== 201) throw new Error(`Message ${i} answered ${response.status}`);
    const at = /** @type {number} */ (await Promise.race([arrived, sleep(10_000).then(() => Number.NaN)]));
    latencies.push(at - started);
    waiting.delete(body);
    await sleep(20);
  }
  staffAbort.abort();

  // 3. Idle visitor streams.
  /** @type {string[]} */
  const cookies = [];
  for (let i = 0; i < IDLE_STREAMS; i++) cookies.push(await newVisitor(`idle visitor ${i}`));
  await sleep(2000);
  const before = rssMiB(pid);
  const controllers = cookies.map(() => new AbortController());
  const streams = await Promise.all(
    cookies.map((c, i) => fetch(`${base}/api/chat/stream`, { headers: { cookie: c }, signal: controllers[i]?.signal })),
  );
  const open = streams.filter((s) => s.status === 200).length;
  await sleep(10_000);
  const after = rssMiB(pid);
  for (const controller of controllers) controller.abort();

  const missing = latencies.filter((l) => Number.isNaN(l)).length;
  const measured = latencies.filter((l) => !Number.isNaN(l));
  const p50 = Math.round(percentile(measured, 50) * 10) / 10;
  const p99 = Math.round(percentile(measured, 99) * 10) / 10;
  const rows = [
    [
      'chat panel, gzip bytes (' + panel.files.join(' + ') + ')',
      String(panel.total),
      `≤ ${PANEL_BUDGET_BYTES}`,
      panel.total <= PANEL_BUDGET_BYTES ? 'meets' : 'misses',
    ],
    [`visitor message → staff screen, p50 ms (${MESSAGES} messages)`, String(p50), '', ''],
    [
      `visitor message → staff screen, p99 ms`,
      String(p99),
      `≤ ${LATENCY_TARGET_MS}`,
      p99 <= LATENCY_TARGET_MS && missing === 0 ? 'meets' : 'misses',
    ],
    ['messages that never reached the staff stream', String(missing), '0', missing === 0 ? 'meets' : 'misses'],
    [`idle visitor streams open`, `${open} of ${IDLE_STREAMS}`, '', ''],
    ['server memory before the streams, MiB', String(before), '', ''],
    ['server memory with them, after 10 s, MiB', String(after), '', ''],
    ['memory per idle stream, KiB', String(Math.round(((after - before) * 1024) / Math.max(1, open))), '', ''],
  ];
  const widths = [0, 1, 2, 3].map((c) =>
    Math.max(...rows.map((r) => (r[c] ?? '').length), ['figure', 'value', 'target', 'verdict'][c]?.length ?? 0),
  );
  const line = (/** @type {string[]} */ cells) =>
    `| ${cells.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join(' | ')} |`;
  process.stdout.write(`\nLive chat on ${base}\n\n`);
  process.stdout.write(`${line(['figure', 'value', 'target', 'verdict'])}\n`);
  process.stdout.write(`${line(widths.map((w) => '-'.repeat(w)))}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  cleanUp();
}
