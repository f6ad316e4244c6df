/**
 * Continuous replication of the embedded database with Litestream, a part of the server process
 * (assembly.ts; docs/product.md#backups, docs/decisions/0039-continuous-backup-with-litestream.md).
 *
 * With LITESTREAM_REPLICA_URL set, `startReplication` runs Litestream as a supervised child
 * (litestream-process.ts), reads how far it has copied every 250 ms (litestream-status.ts)
 * for `GET /api/health`, and, with a folder replica and the local-disk storage, copies the
 * uploaded files beside it (litestream-uploads.ts). `stop()` is called by the server entry after
 * the database is closed: the last files are copied, the replica is let catch up (up to 5 s), and
 * Litestream gets SIGTERM and exits. Without the setting it does nothing and reports `{enabled: false}`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { databaseFilePath } from '../db/files.ts';
import type { Env } from '../env/index.ts';
import { litestreamBinary } from './litestream-config.ts';
import { superviseLitestream, type Backoff, type SupervisorState } from './litestream-process.ts';
import { LagClock, lagBytes, localState, parseMetrics, replicaPosition, type Position } from './litestream-status.ts';
import { copyUploads, replicaUploadsDir, UPLOADS_COPY_EVERY_MS } from './litestream-uploads.ts';

/** How often the replication's position is read, in milliseconds (the lag's resolution). */
const STATUS_EVERY_MS = 250;
/** How long one read of Litestream's metrics may take, in milliseconds. */
const METRICS_TIMEOUT_MS = 1000;
/**
 * At stop, how long Litestream gets to read the last of the WAL (a little over its 250 ms
 * `monitor-interval`) before the server waits for the replica to hold it, and how long that wait
 * lasts at most, in milliseconds.
 */
const STOP_READ_MS = 300;
const STOP_SETTLE_MS = 5000;

/** What `GET /api/health` says of the replication (docs/product.md#health). */
export type ReplicationStatus =
  | { enabled: false }
  | {
      enabled: true;
      /** `running`; `starting` or `restarting` (Litestream is down for now); `standby` (another server on this file replicates it); `stopped`. */
      state: SupervisorState;
      /** The newest position the replica holds, as of `checkedAt`; null until Litestream has sent something. */
      replicated: Position | null;
      /** How far the replica is behind what Litestream has read, as of `checkedAt`. */
      lag: { seconds: number; bytes: number } | null;
      /** When the position was last read (ISO time), or null. */
      checkedAt: string | null;
      /** Times Litestream was started again after it exited. */
      restarts: number;
      /** The last exit or start failure, or null. */
      problem: string | null;
      /** The copy of uploaded files beside a folder replica; null when the server copies none. */
      uploads: { copiedAt: string | null; files: number } | null;
    };

/** The replication part of a process. */
export interface Replication {
  status(): ReplicationStatus;
  /** Ends the replication; call after the database is closed. Resolves once Litestream has exited. */
  stop(): Promise<void>;
}

/** The replication of a process without LITESTREAM_REPLICA_URL (or of a benchmark's app). */
export const noReplication: Replication = { status: () => ({ enabled: false }), stop: async () => {} };

/**
 * Starts the replication of `env` (see the module comment); `log` gets its lines
 * (`component: "litestream"`); `backoff` is for tests. Throws LitestreamMissingError when the
 * setting is on and the binary is not installed.
 */
export function startReplication(env: Env, log: Logger, options: { backoff?: Backoff } = {}): Replication {
  const replica = env.LITESTREAM_REPLICA_URL;
  const databasePath = databaseFilePath(env.DATABASE_URL);
  if (!replica || !databasePath) return noReplication;
  const logger = log.child({ component: 'litestream' });
  const supervisor = superviseLitestream({
    binary: litestreamBinary(),
    databasePath,
    replica,
    log: logger,
    ...options,
  });
  const clock = new LagClock();
  let seen: { replicated: Position | null; lag: { seconds: number; bytes: number }; at: Date } | null = null;

  let reading = false;
  const readStatus = async () => {
    const url = supervisor.metricsUrl();
    if (!url || reading) return;
    reading = true;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(METRICS_TIMEOUT_MS) });
      const metrics = parseMetrics(await response.text());
      const local = await localState(databasePath);
      if (!local) return;
      const replicated = replicaPosition(metrics, local.position.generation);
      const now = new Date();
      const seconds = clock.observe(now.getTime(), local.position, replicated);
      seen = { replicated, lag: { seconds, bytes: lagBytes(local, replicated) }, at: now };
    } catch {
      // Litestream is starting or restarting: the last reading stands, with its time.
    } finally {
      reading = false;
    }
  };

  const copying = replica.kind === 'file' && env.STORAGE_DRIVER === 'fs';
  if (!copying && env.STORAGE_DRIVER === 'fs') {
    logger.warn('uploaded files are not copied to an S3 replica: keep UPLOADS_DIR on a disk backed up otherwise');
  }
  let uploads: { copiedAt: string | null; files: number } | null = copying ? { copiedAt: null, files: 0 } : null;
  let copy: Promise<void> = Promise.resolve();
  const copyFiles = () => {
    if (!copying || supervisor.state() === 'standby') return copy;
    copy = copy.then(async () => {
      try {
        const done = await copyUploads(env.UPLOADS_DIR, replicaUploadsDir(replica.dir));
        uploads = { copiedAt: new Date().toISOString(), files: done.files };
        if (done.copied > 0 || done.deleted > 0) logger.debug(done, 'uploaded files copied to the replica');
        if (done.keptAll) logger.warn('UPLOADS_DIR is empty: the replica keeps its uploaded files');
      } catch (error) {
        logger.error({ err: error }, 'uploaded files could not be copied to the replica');
      }
    });
    return copy;
  };

  const statusTimer = setInterval(() => void readStatus(), STATUS_EVERY_MS);
  const uploadsTimer = copying ? setInterval(() => void copyFiles(), UPLOADS_COPY_EVERY_MS) : undefined;
  void copyFiles();

  return {
    status() {
      return {
        enabled: true,
        state: supervisor.state(),
        replicated: seen?.replicated ?? null,
        lag: seen?.lag ?? null,
        checkedAt: seen?.at.toISOString() ?? null,
        restarts: supervisor.restarts(),
        problem: supervisor.lastProblem(),
        uploads,
      };
    },
    async stop() {
      clearInterval(statusTimer);
      clearInterval(uploadsTimer);
      await copyFiles();
      // Litestream 0.3.13's last send on SIGTERM runs beside its running one and may race it over one
      // WAL segment (it then exits 1): the replica is let catch up first, so that nothing is left to send.
      const settling = Date.now();
      await sleep(supervisor.metricsUrl() ? STOP_READ_MS : 0);
      while (supervisor.metricsUrl() && Date.now() - settling < STOP_SETTLE_MS) {
        await readStatus();
        if (seen && seen.at.getTime() > settling + STOP_READ_MS && seen.lag.bytes === 0) break;
        await sleep(STATUS_EVERY_MS / 2);
      }
      await supervisor.stop();
    },
  };
}
