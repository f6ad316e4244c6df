/**
 * The backup worker (docs/decisions/0023-backups-in-a-worker-thread.md): a worker thread that
 * createBackup (backup.ts) starts with a CopyRequest as its `workerData`. It lowers its own CPU
 * priority, copies and checks the database with copyAndCheck (backup-copy.ts) on a connection of
 * its own, posts one CopyReport and ends. The build writes it to dist/server/backup-worker.mjs
 * beside the server entry (scripts/server-entry-integration.mjs); from the sources, Node runs
 * this file as it is.
 */
import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { BackupError } from './backup-error.ts';
import { copyAndCheck, type CopyReport, type CopyRequest } from './backup-copy.ts';

/**
 * Gives this thread the lowest CPU priority (nice 19), so that on a busy machine the threads that
 * answer requests come first. On Linux each thread has a nice value of its own, set through its
 * id (from /proc/thread-self); elsewhere this does nothing and the copy runs at the process's
 * priority.
 */
function runAtLowPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    setPriority(threadId, constants.priority.PRIORITY_LOW);
  } catch {
    // Not Linux: nothing to do.
  }
}

runAtLowPriority();
let report: CopyReport;
try {
  report = { ok: true, ...copyAndCheck(workerData as CopyRequest) };
} catch (error) {
  report = {
    ok: false,
    message: error instanceof Error ? error.message : String(error),
    operator: error instanceof BackupError,
  };
}
parentPort?.postMessage(report);
