/**
 * The one write path under another process's write lock (docs/decisions/0022-one-write-path.md):
 * while a second process holds `BEGIN IMMEDIATE` on the same file, the server never answers 500,
 * a shed write answers 503 with `Retry-After` and leaves nothing behind (it is answered while the
 * lock is still held, not left waiting: the lock is released only once every lead has had its
 * first answer), and a client that sends a 503 again with its Idempotency-Key gets every lead
 * stored once. A command-line script waits, saying so, instead of
 * failing. Outcomes and order only: the event loop's pauses are measured by the benchmarks.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSubmissions, rateLimits } from '../../db/schema/index.ts';
import { fetchThroughBusy } from '../../src/islands/lib/api.ts';
import { databaseFilePath } from '../../src/server/db/database.ts';
import { createTestApi, type TestApi } from './helpers.ts';

const LEADS = 50;
const ROOT = join(import.meta.dirname, '../..');
const NODE = process.execPath;

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ env: { LEAD_RATE_LIMIT: '1000' } });
});
afterAll(async () => {
  await api.close();
});

/**
 * Starts the second process; resolves once it holds the write lock, with its exit code to come.
 * It holds the lock until `release()` (a barrier: the test says when).
 */
async function holdWriteLock(): Promise<{ exited: Promise<unknown[]>; release(): void }> {
  const child = spawn(
    NODE,
    [join(import.meta.dirname, 'hold-write-lock.mjs'), databaseFilePath(api.env.DATABASE_URL)!, 'stdin'],
    {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const exited = once(child, 'exit');
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  expect(chunk.toString()).toContain('holding');
  let released = false;
  const release = () => {
    if (!released) child.stdin!.end('release\n');
    released = true;
  };
  return { exited, release };
}

const lead = (i: number) => ({
  name: `Held Lead ${i}`,
  email: `held-${i}@example.com`,
  message: 'Sent while another process held the database.',
  howDidYouFindUs: 'google-search' as const,
});

/** POST /api/contact through the app, as the browser's `fetch` would send it. */
const post = (i: number, address: string) => (input: RequestInfo | URL, init?: RequestInit) =>
  Promise.resolve(api.raw(String(input), init, address));

describe('a write while another process holds the write lock', () => {
  it('answers 503 with Retry-After while the lock is held, never 500, storing nothing; a client that tries again gets all 50 stored once', async () => {
    // The other process holds the lock until every lead has had its first answer.
    const holder = await holdWriteLock();
    const storedLeads = () =>
      api.db.read
        .select({ id: contactSubmissions.id })
        .from(contactSubmissions)
        .where(eq(contactSubmissions.message, lead(0).message));
    const firstAnswers: number[] = [];
    let everyFirstAnswer!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (everyFirstAnswer = resolve));
    const finalAnswers = Promise.all(
      Array.from({ length: LEADS }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 100));
        const init = {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'Idempotency-Key': `held-lead-${i}` },
          body: JSON.stringify(lead(i)),
        };
        const send = post(i, `198.51.100.${100 + i}`);
        const first = await send('/api/contact', init);
        firstAnswers.push(first.status);
        if (firstAnswers.length === LEADS) everyFirstAnswer();
        if (first.status === 503) {
          expect(first.headers.get('retry-after')).toBe('1');
          expect(((await first.json()) as { error: { code: string } }).error.code).toBe('database_busy');
        }
        if (first.status !== 503) return first;
        return fetchThroughBusy('/api/contact', init, send as typeof fetch);
      }),
    );
    let storedWhileHeld: number;
    try {
      // Every lead was answered while the lock was held (a write left waiting for it would keep
      // this from resolving), and none of them was stored meanwhile.
      await Promise.race([firstAnswered, finalAnswers]);
      storedWhileHeld = (await storedLeads()).length;
    } finally {
      holder.release();
    }
    const answers = await finalAnswers;
    const [code] = (await holder.exited) as [number];
    expect(code).toBe(0);

    // Shed, not failed: every first answer was a 503 (none a 500), and nothing of them stayed.
    expect(firstAnswers).toEqual(Array(LEADS).fill(503));
    expect(storedWhileHeld).toBe(0);
    // Sent again with their Idempotency-Keys once the lock was free: each stored exactly once.
    expect(answers.map((r) => r.status)).toEqual(Array(LEADS).fill(201));
    const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as { id: string }).id));
    const stored = await storedLeads();
    expect(new Set(stored.map((r) => r.id))).toEqual(new Set(ids));
    expect(stored).toHaveLength(LEADS);
    // The other process's own write is there too.
    const [held] = await api.db.read
      .select({ n: count() })
      .from(rateLimits)
      .where(like(rateLimits.key, 'held-by-process-%'));
    expect(held?.n).toBe(1);
  }, 60_000);

  it('a command-line script waits for the lock with a message, then does its work', async () => {
    // The lock is released only once the script has said it waits: however slowly the script
    // starts, it meets the lock.
    const holder = await holdWriteLock();
    const script = spawn(NODE, ['--import', 'tsx', 'scripts/admin-link.ts', 'owner@agency.example'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: api.env.DATABASE_URL,
        ADMIN_EMAILS: 'owner@agency.example',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = once(script, 'exit');
    let stdout = '';
    let stderr = '';
    script.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const waiting = new Promise<void>((resolve) => {
      script.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes('Waiting for the database')) resolve();
      });
    });
    try {
      await Promise.race([waiting, exited]);
    } finally {
      holder.release();
    }
    const [status] = (await exited) as [number];
    await holder.exited;
    expect(stderr).toContain('Waiting for the database: another process is writing to it');
    expect(status).toBe(0);
    expect(stdout).toContain('Sign-in link for owner@agency.example');
  }, 60_000);
});
