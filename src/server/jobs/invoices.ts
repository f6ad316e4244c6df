/**
 * The invoices' scheduled work (docs/product.md#invoices), every INVOICES_EVERY_MS in the process
 * holding the scheduled jobs' lease: the plans billed by invoice issue their month's invoice, and
 * unpaid invoices get their reminders (services/invoices/housekeeping.ts). Each step is safe to run twice.
 */
import type { Database } from '../db/database.ts';
import type { Env } from '../env/index.ts';
import { log } from '../log.ts';
import { billPlans, remindInvoices } from '../services/invoices/housekeeping.ts';
import { repeat, type Repeating } from './repeat.ts';
import { reportRoundError } from './round-errors.ts';

/** How often: every 5 minutes, in milliseconds. */
export const INVOICES_EVERY_MS = 5 * 60_000;

/** One round of the invoices' work; resolves what it did. Throws what the database throws. */
async function invoicesRound(db: Database, env: Env, now = new Date()) {
  const billed = await billPlans(db, env, now);
  const reminded = await remindInvoices(db, env, now);
  return { billed, reminded };
}

/** Runs `invoicesRound` now and then every `everyMs`, each time only if `shouldRun()`. */
export function scheduleInvoices(
  db: Database,
  env: Env,
  { everyMs, shouldRun }: { everyMs: number; shouldRun: () => boolean },
): Repeating {
  return repeat(
    async () => {
      try {
        const done = await invoicesRound(db, env);
        if (done.billed + done.reminded > 0) log.info({ component: 'invoices', ...done }, 'invoices round');
      } catch (error) {
        reportRoundError('invoices', 'invoices round failed')(error);
      }
    },
    { everyMs, shouldRun },
  );
}
