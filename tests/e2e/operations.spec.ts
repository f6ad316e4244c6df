/**
 * The built server as an operator runs it (docs/decisions/0012-serving-and-shutdown.md): stopped
 * with SIGTERM in the middle of a burst of leads (docs/decisions/0021-drain-before-closing.md),
 * stopped through `npm start`, and asked what a scanner asks. These tests start their own servers
 * (from the end-to-end build) on their own ports and databases; no browser is used.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { e2eEnv } from '../../scripts/e2e-env.mjs';
import { E2E_PORT, openDatabaseAt } from './support/data.ts';
import { E2E_OUT_DIR as outDir, ROOT as root, exitOf, startBuiltServer, waitUntilReady } from './support/servers.ts';

const entry = join(root, outDir, 'server', 'entry.mjs');
/** This file's ports: the test server's port plus 56 and 57 (other files use other offsets). */
const PORTS = {
  burst: Number(E2E_PORT) + 56,
  npmStart: Number(E2E_PORT) + 57,
  first: Number(E2E_PORT) + 58,
  second: Number(E2E_PORT) + 59,
};

function serverEnv(port: number, dir: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    SITE_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `file:${join(dir, 'app.db')}`,
    OUTBOX_DIR: join(dir, 'outbox'),
    LEAD_RATE_LIMIT: '100000',
    LOG_LEVEL: 'warn',
  };
}

/**
 * What became of one request: answered (with its status, and the lead's id on a 201), refused
 * (ECONNREFUSED: nothing was listening any more, so the request never started), or reset (the
 * connection was accepted and then cut: ECONNRESET, a socket hang-up, an answer cut off after its
 * headers), which a proxy in front would turn into a 502.
 */
type Outcome =
  { kind: 'answered'; status: number; id?: string } | { kind: 'refused' } | { kind: 'reset'; code: string };

/** One lead over a new connection (no keep-alive), classified by what came back. */
function postLead(port: number, n: number | string): Promise<Outcome> {
  const body = JSON.stringify({
    name: `Burst Lead ${n}`,
    email: `burst${n}@example.com`,
    message: `Lead number ${n} of the shutdown burst.`,
    howDidYouFindUs: 'google-search',
  });
  return new Promise((resolvePromise) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/contact',
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          origin: `http://127.0.0.1:${port}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let id: string | undefined;
          try {
            id = (JSON.parse(text) as { id?: string }).id;
          } catch {
            // A 503 is plain text.
          }
          resolvePromise({ kind: 'answered', status: res.statusCode ?? 0, id });
        });
        res.on('error', () => resolvePromise({ kind: 'reset', code: 'cut off after the headers' }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolvePromise(
        error.code === 'ECONNREFUSED' ? { kind: 'refused' } : { kind: 'reset', code: error.code ?? error.message },
      ),
    );
    req.end(body);
  });
}

/** Leads in the burst, senders sending them (each lead on a new connection), and the answer after which SIGTERM goes. */
const BURST = { leads: 120, senders: 12, sigtermAfter: 40 };

test.describe('graceful shutdown', () => {
  test.setTimeout(120_000);

  test('SIGTERM during a burst of leads: readiness fails at once, leads are still served for SHUTDOWN_DRAIN_MS, no connection is reset, every 201 is stored, and the process exits 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shutdown-burst-'));
    const port = PORTS.burst;
    const { url, process: child } = await startBuiltServer(
      { ...serverEnv(port, dir), SHUTDOWN_DRAIN_MS: '2000' },
      port,
    );
    try {
      const outcomes: Outcome[] = [];
      let sigterm: () => void = () => {};
      const sigtermSent = new Promise<void>((resolvePromise) => (sigterm = resolvePromise));
      let next = 0;
      // The senders take the leads one by one; SIGTERM goes as soon as the 40th lead is answered.
      const senders = Array.from({ length: BURST.senders }, async () => {
        while (next < BURST.leads) {
          const outcome = await postLead(port, next++);
          outcomes.push(outcome);
          if (outcomes.length === BURST.sigtermAfter) {
            child.kill('SIGTERM');
            sigterm();
          }
        }
      });
      await sigtermSent;

      // Readiness says 503 at once, so that a load balancer moves new requests elsewhere...
      await expect
        .poll(
          () =>
            fetch(`${url}/api/health/ready`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: 1500, intervals: [25] },
        )
        .toBe(503);
      // ...while a lead that comes in after it is still taken in.
      const late = await postLead(port, 'late');
      expect(late).toMatchObject({ kind: 'answered', status: 201 });

      await Promise.all(senders);
      const exit = await exitOf(child);
      expect(exit).toEqual({ code: 0, signal: null });

      const created = outcomes.filter((o) => o.kind === 'answered' && o.status === 201);
      const refused = outcomes.filter((o) => o.kind === 'refused');
      const resets = outcomes.filter((o) => o.kind === 'reset');
      test.info().annotations.push({
        type: 'burst',
        description: `${outcomes.length} leads: ${created.length} answered 201, ${refused.length} refused, ${resets.length} reset`,
      });
      // No connection is cut once accepted; a lead is either taken (201) or never started.
      expect(resets).toEqual([]);
      expect(created.length + refused.length).toBe(BURST.leads);
      expect(created.length).toBeGreaterThanOrEqual(BURST.sigtermAfter);

      const { db, client } = await openDatabaseAt(`file:${join(dir, 'app.db')}`);
      try {
        const rows = await db.read.query.contactSubmissions.findMany({ columns: { id: true } });
        const stored = new Set(rows.map((row) => row.id));
        // Each acknowledged lead is there, and no lead is there that was not acknowledged.
        for (const outcome of [...created, late]) expect(stored.has((outcome as { id: string }).id)).toBe(true);
        expect(stored.size).toBe(created.length + 1);
      } finally {
        client.close();
      }
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('stopping npm start stops the server too, even when npm start is killed outright', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'npm-start-'));
    const port = PORTS.npmStart;
    const url = `http://127.0.0.1:${port}`;
    // The build-time settings of the end-to-end build, so that npm start serves it as it is
    // instead of rebuilding it under the running test server.
    const build = e2eEnv(E2E_PORT);
    const buildTime = {
      SITE_URL: build.SITE_URL,
      PUBLIC_ANALYTICS_SCRIPT_URL: build.PUBLIC_ANALYTICS_SCRIPT_URL,
      PUBLIC_ANALYTICS_SITE_ID: build.PUBLIC_ANALYTICS_SITE_ID,
    };
    const start = () =>
      spawn(process.execPath, [join(root, 'scripts', 'start.mjs'), '--out-dir', outDir], {
        cwd: root,
        env: { ...serverEnv(port, dir), ...buildTime },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    try {
      // SIGTERM to npm start: passed on, the server stops gracefully, both exit 0.
      const first = start();
      await waitUntilReady(url, first);
      first.kill('SIGTERM');
      expect(await exitOf(first)).toEqual({ code: 0, signal: null });
      await expect(fetch(`${url}/api/health`)).rejects.toThrow();

      // SIGKILL to npm start (it can pass nothing on): the server notices its parent is gone.
      const second = start();
      await waitUntilReady(url, second);
      second.kill('SIGKILL');
      await exitOf(second);
      await expect
        .poll(
          () =>
            fetch(`${url}/api/health`).then(
              () => 'still serving',
              () => 'gone',
            ),
          { timeout: 15_000 },
        )
        .toBe('gone');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test.describe('two servers on one database', () => {
  test.setTimeout(120_000);

  test('enforce one lead limit between them, kept across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'two-servers-'));
    const start = (port: number) =>
      spawn(process.execPath, [entry], {
        cwd: root,
        env: { ...serverEnv(port, dir), LEAD_RATE_LIMIT: '3' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    let first = start(PORTS.first);
    const second = start(PORTS.second);
    const lead = (port: number, n: number) =>
      fetch(`http://127.0.0.1:${port}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Shared Limit ${n}`,
          email: `shared${n}@example.com`,
          message: `Lead ${n} against the shared limit.`,
          howDidYouFindUs: 'google-search',
        }),
      });
    try {
      await waitUntilReady(`http://127.0.0.1:${PORTS.first}`, first);
      await waitUntilReady(`http://127.0.0.1:${PORTS.second}`, second);
      // Both servers see the same address (127.0.0.1): 3 leads per 10 minutes between them.
      expect((await lead(PORTS.first, 1)).status).toBe(201);
      expect((await lead(PORTS.second, 2)).status).toBe(201);
      expect((await lead(PORTS.first, 3)).status).toBe(201);
      const refused = await lead(PORTS.second, 4);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

      // The count lives in the database: a restarted server still refuses.
      first.kill('SIGTERM');
      expect(await exitOf(first)).toEqual({ code: 0, signal: null });
      first = start(PORTS.first);
      await waitUntilReady(`http://127.0.0.1:${PORTS.first}`, first);
      expect((await lead(PORTS.first, 5)).status).toBe(429);
    } finally {
      for (const child of [first, second]) if (child.exitCode === null) child.kill('SIGKILL');
      await Promise.all([exitOf(first), exitOf(second)]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test.describe('what scanners ask', () => {
  test('TRACE and unknown methods answer 405 or 404, never 500', async ({ baseURL }) => {
    const ask = (path: string, method: string) =>
      new Promise<number>((resolvePromise, reject) => {
        const req = http.request(new URL(path, baseURL), { method }, (res) => {
          res.resume();
          resolvePromise(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await ask('/portal/projects/any-id', 'TRACE')).toBe(405);
    expect(await ask('/', 'TRACE')).toBe(405);
    expect(await ask('/api/health', 'TRACE')).toBe(405);
    expect(await ask('/portal/projects/any-id', 'PUT')).toBe(405);
    expect(await ask('/api/health', 'PATCH')).toBe(404);
    expect(await ask('/api/client/projects', 'PROPFIND')).toBe(404);
  });

  test('pages send their full policy as a header, server-rendered ones with frame-ancestors; assets are immutable and precompressed', async ({
    request,
  }) => {
    for (const path of ['/', '/pricing', '/portal/projects/any-id']) {
      const response = await request.get(path);
      const policy = response.headers()['content-security-policy'] ?? '';
      expect(policy, path).toContain("script-src 'self'");
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(response.headers()['cross-origin-resource-policy']).toBe('same-origin');
    }
    const home = await request.get('/', { headers: { 'accept-encoding': 'br' } });
    expect(home.headers()['content-encoding']).toBe('br');
    const script = (await home.text()).match(/\/_astro\/[\w.-]+\.js/)?.[0];
    expect(script).toBeTruthy();
    const asset = await request.get(script!, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
