/**
 * Builds the data exports people asked for (docs/product.md#privacy): a scheduled job of its own
 * (jobs/schedule.ts), every EXPORT_EVERY_MS in every process, its link's email queued for the
 * notification worker's next round. Each export is claimed under a lease of EXPORT_LEASE_MS (a
 * worker that dies leaves it to the next one), its ZIP written to the storage (export-archive.ts), and then, in one write, marked ready
 * with its download token (the single-use store's) and the email queued (data-exports.ts). A
 * failed build deletes its partial ZIP and is tried again in the next round, up to
 * MAX_EXPORT_ATTEMPTS times.
 */
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { renderDataExport } from '../services/email/templates/data-export.tsx';
import type { Env } from '../env/index.ts';
import { log } from '../log.ts';
import { claimExport, completeExport, failExport, type ExportRow } from '../services/privacy/data-exports.ts';
import { writeExportArchive } from '../services/privacy/export-archive.ts';
import { leadExportContent } from '../services/privacy/export-common.ts';
import { clientExportContent } from '../services/privacy/export-records.ts';
import type { Database } from '../db/database.ts';
import { newStorageKey, type FileStorage } from '../storage/storage.ts';
import { newToken } from '../services/single-use-tokens.ts';
import { repeat, type Repeating } from './repeat.ts';
import { reportRoundError } from './round-errors.ts';

/** How often the job looks for exports to build: every second, in milliseconds. */
export const EXPORT_EVERY_MS = 1000;

/** How long one build may hold its export before another worker may take it: 10 minutes. */
const EXPORT_LEASE_MS = 10 * 60 * 1000;

/** What the builder needs. */
export interface ExportBuilderOptions {
  db: Database;
  storage: FileStorage;
  env: Pick<Env, 'SITE_URL'>;
  now: () => Date;
  /** Whether to stop after the current export (the worker is stopping). */
  stopping: () => boolean;
}

async function buildOne(options: ExportBuilderOptions, row: ExportRow): Promise<void> {
  const { db, storage, env, now } = options;
  const key = newStorageKey();
  try {
    const subject = { kind: row.subjectKind, id: row.subjectId };
    const content =
      subject.kind === 'client' ? await clientExportContent(db, subject.id) : await leadExportContent(db, subject.id);
    const finishedAt = now();
    const sizeBytes = await writeExportArchive(storage, key, content, finishedAt);
    const token = newToken();
    const forStaff = row.requestedBy !== 'self';
    const email = await renderDataExport({
      name: forStaff ? row.requestedBy : content.subject.name,
      subjectName: content.subject.name,
      forStaff,
      link: new URL(`/data-export#token=${token}`, env.SITE_URL).href,
      sizeBytes,
    });
    const done = await completeExport(db, row, { storageKey: key, sizeBytes, token, email }, finishedAt);
    if (!done) await storage.delete(key);
    log.info({ component: 'exports', exportId: row.id, sizeBytes, ready: done }, 'data export built');
  } catch (error) {
    await storage.delete(key).catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    log.warn({ component: 'exports', exportId: row.id, attempt: row.attempts, reason }, 'data export failed');
    await failExport(db, row, reason);
  }
}

/** Builds every export that is due, one at a time; resolves with how many were tried. */
export async function buildDueExports(options: ExportBuilderOptions): Promise<number> {
  let tried = 0;
  while (!options.stopping()) {
    const row = await claimExport(options.db, options.now(), EXPORT_LEASE_MS);
    if (!row) break;
    await buildOne(options, row);
    tried++;
    await yieldToRequests();
  }
  return tried;
}

/**
 * Builds due exports now and then every `everyMs` (default EXPORT_EVERY_MS), in any process:
 * each export is claimed under its own lease, so two processes never build the same one. A failed
 * round is logged and the next one runs as planned. `stop()` ends the round in progress after its
 * current export. The timer does not keep the process alive.
 */
export function scheduleExportBuilder(
  options: Omit<ExportBuilderOptions, 'stopping' | 'now'> & { everyMs?: number; now?: () => Date },
): Repeating {
  let stopping = false;
  const schedule = repeat(
    () =>
      buildDueExports({ ...options, now: options.now ?? (() => new Date()), stopping: () => stopping }).then(
        () => undefined,
        reportRoundError('exports', 'data export round failed'),
      ),
    { everyMs: options.everyMs ?? EXPORT_EVERY_MS, shouldRun: () => true },
  );
  return {
    async stop() {
      stopping = true;
      await schedule.stop();
    },
  };
}
