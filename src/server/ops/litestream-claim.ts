/**
 * One Litestream per database file (docs/decisions/0039-continuous-backup-with-litestream.md):
 * two replicating one database into one replica corrupt it, and several server processes may
 * share one file (docs/decisions/0024-event-log-and-leases.md).
 *
 * The file `<database>.litestream.pid` holds `<server pid> <litestream pid>` (the second 0 while
 * it starts). A server claims it by creating it (exclusively) before it starts Litestream, and
 * renews it (its modification time) every 5 s while it holds it. While the file names another
 * live server and was renewed within 30 s, that server replicates and this one stands by. Any
 * other file is stale (its server died, or its pid now belongs to another program, as after a
 * container restart): a Litestream it names that still runs (its server was killed) is stopped
 * first, so that it never runs beside the new one.
 */
import { readFileSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { processAlive } from './backup-files.ts';

/** How long a left-over Litestream gets to finish after SIGTERM before SIGKILL, in milliseconds. */
const ORPHAN_GRACE_MS = 5000;
const ORPHAN_POLL_MS = 50;
/** How often the holder renews its claim, and how long a claim not renewed stays good, in milliseconds. */
export const CLAIM_RENEW_MS = 5000;
const CLAIM_FRESH_MS = 30_000;

/** The claim file of the database file at `databasePath`. */
export function litestreamPidFileOf(databasePath: string): string {
  return `${databasePath}.litestream.pid`;
}

/**
 * The pids in the claim file of `databasePath` and when it was last renewed (epoch ms), or null
 * when there is none (or it is unreadable).
 */
export function readLitestreamClaim(
  databasePath: string,
): { server: number; litestream: number; renewedAt: number } | null {
  let text: string;
  let renewedAt: number;
  try {
    text = readFileSync(litestreamPidFileOf(databasePath), 'utf8');
    renewedAt = statSync(litestreamPidFileOf(databasePath)).mtimeMs;
  } catch {
    return null;
  }
  const [server, litestream] = text.trim().split(/\s+/).map(Number);
  if (!Number.isInteger(server) || !Number.isInteger(litestream)) return null;
  return { server: server!, litestream: litestream!, renewedAt };
}

/**
 * Whether `pid` is a live Litestream process. On Linux its command line must name litestream
 * (a pid reused by another program after a reboot is left alone); elsewhere nothing is known to
 * be Litestream, so nothing is ever stopped.
 */
export function isLitestreamProcess(pid: number): boolean {
  if (pid <= 0 || !processAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]!.endsWith('litestream');
  } catch {
    return false;
  }
}

/** Stops the Litestream `pid`: SIGTERM (it sends what it has), SIGKILL after ORPHAN_GRACE_MS. */
async function stopOrphan(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGTERM');
    for (const deadline = Date.now() + ORPHAN_GRACE_MS; processAlive(pid) && Date.now() < deadline;) {
      await sleep(ORPHAN_POLL_MS);
    }
    if (processAlive(pid)) process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** The outcome of a claim: this process may start Litestream, or `server` replicates already. */
export type Claim = { held: true; orphanStopped: number | null } | { held: false; server: number };

/**
 * Claims the replication of `databasePath` for this process (see the module comment). Resolves
 * `{held: true}` (with the pid of a left-over Litestream it stopped, if any) or `{held: false,
 * server}` naming the live server that replicates. Throws when the file cannot be written for
 * another reason than existing (a missing or read-only folder).
 */
export async function claimLitestream(databasePath: string): Promise<Claim> {
  const file = litestreamPidFileOf(databasePath);
  const found = readLitestreamClaim(databasePath);
  let orphanStopped: number | null = null;
  if (found) {
    const ours = found.server === process.pid;
    const fresh = Date.now() - found.renewedAt < CLAIM_FRESH_MS;
    if (!ours && fresh && processAlive(found.server)) return { held: false, server: found.server };
    // A second supervisor in this process (a test's second app) finds the first one's Litestream.
    if (ours && isLitestreamProcess(found.litestream)) return { held: false, server: found.server };
    if (!ours && isLitestreamProcess(found.litestream)) {
      await stopOrphan(found.litestream);
      orphanStopped = found.litestream;
    }
    try {
      unlinkSync(file);
    } catch {
      // Removed meanwhile by another process.
    }
  }
  try {
    writeFileSync(file, `${process.pid} 0\n`, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another server claimed it between the read and the write.
    return { held: false, server: readLitestreamClaim(databasePath)?.server ?? 0 };
  }
  return { held: true, orphanStopped };
}

/** Records the pid of the Litestream this process started in its claim file. */
export function recordLitestreamPid(databasePath: string, pid: number): void {
  writeFileSync(litestreamPidFileOf(databasePath), `${process.pid} ${pid}\n`);
}

/** Renews the claim of `databasePath` when it is this process's (see the module comment). */
export function renewLitestreamClaim(databasePath: string): void {
  if (readLitestreamClaim(databasePath)?.server !== process.pid) return;
  try {
    const now = new Date();
    utimesSync(litestreamPidFileOf(databasePath), now, now);
  } catch {
    // Gone: the next start claims it again.
  }
}

/** Removes the claim file when it is this process's. */
export function releaseLitestream(databasePath: string): void {
  if (readLitestreamClaim(databasePath)?.server !== process.pid) return;
  try {
    unlinkSync(litestreamPidFileOf(databasePath));
  } catch {
    // Already gone.
  }
}
