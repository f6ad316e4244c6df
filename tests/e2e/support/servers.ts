/**
 * Servers of the end-to-end build started by a test itself, on its own port and database (for
 * what the shared test server cannot show: a kill, a stop, a restart, a second instance). No
 * browser is involved.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { expect } from '@playwright/test';
import { E2E_PORT } from './data.ts';

export const ROOT = resolve(import.meta.dirname, '..', '..', '..');
/** The folder of the end-to-end build (scripts/e2e-server.mjs builds it). */
export const E2E_OUT_DIR = E2E_PORT === '4322' ? 'dist-e2e' : `dist-e2e-${E2E_PORT}`;
const ENTRY = join(ROOT, E2E_OUT_DIR, 'server', 'entry.mjs');

export interface BuiltServer {
  url: string;
  process: ChildProcess;
}

/**
 * Starts `node dist-e2e…/server/entry.mjs` on 127.0.0.1:`port` with `env` over a production
 * base (request lines off: LOG_LEVEL warn), and resolves once `GET /api/health/ready` answers
 * 200. Throws when the port is already taken (a server left by an interrupted run would answer in
 * this one's place) or when the server exits or is not ready within 30 s.
 */
/**
 * Starts the built server on 127.0.0.1:`port` with `env` over the production defaults (its own
 * SITE_URL, LOG_LEVEL warn), without waiting for it; `output: 'pipe'` lets the caller read what it
 * prints, else its standard error goes to the test's.
 */
export function spawnBuiltServer(env: Record<string, string>, port: number, output: 'inherit' | 'pipe' = 'inherit') {
  return spawn(process.execPath, [ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', output === 'pipe' ? 'pipe' : 'ignore', output],
  });
}

export async function startBuiltServer(env: Record<string, string>, port: number): Promise<BuiltServer> {
  const url = `http://127.0.0.1:${port}`;
  const stale = await fetch(`${url}/api/health`).then(
    () => true,
    () => false,
  );
  if (stale) throw new Error(`Port ${port} is taken: stop the server left there`);
  const child = spawnBuiltServer(env, port);
  await waitUntilReady(url, child);
  return { url, process: child };
}

/** Resolves once `url` answers `GET /api/health/ready` with 200; throws when `child` exits first. */
export async function waitUntilReady(url: string, child: ChildProcess): Promise<void> {
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
        return fetch(`${url}/api/health/ready`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 30_000 },
    )
    .toBe(200);
}

/** Resolves with how `child` ended (at once when it already has). */
export function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Sends `signal` (SIGTERM: as an operator stops it; SIGKILL: a crash) and waits for the exit. */
export async function stopServer(server: BuiltServer, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const exited = exitOf(server.process);
  if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill(signal);
  await exited;
}
