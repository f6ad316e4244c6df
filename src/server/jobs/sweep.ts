/**
 * The hourly sweep (docs/product.md#limits): deletes expired sessions of both kinds, expired
 * single-use tokens of every purpose (sign-in and password links, challenges, invitations, export
 * and chat links: services/single-use-tokens.ts), rate-limit counts whose window ended and
 * Idempotency-Keys older than 24 hours, live events older than 24 hours (services/events/events.ts),
 * the ZIPs of data exports downloaded or expired (services/privacy/export-downloads.ts), and self-registered
 * accounts still unconfirmed after 7 days with everything of theirs (services/sign-in/registration.ts), so
 * the tables hold only what can still be used. Run by
 * the server process (src/server/main.ts) once at start and then every hour.
 */
import { log } from '../log.ts';
import { repeat, type Repeating } from './repeat.ts';
import { deleteStoredFiles, sweepOrphanFiles } from '../services/files/cleanup.ts';
import { deleteUnconfirmedClients } from '../services/sign-in/registration.ts';
import { sweepExports } from '../services/privacy/export-downloads.ts';
import type { FileStorage } from '../storage/storage.ts';
import type { Database } from '../db/database.ts';
import { deleteEventsBefore, EVENT_RETENTION_MS } from '../services/events/events.ts';
import { deleteExpiredIdempotencyKeys } from '../services/idempotency.ts';
import { deleteExpiredRateLimits } from '../services/rate-limits.ts';
import { deleteExpiredSessions } from '../services/sign-in/sessions.ts';
import { sweepTokens } from '../services/single-use-token-subjects.ts';
import { reportRoundError } from './round-errors.ts';

/** How often the sweep runs, in milliseconds: every hour. */
export const SWEEP_EVERY_MS = 60 * 60 * 1000;

interface SweepResult {
  sessions: number;
  /** Single-use tokens of every purpose (links, challenges, invitations). */
  tokens: number;
  rateLimits: number;
  idempotencyKeys: number;
  events: number;
  orphanFiles: number;
  /** ZIPs of data exports downloaded or past their link's 48 hours. */
  exports: number;
  /** Self-registered accounts never confirmed within 7 days. */
  unconfirmedClients: number;
}

/**
 * Deletes everything that expired at or before `now`, and the stored files no row names
 * (`sweepOrphanFiles`) when given the storage; returns how many of each went.
 */
async function sweepExpired(db: Database, now = new Date(), storage?: FileStorage): Promise<SweepResult> {
  const unconfirmed = await deleteUnconfirmedClients(db, now);
  // Their files' bytes go once the rows are gone; the orphan sweep catches any left by a crash.
  if (storage) await deleteStoredFiles(storage, unconfirmed.storageKeys);
  return {
    unconfirmedClients: unconfirmed.clientIds.length,
    sessions: await deleteExpiredSessions(db, now),
    tokens: await sweepTokens(db, now),
    rateLimits: await deleteExpiredRateLimits(db, now),
    idempotencyKeys: await deleteExpiredIdempotencyKeys(db, now),
    events: await deleteEventsBefore(db, new Date(now.getTime() - EVENT_RETENTION_MS)),
    exports: storage ? await sweepExports(db, storage, now) : 0,
    orphanFiles: storage ? await sweepOrphanFiles(db, storage, now) : 0,
  };
}

/** The sweep's schedule: `stop()` clears the timer and resolves once a sweep in progress has finished. */
export type SweepSchedule = Repeating;

/**
 * Sweeps now and then every `everyMs` (default SWEEP_EVERY_MS), each time only if `shouldRun()`
 * (this process holds the scheduled jobs' lease, jobs/lease-keeper.ts). A failed sweep is
 * reported to `onError` and the next one runs as planned. The timer does not keep the process alive.
 */
export function scheduleSweep(
  db: Database,
  {
    everyMs = SWEEP_EVERY_MS,
    onError = reportRoundError('sweep', 'sweep failed'),
    shouldRun = () => true,
    storage,
  }: { everyMs?: number; onError?: (error: unknown) => void; shouldRun?: () => boolean; storage?: FileStorage } = {},
): SweepSchedule {
  return repeat(
    () =>
      sweepExpired(db, new Date(), storage).then((removed) => {
        log.info({ component: 'sweep', ...removed }, 'expired rows removed');
      }, onError),
    { everyMs, shouldRun },
  );
}
