/**
 * The backup worker (docs/decisions/0020-backups-in-a-worker-thread.md): a worker thread that
 * createBackup (backup.ts) starts with a CopyRequest as its `workerData`. It copies and checks the
 * database with copyAndCheck (backup-copy.ts) on a connection of its own, posts one CopyReport
 * and ends. The build writes it to dist/server/backup-worker.mjs
 * beside the server entry (scripts/server-entry-integration.mjs); from the sources, Node runs
 * this file as it is.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { BackupError } from './backup-error.ts';
import { copyAndCheck, type CopyReport, type CopyRequest } from './backup-copy.ts';

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
