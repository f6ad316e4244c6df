/**
 * Litestream as a child of the server, for the server's life
 * (docs/decisions/0039-continuous-backup-with-litestream.md).
 *
 * `superviseLitestream()` claims the database (litestream-claim.ts), writes Litestream's
 * configuration with a free loopback port for its metrics, and runs `litestream replicate`. Its
 * JSON log lines go to the server's log (`component: "litestream"`). When it exits or cannot be
 * started, that is logged and it is started again after a pause that doubles from 1 s up to
 * 60 s (back to 1 s once a run lasted a minute); nothing it does can stop the server. While
 * another live server replicates the database, this one stands by and looks again every 5 s; the
 * holder renews its claim every 5 s.
 * `stop()` sends SIGTERM (Litestream sends what it has read, then exits), SIGKILL after 10 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import type { Logger } from 'pino';
import type { ReplicaTarget } from '../env/replica-url.ts';
import {
  CLAIM_RENEW_MS,
  claimLitestream,
  readLitestreamClaim,
  recordLitestreamPid,
  releaseLitestream,
  renewLitestreamClaim,
} from './litestream-claim.ts';
import { litestreamConfig, litestreamConfigPath } from './litestream-config.ts';

/** What the supervisor is doing. */
export type SupervisorState = 'starting' | 'running' | 'restarting' | 'standby' | 'stopped';

/** The pauses before starting Litestream again, in milliseconds (see the module comment). */
export interface Backoff {
  firstMs: number;
  maxMs: number;
  /** A run at least this long resets the pause to `firstMs`. */
  stableMs: number;
}

const DEFAULT_BACKOFF: Backoff = { firstMs: 1000, maxMs: 60_000, stableMs: 60_000 };
/** How often a standing-by server looks whether the one replicating has gone, in milliseconds. */
const STANDBY_RECHECK_MS = 5000;
/** How long Litestream gets to finish after SIGTERM at shutdown, in milliseconds. */
const STOP_GRACE_MS = 10_000;

export interface Supervisor {
  state(): SupervisorState;
  /** `http://127.0.0.1:PORT/metrics` of the running Litestream, or null. */
  metricsUrl(): string | null;
  /** How many times Litestream was started again after it exited. */
  restarts(): number;
  /** The last exit or start failure, as a sentence, or null. */
  lastProblem(): string | null;
  /** Stops Litestream (see the module comment) and gives the claim back; resolves once it has exited. */
  stop(): Promise<void>;
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const address = probe.address();
  await new Promise<void>((done) => probe.close(() => done()));
  if (!address || typeof address === 'string') throw new Error('no free loopback port');
  return address.port;
}

/** Writes one of Litestream's JSON log lines (slog: time, level, msg, …) to `log`. */
function relayLine(log: Logger, line: string): void {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    log.warn(line);
    return;
  }
  const { level, msg, time: _time, ...fields } = entry;
  const method = level === 'ERROR' ? 'error' : level === 'WARN' ? 'warn' : level === 'DEBUG' ? 'debug' : 'info';
  log[method](fields, typeof msg === 'string' ? msg : 'litestream');
}

/**
 * Starts supervising Litestream for the database file `databasePath` (absolute) and `replica`
 * with `binary` (see the module comment); `log` receives its lines and the supervisor's own.
 */
export function superviseLitestream({
  binary,
  databasePath,
  replica,
  log,
  backoff = DEFAULT_BACKOFF,
}: {
  binary: string;
  databasePath: string;
  replica: ReplicaTarget;
  log: Logger;
  backoff?: Backoff;
}): Supervisor {
  let state: SupervisorState = 'starting';
  let child: ChildProcess | null = null;
  let metricsUrl: string | null = null;
  let restarts = 0;
  let failures = 0;
  let lastProblem: string | null = null;
  let standbyFor: number | null = null;
  let claimed = false;
  let timer: NodeJS.Timeout | undefined;
  let stopping = false;
  /** The start in progress (it never rejects), which `stop()` lets finish first. */
  let pending: Promise<void> = Promise.resolve();
  const configPath = litestreamConfigPath(databasePath);
  // Whatever ends this process (a fatal error included), its Litestream does not outlive it.
  const onExit = () => child?.kill('SIGTERM');
  process.once('exit', onExit);

  const later = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => (pending = start()), ms);
  };

  const failed = (problem: string, ranMs: number) => {
    if (stopping) return;
    lastProblem = problem;
    if (ranMs >= backoff.stableMs) failures = 0;
    const pause = Math.min(backoff.maxMs, backoff.firstMs * 2 ** failures);
    failures++;
    restarts++;
    state = 'restarting';
    log.error({ restartInMs: pause }, `${problem}; starting it again in ${pause / 1000} s`);
    later(pause);
  };

  async function start(): Promise<void> {
    if (stopping) return;
    try {
      if (claimed && readLitestreamClaim(databasePath)?.server !== process.pid) {
        // Taken over while this Litestream was down (this server looked dead for 30 s): claim again.
        claimed = false;
      }
      if (!claimed) {
        const claim = await claimLitestream(databasePath);
        if (!claim.held) {
          if (standbyFor !== claim.server) log.info(`server ${claim.server} replicates this database; standing by`);
          standbyFor = claim.server;
          state = 'standby';
          later(STANDBY_RECHECK_MS);
          return;
        }
        if (claim.orphanStopped)
          log.warn(`stopped Litestream ${claim.orphanStopped}, left running by a server that died`);
        claimed = true;
        standbyFor = null;
        if (stopping) return;
      }
      const port = await freePort();
      writeFileSync(configPath, litestreamConfig({ databasePath, replica, metricsAddress: `127.0.0.1:${port}` }));
      if (stopping) return;
      const started = Date.now();
      const run = spawn(binary, ['replicate', '-config', configPath, '-no-expand-env'], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child = run;
      let ended = false;
      const end = (problem: string) => {
        if (ended) return;
        ended = true;
        if (child === run) {
          child = null;
          metricsUrl = null;
        }
        failed(problem, Date.now() - started);
      };
      run.once('error', (error) => end(`Litestream could not be started (${error.message})`));
      run.once('exit', (code, signal) => end(`Litestream exited (${signal ?? `code ${code}`})`));
      createInterface({ input: run.stderr! }).on('line', (line) => relayLine(log, line));
      if (run.pid !== undefined) {
        recordLitestreamPid(databasePath, run.pid);
        metricsUrl = `http://127.0.0.1:${port}/metrics`;
        state = 'running';
        log.info({ pid: run.pid }, `Litestream replicates ${databasePath} to ${replica.url}`);
      }
    } catch (error) {
      failed(`Litestream could not be started (${(error as Error).message})`, 0);
    }
  }

  pending = start();
  const renewal = setInterval(() => claimed && renewLitestreamClaim(databasePath), CLAIM_RENEW_MS);

  return {
    state: () => state,
    metricsUrl: () => metricsUrl,
    restarts: () => restarts,
    lastProblem: () => lastProblem,
    async stop() {
      stopping = true;
      clearTimeout(timer);
      clearInterval(renewal);
      await pending;
      const running = child;
      if (running && running.exitCode === null && running.signalCode === null) {
        const exited = new Promise<void>((done) => running.once('exit', () => done()));
        running.kill('SIGTERM');
        const kill = setTimeout(() => running.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(kill);
      }
      child = null;
      metricsUrl = null;
      state = 'stopped';
      process.removeListener('exit', onExit);
      if (claimed) releaseLitestream(databasePath);
    },
  };
}
