/**
 * `npm run bench:backlog`: a backlog of new-lead emails queued at once, and the server that works
 * it off (docs/product.md#notifications; the notification worker's bounded batches). Builds
 * (dist-bench/) and starts the server with an SMTP server in this process, queues LEADS leads
 * (default 20,000; `-- --leads N`) with their team emails in one transaction, as a burst of the
 * contact form would leave them, then until every email is out:
 *   - asks `GET /api/health` every 50 ms and keeps its latency;
 *   - reads the server's resident memory (VmRSS) every 250 ms.
 * Prints how long the backlog took, how many emails arrived and how many distinct leads they
 * named (each exactly once is the goal), the health check's p50, p99 and max, and resident
 * memory before, at its highest and 10 s after, beside the targets: health within 100 ms
 * throughout, memory under 600 MiB. A measurement, not a test: it exits 0 unless it cannot run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contactSubmissions } from '../db/schema/index.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { notifyNewLead } from '../src/server/services/email/notifications.ts';
import {
  percentile,
  ROOT,
  rssMiB,
  serverPidOf,
  startBenchServer,
  startSmtpSink,
  waitForServer,
} from './bench-server.ts';

const port = Number(process.env.BENCH_PORT ?? 4353);
const base = `http://127.0.0.1:${port}`;
const leadsArg = process.argv.indexOf('--leads');
const LEADS = leadsArg > 0 ? Number(process.argv[leadsArg + 1]) : 20_000;

/**
 * `--queue <url> <n>`: this file run as a child process that queues the leads, so that its
 * synchronous inserts never hold up the health checks of the measuring process.
 */
const queueArg = process.argv.indexOf('--queue');
if (queueArg > 0) {
  const queueDb = await openDatabase(process.argv[queueArg + 1]!);
  const count = Number(process.argv[queueArg + 2]);
  await queueDb.write(async (tx) => {
    for (let i = 0; i < count; i++) {
      const [row] = await tx
        .insert(contactSubmissions)
        .values({
          name: `Backlog Lead ${i}`,
          email: `backlog-${i}@example.com`,
          message: 'One of a burst left by the contact form.',
          source: 'landing',
          createdAt: new Date(),
        })
        .returning({ id: contactSubmissions.id });
      await notifyNewLead(tx, row!.id);
    }
  });
  queueDb.close();
  process.exit(0);
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-backlog-'));
const named = new Map<string, number>();
let emails = 0;
const smtp = await startSmtpSink((raw) => {
  emails++;
  const lead = /Backlog Lead (\d+)/.exec(raw)?.[1];
  if (lead) named.set(lead, (named.get(lead) ?? 0) + 1);
});

const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  SITE_URL: `http://localhost:${port}`,
  DATABASE_URL: `file:${join(dataDir, 'bench.db')}`,
  SMTP_URL: smtp.url,
  LEADS_NOTIFY_TO: 'leads@bench.example',
  LOG_LEVEL: 'warn',
};
const starter = startBenchServer(env);

/** Queues `count` leads with their emails in one transaction, in a child process. */
function queueLeads(count: number): Promise<void> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, import.meta.filename, '--queue', env.DATABASE_URL, String(count)],
    {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  return new Promise((done, fail) =>
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`queueing the leads exited with ${code}`)))),
  );
}

try {
  await waitForServer(base);
  const pid = serverPidOf(starter);
  const rssBefore = rssMiB(pid);
  let rssMax = rssBefore;
  const healthMs: number[] = [];
  let healthFailures = 0;
  let working = true;
  const probing = (async () => {
    while (working) {
      const started = performance.now();
      try {
        const answer = await fetch(`${base}/api/health`);
        await answer.text();
        if (!answer.ok) healthFailures++;
      } catch {
        healthFailures++;
      }
      healthMs.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const memory = setInterval(() => (rssMax = Math.max(rssMax, rssMiB(pid))), 250);

  const started = performance.now();
  await queueLeads(LEADS);
  const queuedMs = performance.now() - started;
  const deadline = Date.now() + 20 * 60_000;
  while (emails < LEADS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  const doneMs = performance.now() - started;
  working = false;
  await probing;
  await new Promise((r) => setTimeout(r, 10_000));
  clearInterval(memory);
  const rssAfter = rssMiB(pid);

  const sorted = [...healthMs].sort((a, b) => a - b);
  const twice = [...named.values()].filter((n) => n > 1).length;
  console.log(
    `\nbench:backlog: ${LEADS} leads queued in one transaction by another process (${(queuedMs / 1000).toFixed(1)} s, its start included)\n`,
  );
  console.log('| measure | value | target |');
  console.log('|---|---|---|');
  console.log(`| all emails out after | ${(doneMs / 1000).toFixed(1)} s | |`);
  console.log(
    `| emails received / distinct leads named / named twice | ${emails} / ${named.size} / ${twice} | ${LEADS} / ${LEADS} / 0 |`,
  );
  console.log(
    `| GET /api/health: checks, p50 / p99 / max | ${sorted.length}, ${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)} / ${sorted.at(-1)!.toFixed(1)} ms | max ≤ 100 ms |`,
  );
  console.log(`| health checks failed | ${healthFailures} | 0 |`);
  console.log(
    `| resident memory: before / highest / 10 s after | ${rssBefore.toFixed(0)} / ${rssMax.toFixed(0)} / ${rssAfter.toFixed(0)} MiB | highest < 600 MiB |`,
  );
} finally {
  starter.kill('SIGTERM');
  await new Promise((r) => starter.once('exit', r));
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
}
