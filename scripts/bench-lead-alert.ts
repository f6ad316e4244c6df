/**
 * `npm run bench:lead-alert`: how fast an urgent lead reaches the team
 * (docs/product.md#urgent-lead-alert). Against the end-to-end test server of E2E_PORT (default
 * 4331), which it starts itself (`node scripts/e2e-server.mjs`, building when needed) unless one
 * already answers there, and stops at the end: no SMTP, so each email is written to its outbox
 * folder as a `.eml` file.
 *
 * A staff dashboard is opened in Chromium (CHROMIUM_PATH, default /usr/bin/chromium) with a
 * staff session, and a raw event stream is read beside it. Then LEADS emergency requests are
 * POSTed to /api/contact one after another, a second apart. For each, from the moment the POST
 * is sent (milliseconds, `Date.now()` on this machine):
 *   - the answer (201);
 *   - the `lead-urgent` event read on the staff's event stream;
 *   - the dashboard's banner naming the lead (seen by a MutationObserver in the page);
 *   - the team's email file in the outbox (the folder is watched; the file names the lead's id).
 * Prints min, median, p95 and max of each as a table. A measurement, not a test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, watch } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { createSession } from '../src/server/services/sign-in/sessions.ts';
import { E2E_ADMIN_EMAILS, e2eDataDir, e2eEnv } from './e2e-env.mjs';
import { percentile, waitForServer } from './bench-server.ts';

const port = process.env.E2E_PORT ?? '4331';
const LEADS = Number(process.env.BENCH_LEADS ?? 20);
const base = `http://localhost:${port}`;
const env = e2eEnv(port);
const outbox = join(e2eDataDir(port), 'outbox');
const staffEmail = E2E_ADMIN_EMAILS[0]!;

/** The server this benchmark started (none when one was already running on the port). */
let started: ChildProcess | undefined;
if (
  !(await fetch(`${base}/api/health`)
    .then((r) => r.ok)
    .catch(() => false))
) {
  started = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: { ...process.env, E2E_PORT: port },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
await waitForServer(base);
const db = await openDatabase(env.DATABASE_URL!);
await db.write((tx) => tx.insert(users).values({ username: staffEmail }).onConflictDoNothing());
const [staff] = await db.read.select().from(users).where(eq(users.username, staffEmail));
const session = await createSession(db, 'staff', staff!.id);

/** When each lead's milestones were seen, by lead id (ms since the epoch). */
const seen = new Map<string, { event?: number; email?: number }>();
const mark = (leadId: string, what: 'event' | 'email', at: number) => {
  const entry = seen.get(leadId) ?? {};
  entry[what] ??= at;
  seen.set(leadId, entry);
};

// The outbox: each new .eml file is read once for the lead's id ("Lead {id} — …").
const read = new Set(existsSync(outbox) ? readdirSync(outbox) : []);
const scan = () => {
  if (!existsSync(outbox)) return;
  for (const file of readdirSync(outbox)) {
    if (read.has(file) || !file.endsWith('.eml')) continue;
    read.add(file);
    const at = Date.now();
    const id = /Lead ([0-9a-f-]{36})/.exec(readFileSync(join(outbox, file), 'utf8').replace(/=\r?\n/g, ''))?.[1];
    if (id) mark(id, 'email', at);
  }
};
const watcher = existsSync(outbox) ? watch(outbox, scan) : null;
const poll = setInterval(scan, 5);

// The staff's raw event stream.
const streams = new AbortController();
const stream = await fetch(`${base}/api/admin/stream`, {
  headers: { authorization: `Bearer ${session.token}`, accept: 'text/event-stream' },
  signal: streams.signal,
});
if (!stream.ok || !stream.body) throw new Error(`the stream answered ${stream.status}`);
void (async () => {
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!block.includes('event: lead-urgent')) continue;
        const data = block.split('\n').find((l) => l.startsWith('data:'));
        if (data) mark((JSON.parse(data.slice(5)) as { leadId: string }).leadId, 'event', Date.now());
      }
    }
  } catch {
    // aborted at the end
  }
})();

// The dashboard in a browser, which records when each banner appears.
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const context = await browser.newContext({ baseURL: base });
await context.addCookies([{ name: 'admin_session', value: session.token, url: base, httpOnly: true, sameSite: 'Lax' }]);
const page = await context.newPage();
await page.addInitScript(() => {
  const shown: Record<string, number> = {};
  (window as unknown as { __banners: typeof shown }).__banners = shown;
  new MutationObserver(() => {
    for (const link of document.querySelectorAll<HTMLAnchorElement>('[aria-label="Urgent alerts"] a[href^="#lead/"]')) {
      const id = link.getAttribute('href')!.slice('#lead/'.length);
      shown[id] ??= Date.now();
    }
  }).observe(document, { childList: true, subtree: true });
});
const ready = page.waitForResponse((r) => r.url().endsWith('/api/admin/stream') && r.status() === 200);
await page.goto('/admin');
await ready;

const rows: { sent: number; answered: number; id: string }[] = [];
for (let i = 0; i < LEADS; i++) {
  const sent = Date.now();
  const response = await fetch(`${base}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      source: 'emergency',
      name: `Bench Urgent ${i}`,
      contact: '(302) 555-0142',
      message: 'Bench: our site is down.',
    }),
  });
  const answered = Date.now();
  if (response.status !== 201) throw new Error(`POST /api/contact answered ${response.status}`);
  rows.push({ sent, answered, id: ((await response.json()) as { id: string }).id });
  await new Promise((r) => setTimeout(r, 1000));
}
// Everything that is coming has come within 10 s.
for (let i = 0; i < 100 && rows.some((r) => !seen.get(r.id)?.email || !seen.get(r.id)?.event); i++) {
  await new Promise((r) => setTimeout(r, 100));
}
const banners = await page.evaluate(() => (window as unknown as { __banners: Record<string, number> }).__banners);

const column = (pick: (r: (typeof rows)[number]) => number | undefined) => {
  const values = rows.map(pick).filter((v): v is number => v !== undefined);
  const sorted = values.sort((a, b) => a - b);
  return {
    n: sorted.length,
    min: sorted[0] ?? NaN,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1) ?? NaN,
  };
};
const table = [
  ['POST answered (201)', column((r) => r.answered - r.sent)],
  ['event on staff stream', column((r) => (seen.get(r.id)?.event ?? NaN) - r.sent || undefined)],
  ['banner on the dashboard', column((r) => (banners[r.id] === undefined ? undefined : banners[r.id]! - r.sent))],
  ['team email .eml written', column((r) => (seen.get(r.id)?.email ?? NaN) - r.sent || undefined)],
] as const;
console.log(`\nbench:lead-alert — ${LEADS} urgent leads on port ${port}, ms from the POST being sent`);
console.log(
  `  ${'milestone'.padEnd(26)} ${'n'.padStart(3)} ${'min'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'max'.padStart(7)}`,
);
for (const [name, c] of table) {
  const f = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '—').padStart(7);
  console.log(`  ${name.padEnd(26)} ${String(c.n).padStart(3)} ${f(c.min)} ${f(c.p50)} ${f(c.p95)} ${f(c.max)}`);
}

clearInterval(poll);
watcher?.close();
streams.abort();
await browser.close();
db.close();
if (started) {
  started.kill('SIGTERM');
  await once(started, 'exit');
}
process.exit(0);
