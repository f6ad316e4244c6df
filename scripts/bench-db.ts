/**
 * `npm run bench:db`: the cost of the portal's hottest reads in-process, through drizzle and
 * through the fast reader of an embedded database (docs/decisions/0011-fast-embedded-reads.md).
 * What a libSQL server adds per statement is measured by `bench:api` and `bench:admin` with
 * `BENCH_DATABASE=sqld`.
 *
 * Seeds a database in a temporary folder (`npm run db:seed`), adds a client with 30 projects
 * (some with unread team messages), opens the file, and runs each call with its fast reader and
 * with the same database seen without one (every read through drizzle),
 * and prints per call, in microseconds (median of 7 rounds after a warm-up):
 *   - `validateSession` of a client session (token parsed, session and client looked up, secret hashed);
 *   - `listClientProjects` for the demo client (3 projects) and the 30-project client;
 *   - one request through `createApp(...).fetch(...)`: GET /api/client/projects (bearer token;
 *     the demo client, as `npm run bench:api` asks, and the 30-project client) and GET /api/bench/bare.
 * A measurement, not a test: it exits 0 unless it cannot run.
 */
import { createStorage } from '../src/server/storage/storage.ts';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createApp } from '../src/server/app.ts';
import { BackgroundTasks } from '../src/server/background.ts';
import { parseEnv } from '../src/server/env/index.ts';
import { noReplication } from '../src/server/ops/replication.ts';
import { startEventTail } from '../src/server/services/events/tail.ts';
import { createMailer } from '../src/server/services/email/mailer.ts';
import { insertClient } from '../src/server/services/clients/clients.ts';
import { findMemberByEmail } from '../src/server/services/clients/members.ts';
import { sendTeamReply } from '../src/server/services/projects/communications.ts';
import { openDatabase, type Database } from '../src/server/db/database.ts';
import { createProject, listClientProjects } from '../src/server/services/projects/projects.ts';
import { createSession, validateSession } from '../src/server/services/sign-in/sessions.ts';
import { upsertStaffUser } from '../src/server/services/staff-users.ts';

const root = resolve(import.meta.dirname, '..');
const ROUNDS = 7;
const dir = mkdtempSync(join(tmpdir(), 'bench-db-'));
const url = `file:${join(dir, 'bench.db')}`;

try {
  const seed = spawnSync(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'db/seed.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (seed.status !== 0) throw new Error('The seed failed');

  const fast = await openDatabase(url);
  // The same connections, seen without the fast reader: every read goes through drizzle.
  const slow: Database = { ...fast, reader: undefined };
  if (!fast.reader) throw new Error('Expected a fast reader on the embedded file');
  const db = slow;

  // The demo client, and a client with 30 projects, every third with two unread team replies.
  const demo = await findMemberByEmail(db.read, 'demo@firststatewebstudio.com');
  const demoId = String(demo?.clientId);
  const staff = await upsertStaffUser(db, 'bench-staff@bench.example');
  const actor = { id: staff.id, username: staff.username };
  const big = await insertClient(db, { name: 'Bench Client', email: 'bench@bench.example', passwordHash: 'x' });
  for (let i = 0; i < 30; i++) {
    const project = await createProject(db, actor, {
      clientId: big.id,
      title: `Bench project ${i + 1}`,
      description: 'A project of the in-process benchmark.',
      status: 'in-progress',
      startDate: '2026-01-05',
      endDate: null,
      estimatedHours: 40,
      budget: 150000,
    });
    if (i % 3 === 0) {
      for (const n of [1, 2]) {
        await sendTeamReply(db, actor, project.id, { subject: `Update ${n}`, message: 'Work in progress.' });
      }
    }
  }
  const { token } = await createSession(db, 'client', big.owner.id);
  if (!demo) throw new Error('The demo client is missing: run npm run db:seed first');
  const { token: demoToken } = await createSession(db, 'client', demo.id);

  const env = parseEnv({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    OUTBOX_DIR: join(dir, 'outbox'),
    SITE_URL: 'http://localhost:4321',
    BENCH_ROUTES: 'true',
  });
  const appFor = async (handle: Database) =>
    createApp({
      db: handle,
      env,
      mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: env.OUTBOX_DIR }),
      tasks: new BackgroundTasks(),
      storage: await createStorage({ ...env, UPLOADS_DIR: join(dir, 'uploads') }),
      events: await startEventTail(handle),
      replication: noReplication,
      fetch: globalThis.fetch,
    });
  const request =
    (app: ReturnType<typeof createApp>, path: string, headers: Record<string, string> = {}) =>
    async () => {
      const response = await app.fetch(new Request(`http://localhost${path}`, { headers }), {
        clientAddress: '127.0.0.1',
      });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      await response.text();
    };

  /** Median time per call over ROUNDS rounds of `calls` sequential calls, in microseconds. */
  async function perCall(run: () => unknown, calls: number): Promise<number> {
    for (let i = 0; i < calls; i++) await run();
    const rounds: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < calls; i++) await run();
      rounds.push(Number(process.hrtime.bigint() - start) / 1000 / calls);
    }
    rounds.sort((a, b) => a - b);
    return rounds[Math.floor(ROUNDS / 2)]!;
  }

  const cases: {
    name: string;
    calls: number;
    run: (handle: Database, app: ReturnType<typeof createApp>) => () => unknown;
  }[] = [
    {
      name: 'validateSession (client)',
      calls: 5000,
      run: (h) => () => validateSession(h, 'client', token, new Date(), { renew: false }),
    },
    { name: 'listClientProjects, 3 projects', calls: 3000, run: (h) => () => listClientProjects(h, demoId) },
    { name: 'listClientProjects, 30 projects', calls: 2000, run: (h) => () => listClientProjects(h, big.id) },
    {
      name: 'app.fetch GET /api/client/projects (3)',
      calls: 2000,
      run: (_h, app) => request(app, '/api/client/projects', { authorization: `Bearer ${demoToken}` }),
    },
    {
      name: 'app.fetch GET /api/client/projects (30)',
      calls: 1000,
      run: (_h, app) => request(app, '/api/client/projects', { authorization: `Bearer ${token}` }),
    },
    { name: 'app.fetch GET /api/bench/bare', calls: 3000, run: (_h, app) => request(app, '/api/bench/bare') },
  ];
  const apps = { slow: await appFor(slow), fast: await appFor(fast) };
  const rows: string[] = [];
  for (const c of cases) {
    const before = await perCall(c.run(slow, apps.slow), c.calls);
    const after = await perCall(c.run(fast, apps.fast), c.calls);
    rows.push(`| ${c.name} | ${before.toFixed(1)} | ${after.toFixed(1)} | ${(before / after).toFixed(1)}× |`);
  }
  process.stdout.write(
    [
      `\nIn-process, median of ${ROUNDS} rounds, µs per call (Node ${process.version})\n`,
      '| call | drizzle µs | fast reader µs | speed-up |',
      '|---|---|---|---|',
      ...rows,
      '',
    ].join('\n'),
  );
  fast.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
