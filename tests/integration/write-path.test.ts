/**
 * The one write path under another process's write lock (docs/decisions/0022-one-write-path.md):
 * while a second process holds `BEGIN IMMEDIATE` on the same file, the server never answers 500,
 * a shed write answers 503 with `Retry-After` and leaves nothing behind (it is answered while the
 * lock is still held, not left waiting), and a client that sends a 503 again with its
 * Idempotency-Key gets every lead stored once. A command-line script waits, saying so, instead of
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

const HOLD_MS = Number(process.env.HOLD_MS ?? 10_000);
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
 * `ms` is how long it holds it, or 'stdin' to hold it until `release()`.
 */
async function holdWriteLock(ms: number | 'stdin'): Promise<{ exited: Promise<unknown[]>; release(): void }> {
  const child = spawn(
    NODE,
    [join(import.meta.dirname, 'hold-write-lock.mjs'), databaseFilePath(api.env.DATABASE_URL)!, String(ms)],
    {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const exited = once(child, 'exit');
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  expect(chunk.toString()).toContain('holding');
  return { exited, release: () => child.stdin!.end('release\n') };
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
  it('answers 201 or 503 with Retry-After, never 500; a client that tries again gets all 50 stored once', async () => {
    const holder = await holdWriteLock(HOLD_MS);
    const started = Date.now();
    // The event loop keeps turning: the largest gap between 10 ms ticks while the leads wait.
    const firstAnswers: number[] = [];
    const finalAnswers = await Promise.all(
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
        if (first.status === 503) {
          expect(first.headers.get('retry-after')).toBe('1');
          expect(((await first.json()) as { error: { code: string } }).error.code).toBe('database_busy');
        }
        if (first.status !== 503) return first;
        return fetchThroughBusy('/api/contact', init, send as typeof fetch);
      }),
    );
    const [code] = (await holder.exited) as [number];
    expect(code).toBe(0);

    expect(firstAnswers.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    // The lock was held while the first leads came: they were shed, not left waiting 10 s.
    expect(firstAnswers.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(finalAnswers.map((r) => r.status)).toEqual(Array(LEADS).fill(201));
    const ids = await Promise.all(finalAnswers.map(async (r) => ((await r.json()) as { id: string }).id));
    const stored = await api.db.read
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.message, 'Sent while another process held the database.'));
    expect(new Set(stored.map((r) => r.id))).toEqual(new Set(ids));
    expect(stored).toHaveLength(LEADS);
    expect(Date.now() - started).toBeGreaterThanOrEqual(HOLD_MS - 1000);
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
    const holder = await holdWriteLock('stdin');
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
