/**
 * `npm run bench:writes [-- --seconds 5]`: how many writes the embedded database takes through the
 * one write path (docs/decisions/0022-one-write-path.md), from one process and from several
 * writing the same file, as ADR 0040 (docs/decisions/0040-the-road-to-postgresql.md) quotes.
 *
 * Migrates a database in a temporary folder, then for each round writes for `--seconds` (default 5)
 * and prints the committed writes per second, the latency of each `db.write` in milliseconds (p50,
 * p99, max, from the call to its commit) and how many were shed with DatabaseBusyError (the API's
 * 503). Rounds:
 *   - `event`: one transaction inserting one `events` row;
 *   - `lead`: one transaction inserting a lead, its notification, an event and an idempotency key,
 *     the rows a contact form's write adds;
 * each by one caller at a time, by 8 callers at once in one process, and by 1 caller in each of 2
 * and 4 processes at once (children of this script, opened as a server opens the database, with its
 * wait of 1 s, and started together once all are ready).
 * A measurement, not a test: it exits 0 unless it cannot run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DatabaseBusyError } from '../src/server/db/errors.ts';
import { fileUrlOf, openDatabase, type Database } from '../src/server/db/database.ts';
import { contactSubmissions, events, idempotencyKeys, notifications } from '../db/schema/index.ts';

const root = resolve(import.meta.dirname, '..');

type Kind = 'event' | 'lead';

/** What one process measured: its committed writes, their latencies in ms, and the writes shed. */
interface Tally {
  writes: number;
  shed: number;
  latencies: number[];
}

/** One write of `kind`; `n` makes its keys unique. */
async function writeOnce(db: Database, kind: Kind, n: string): Promise<void> {
  await db.write(async (tx) => {
    if (kind === 'event') {
      await tx.insert(events).values({ topic: 'bench', audience: 'internal', payload: { n } });
      return;
    }
    const [lead] = await tx
      .insert(contactSubmissions)
      .values({ name: 'Bench Lead', email: `lead-${n}@bench.example`, message: 'A benchmark lead.', source: 'landing' })
      .returning({ id: contactSubmissions.id });
    await tx.insert(notifications).values({
      kind: 'new_lead',
      audience: 'team',
      groupKey: `lead:${lead!.id}`,
      payload: { name: 'Bench Lead' },
    });
    await tx.insert(events).values({ topic: 'lead-created', audience: 'internal', payload: { id: lead!.id } });
    await tx.insert(idempotencyKeys).values({
      key: `POST /api/contact:${n}`,
      scope: 'POST /api/contact',
      fingerprint: n,
      status: 201,
      body: { id: lead!.id },
    });
  });
}

/** Writes `kind` from `callers` loops at once until `until` (a Date.now() time). */
async function writeUntil(db: Database, kind: Kind, callers: number, until: number, tag: string): Promise<Tally> {
  const tally: Tally = { writes: 0, shed: 0, latencies: [] };
  let n = 0;
  const loop = async () => {
    while (Date.now() < until) {
      const started = performance.now();
      try {
        await writeOnce(db, kind, `${tag}-${n++}`);
        tally.latencies.push(performance.now() - started);
        tally.writes++;
      } catch (error) {
        if (!(error instanceof DatabaseBusyError)) throw error;
        tally.shed++;
      }
    }
  };
  await Promise.all(Array.from({ length: callers }, loop));
  return tally;
}

/** A writer process: `ready` once it has opened the database, then `run()` for its tally. */
interface Child {
  ready: Promise<void>;
  run(): Promise<Tally>;
}

/** Starts a child process that opens `url` and, once told to, writes `kind` for `seconds`. */
function child(url: string, kind: Kind, seconds: number, tag: string): Child {
  const proc = spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), import.meta.filename], {
    cwd: root,
    env: { ...process.env, BENCH_WRITES_CHILD: JSON.stringify({ url, kind, seconds, tag }) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  let markReady: () => void;
  const ready = new Promise<void>((done) => (markReady = done));
  proc.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.startsWith('ready\n')) markReady();
  });
  const exited = new Promise<Tally>((done, fail) => {
    proc.on('error', fail);
    proc.on('exit', (code) =>
      code === 0 ? done(JSON.parse(out.slice('ready\n'.length)) as Tally) : fail(new Error(`A writer exited ${code}`)),
    );
  });
  return {
    ready,
    run() {
      proc.stdin.end('go\n');
      return exited;
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

function print(label: string, seconds: number, tallies: Tally[]): void {
  const latencies = tallies.flatMap((t) => t.latencies).sort((a, b) => a - b);
  const writes = tallies.reduce((sum, t) => sum + t.writes, 0);
  const shed = tallies.reduce((sum, t) => sum + t.shed, 0);
  const ms = (v: number) => v.toFixed(1);
  console.log(
    `| ${label} | ${Math.round(writes / seconds).toLocaleString('en-US')} | ${ms(percentile(latencies, 50))} | ` +
      `${ms(percentile(latencies, 99))} | ${ms(latencies.at(-1) ?? NaN)} | ${shed} |`,
  );
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' } } });
  const seconds = Number(values.seconds);
  const dir = mkdtempSync(join(tmpdir(), 'bench-writes-'));
  const url = fileUrlOf(join(dir, 'bench.db'));
  try {
    const db = await openDatabase(url);
    await db.migrate(join(root, 'db/migrations'));
    console.log(`${seconds} s per round; load average before: ${loadavg()[0]!.toFixed(2)}`);
    console.log('| round | writes/s | p50 ms | p99 ms | max ms | shed (503) |');
    console.log('| ----- | -------- | ------ | ------ | ------ | ---------- |');
    for (const kind of ['event', 'lead'] as const) {
      const one = await writeUntil(db, kind, 1, Date.now() + seconds * 1000, `${kind}-1`);
      print(`${kind}, 1 caller`, seconds, [one]);
      const eight = await writeUntil(db, kind, 8, Date.now() + seconds * 1000, `${kind}-8`);
      print(`${kind}, 8 callers in 1 process`, seconds, [eight]);
      for (const processes of [2, 4]) {
        const children = Array.from({ length: processes }, (_, i) =>
          child(url, kind, seconds, `${kind}-p${processes}-${i}`),
        );
        await Promise.all(children.map((c) => c.ready));
        const tallies = await Promise.all(children.map((c) => c.run()));
        print(`${kind}, 1 caller in each of ${processes} processes`, seconds, tallies);
      }
    }
    console.log(`load average after: ${loadavg()[0]!.toFixed(2)}`);
    db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A child's part: open the file as a server does, say `ready`, write once told `go`, print the tally. */
async function childMain(spec: string): Promise<void> {
  const { url, kind, seconds, tag } = JSON.parse(spec) as { url: string; kind: Kind; seconds: number; tag: string };
  const db = await openDatabase(url);
  process.stdout.write('ready\n');
  await new Promise((go) => process.stdin.once('data', go));
  const tally = await writeUntil(db, kind, 1, Date.now() + seconds * 1000, tag);
  db.close();
  process.stdout.write(JSON.stringify(tally));
}

const spec = process.env.BENCH_WRITES_CHILD;
await (spec ? childMain(spec) : main());
