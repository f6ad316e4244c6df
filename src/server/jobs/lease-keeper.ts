/**
 * Keeps this process's claim on the lease of the scheduled jobs (docs/decisions/0024-event-log-and-leases.md):
 * when several server processes share a database, only the holder runs the sweep and the backups.
 *
 * The keeper tries to take or renew the lease at once and then every `renewMs` (a third of the
 * lease time by default). It counts the lease as held only until the expiry its last successful
 * renewal set, measured from before that write, so a process whose renewals fail (a busy or
 * unreachable database) stops running the jobs before another may take them. A holder that dies
 * loses the lease at its expiry; another process takes it at its next try, within one lease time
 * and one renewal interval. A holder on this machine whose process is gone (a crash, `kill -9`)
 * is replaced at once, so a server restarted after a crash runs the jobs from its start.
 * `stop()` gives the lease up, so another takes it at its next try.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { log } from '../log.ts';
import type { Database } from '../db/database.ts';
import { leaseHolder, releaseLease, takeLease } from '../ops/job-leases.ts';

/**
 * Whether `holder` (`host:pid:random`) was a process of this machine that no longer runs. A pid
 * that exists but belongs to someone else (EPERM) counts as running; a holder of another machine
 * is never judged here.
 */
function deadOnThisMachine(holder: string): boolean {
  const [host, pid] = holder.split(':');
  if (host !== hostname() || !pid || Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** The lease every scheduled job of the server runs under. */
export const SCHEDULED_JOBS_LEASE = 'scheduled-jobs';

export interface LeaseKeeper {
  /** This process's name in the lease row: host, pid and a random part. */
  readonly holder: string;
  /** Whether this process holds the lease now. */
  readonly held: boolean;
  /** Resolves once the first try has ended (taken or not). */
  readonly ready: Promise<void>;
  /** Stops renewing and gives the lease up if held; resolves once done (errors are logged). */
  stop(): Promise<void>;
}

export interface LeaseOptions {
  /** How long a lease lasts unless renewed, in milliseconds. */
  ttlMs: number;
  /** Between two renewals, in milliseconds (default a third of `ttlMs`). */
  renewMs?: number;
  now?: () => number;
}

/** Starts keeping lease `name` on `db` for this process (see the module comment). */
export function keepLease(
  db: Database,
  name: string,
  { ttlMs, renewMs = ttlMs / 3, now = Date.now }: LeaseOptions,
): LeaseKeeper {
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const logger = log.child({ component: 'lease', lease: name });
  let heldUntil = 0;
  let wasHeld = false;
  let stopped = false;

  const attempt = async () => {
    const startedAt = now();
    try {
      // Only a process without the lease looks at who has it (a renewal needs no read).
      const current = heldUntil === 0 ? (await leaseHolder(db, name))?.holder : undefined;
      const replacing = current && current !== holder && deadOnThisMachine(current) ? current : undefined;
      const taken = await takeLease(db, name, holder, ttlMs, new Date(startedAt), replacing);
      heldUntil = taken ? startedAt + ttlMs : 0;
    } catch (error) {
      logger.warn({ err: error }, 'could not renew the lease; counting it as lost at its expiry');
    }
    const held = now() < heldUntil;
    if (held !== wasHeld) {
      logger.info(
        { holder },
        held ? 'this process runs the scheduled jobs' : 'another process runs the scheduled jobs',
      );
      wasHeld = held;
    }
  };

  let running = attempt();
  const ready = running;
  const timer = setInterval(() => {
    running = running.then(attempt);
  }, renewMs);
  timer.unref();

  return {
    holder,
    get held() {
      return !stopped && now() < heldUntil;
    },
    ready,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      if (heldUntil === 0) return;
      heldUntil = 0;
      try {
        await releaseLease(db, name, holder);
      } catch (error) {
        logger.warn({ err: error }, 'could not give the lease up; it expires on its own');
      }
    },
  };
}
