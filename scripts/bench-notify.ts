/**
 * `npm run bench:notify`: builds (dist-bench/) and starts the server with NOTIFY_DELAY_SECONDS=2
 * and an SMTP server in this process, opens 200 live streams (100 clients on their own stream,
 * 100 staff sessions on the dashboard's), then sends 1,000 messages from 100 clients in one burst
 * (10 each, 50 requests in flight). Prints:
 *   - the time from the first message until every email is out, and how many emails there were
 *     (one per client conversation per window is expected: 100);
 *   - the live-event latency (request sent → `message` event read), p50 and p99, over every staff
 *     stream (their events name the message), and how many events each client's own stream got.
 * A measurement, not a test: it exits 0 unless it cannot run (docs/product.md#notifications).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projects, users } from '../db/schema/index.ts';
import { insertClient } from '../src/server/services/clients/clients.ts';
import { hashPassword } from '../src/server/services/sign-in/passwords.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { queueCounts } from '../src/server/services/email/queue.ts';
import { createSession } from '../src/server/services/sign-in/sessions.ts';
import { percentile, startBenchServer, startSmtpSink, waitForServer } from './bench-server.ts';

const port = Number(process.env.BENCH_PORT ?? 4352);
const base = `http://127.0.0.1:${port}`;
const CLIENTS = 100;
const PER_CLIENT = 10;
const STAFF_STREAMS = 100;
const IN_FLIGHT = 50;
const STAFF = 'bench-staff@bench.example';

const dataDir = mkdtempSync(join(tmpdir(), 'bench-notify-'));
let emails = 0;
let lastEmailAt = 0;
const smtp = await startSmtpSink(() => {
  emails++;
  lastEmailAt = performance.now();
});

const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  SITE_URL: `http://localhost:${port}`,
  DATABASE_URL: `file:${join(dataDir, 'bench.db')}`,
  SMTP_URL: smtp.url,
  NOTIFY_DELAY_SECONDS: '2',
  TEAM_NOTIFY_TO: 'team@bench.example',
  ADMIN_EMAILS: STAFF,
  AUTH_RATE_LIMIT: '100000',
};
const server = startBenchServer(env);

/** Reads an event stream; calls `onEvent(name, data)` per event until `signal` aborts. */
async function openStream(
  path: string,
  token: string,
  signal: AbortSignal,
  onEvent: (name: string, data: string) => void,
): Promise<void> {
  const response = await fetch(`${base}${path}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal,
  });
  if (!response.ok || !response.body) throw new Error(`${path} answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
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
          let name = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) name = line.slice(6).trim();
            else if (line.startsWith('data:')) data += line.slice(5).trim();
          }
          if (data) onEvent(name, data);
        }
      }
    } catch {
      // aborted at the end
    }
  })();
}

const handle = await openDatabase(env.DATABASE_URL);
try {
  await waitForServer(base);
  const db = handle;
  const passwordHash = await hashPassword('bench-password');
  const people: { id: string; projectId: string; token: string }[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const client = await insertClient(db, {
      name: `Bench Client ${i}`,
      email: `bench-${i}@bench.example`,
      passwordHash,
    });
    const [project] = await db.write((tx) =>
      tx
        .insert(projects)
        .values({ clientId: client.id, title: `Bench project ${i}` })
        .returning(),
    );
    people.push({
      id: client.id,
      projectId: project!.id,
      token: (await createSession(db, 'client', client.owner.id)).token,
    });
  }
  await db.write((tx) => tx.insert(users).values({ username: STAFF }).onConflictDoNothing());
  const [staff] = await db.read.select().from(users);

  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const early: { id: string; at: number }[] = [];
  const record = (data: string) => {
    const at = performance.now();
    const id = (JSON.parse(data) as { communicationId?: string }).communicationId;
    if (!id) return;
    const start = sentAt.get(id);
    if (start === undefined) early.push({ id, at });
    else latencies.push(at - start);
  };
  const streams = new AbortController();
  for (let i = 0; i < STAFF_STREAMS; i++) {
    const token = (await createSession(db, 'staff', staff!.id)).token;
    await openStream('/api/admin/stream', token, streams.signal, (name, data) => name === 'message' && record(data));
  }
  // A client's stream says only which project changed, so it is counted, not timed.
  let clientEvents = 0;
  for (const person of people) {
    await openStream('/api/client/stream', person.token, streams.signal, (name) => {
      if (name === 'message') clientEvents++;
    });
  }

  const jobs = people.flatMap((person) => Array.from({ length: PER_CLIENT }, (_, n) => ({ person, n })));
  const started = performance.now();
  let failures = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < jobs.length) {
        const { person, n } = jobs[next++]!;
        const t0 = performance.now();
        const response = await fetch(`${base}/api/client/projects/${person.projectId}/communications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${person.token}` },
          body: JSON.stringify({ subject: `Burst ${n}`, message: `Message ${n} from the benchmark` }),
        });
        if (response.status !== 201) {
          failures++;
          continue;
        }
        const { communication } = (await response.json()) as { communication: { id: string } };
        sentAt.set(communication.id, t0);
        for (const e of early.filter((x) => x.id === communication.id)) latencies.push(e.at - t0);
      }
    }),
  );
  const burstMs = performance.now() - started;

  for (let i = 0; i < 600; i++) {
    const counts = await queueCounts(db);
    if (counts.pending === 0 && counts.open === 0 && emails >= counts.sent) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 3000));
  streams.abort();
  const sorted = latencies.sort((a, b) => a - b);
  const expectedEvents = jobs.length * STAFF_STREAMS;
  const rows = [
    ['messages sent (201)', `${jobs.length - failures} of ${jobs.length}`],
    ['burst duration', `${(burstMs / 1000).toFixed(2)} s`],
    ['emails received over SMTP', `${emails} (expected ${CLIENTS}: one per conversation per window)`],
    ['first message → last email', `${((lastEmailAt - started) / 1000).toFixed(2)} s (delay setting 2 s)`],
    ['open streams', `${STAFF_STREAMS + CLIENTS}`],
    ['events on staff streams', `${latencies.length} of ${expectedEvents}`],
    ['events on client streams', `${clientEvents} of ${jobs.length} (each client's own messages)`],
    ['live-event latency p50', `${percentile(sorted, 50).toFixed(1)} ms (staff streams, during the burst)`],
    ['live-event latency p99', `${percentile(sorted, 99).toFixed(1)} ms`],
  ];
  console.log('\nbench:notify');
  for (const [name, value] of rows) console.log(`  ${name!.padEnd(28)} ${value}`);
} finally {
  server.kill('SIGTERM');
  handle.close();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
