/**
 * The proposals' scheduled work (docs/product.md#proposals, docs/product.md#agreements), every
 * PROPOSALS_EVERY_MS in the process holding the scheduled jobs' lease: proposals whose day ended
 * are recorded expired, those 3 days from their end get their reminder (services/proposals/housekeeping.ts),
 * and agreements left without their PDF by a process that died are finished
 * (services/proposals/agreements.ts). Each step is safe to run twice.
 */
import type { Database } from '../db/database.ts';
import type { Env } from '../env/index.ts';
import { log } from '../log.ts';
import { notificationRoutes } from '../services/email/notification-routes.ts';
import { finishPendingAgreements } from '../services/proposals/agreements.ts';
import { expireProposals, remindProposals } from '../services/proposals/housekeeping.ts';
import type { FileStorage } from '../storage/storage.ts';
import { repeat, type Repeating } from './repeat.ts';
import { reportRoundError } from './round-errors.ts';

/** How often: every 5 minutes, in milliseconds. */
export const PROPOSALS_EVERY_MS = 5 * 60_000;

/** One round of the proposals' work; resolves what it did. Throws what the database throws. */
export async function proposalsRound(db: Database, storage: FileStorage, env: Env, now = new Date()) {
  const expired = await expireProposals(db, env.SITE_TIME_ZONE, now);
  const reminded = await remindProposals(db, env, now);
  const finished = await finishPendingAgreements(
    { db, storage, env },
    async () => (await notificationRoutes(db, env)).team,
    now,
  );
  return { expired, reminded, finished };
}

/** Runs `proposalsRound` now and then every `everyMs`, each time only if `shouldRun()`. */
export function scheduleProposals(
  db: Database,
  storage: FileStorage,
  env: Env,
  { everyMs, shouldRun }: { everyMs: number; shouldRun: () => boolean },
): Repeating {
  return repeat(
    async () => {
      try {
        const done = await proposalsRound(db, storage, env);
        if (done.expired + done.reminded + done.finished > 0)
          log.info({ component: 'proposals', ...done }, 'proposals round');
      } catch (error) {
        reportRoundError('proposals', 'proposals round failed')(error);
      }
    },
    { everyMs, shouldRun },
  );
}
