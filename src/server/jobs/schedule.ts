/**
 * Every piece of scheduled work of a server process, in one list (docs/decisions/0036-server-by-feature.md):
 * its name, how often it runs and whether it runs only in the process holding the scheduled
 * jobs' lease (docs/decisions/0024-event-log-and-leases.md). Work under the lease is done by one
 * process of those sharing a database; the rest runs in each (the notification worker and the
 * export builder claim each email and each export under a lease of their own).
 *
 * `startJobs` starts them all and gives back one `stop()`; the server entry (main.ts) calls it
 * once the database is migrated.
 */
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import type { Env } from '../env/index.ts';
import type { Mailer } from '../services/email/mailer.ts';
import type { FileStorage } from '../storage/storage.ts';
import { scheduleBackups } from './backup.ts';
import { CHAT_ESCALATION_EVERY_MS, scheduleChatEscalation } from './chat-escalation.ts';
import { EXPORT_EVERY_MS, scheduleExportBuilder } from './export-builder.ts';
import { POLL_MS, startNotificationWorker } from './notification-worker.ts';
import { PROPOSALS_EVERY_MS, scheduleProposals } from './proposals.ts';
import { INVOICES_EVERY_MS, scheduleInvoices } from './invoices.ts';
import { RETENTION_EVERY_MS, scheduleRetention } from './retention.ts';
import { scheduleSweep, SWEEP_EVERY_MS } from './sweep.ts';

/** What the jobs work with: the process's parts (assembly.ts) and its logger. */
export interface JobContext {
  db: Database;
  env: Env;
  storage: FileStorage;
  mailer: Mailer;
  log: Logger;
}

/** A started job: `stop()` resolves once its round in progress has finished. */
export interface RunningJob {
  stop(): Promise<void>;
}

/** One piece of scheduled work. */
export interface ScheduledJob {
  name: string;
  /** Milliseconds between rounds, from the settings where they set it. */
  everyMs(env: Env): number;
  /** Whether only the holder of the scheduled jobs' lease runs it. */
  underLease: boolean;
  /** Starts it: a round now (when `shouldRun()`) and then every `everyMs`. */
  start(context: JobContext, timing: { everyMs: number; shouldRun: () => boolean }): RunningJob;
}

/** The scheduled work of a server process. */
export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  {
    // Expired sessions, links and tokens, and stored files no row names (jobs/sweep.ts).
    name: 'sweep',
    everyMs: () => SWEEP_EVERY_MS,
    underLease: true,
    start: ({ db, storage }, timing) => scheduleSweep(db, { ...timing, storage }),
  },
  {
    // What the retention periods say is due (docs/retention.md).
    name: 'retention',
    everyMs: () => RETENTION_EVERY_MS,
    underLease: true,
    start: ({ db, storage, env }, timing) => scheduleRetention(db, storage, env, timing),
  },
  {
    // Chats waiting too long for an answer, told to the team by email (docs/product.md#live-chat).
    name: 'chat-escalation',
    everyMs: () => CHAT_ESCALATION_EVERY_MS,
    underLease: true,
    start: ({ db, env }, timing) => scheduleChatEscalation(db, env, timing),
  },
  {
    // Proposals that expired, reminders 3 days before, agreements left without their PDF (docs/product.md#proposals).
    name: 'proposals',
    everyMs: () => PROPOSALS_EVERY_MS,
    underLease: true,
    start: ({ db, storage, env }, timing) => scheduleProposals(db, storage, env, timing),
  },
  {
    // Plans billed by invoice, and reminders of unpaid invoices (docs/product.md#invoices).
    name: 'invoices',
    everyMs: () => INVOICES_EVERY_MS,
    underLease: true,
    start: ({ db, env }, timing) => scheduleInvoices(db, env, timing),
  },
  {
    // A checked copy of the database and its files, when BACKUP_DIR is set (docs/product.md#backups).
    name: 'backups',
    everyMs: (env) => env.BACKUP_EVERY_HOURS * 3_600_000,
    underLease: true,
    start: ({ env, log }, { shouldRun }) => scheduleBackups({ env, log, shouldRun }),
  },
  {
    // Queued emails, also those a process that died left (docs/product.md#notifications).
    name: 'notifications',
    everyMs: () => POLL_MS,
    underLease: false,
    start: ({ db, env, mailer, storage }, { everyMs }) =>
      startNotificationWorker({ db, env, mailer, storage, pollMs: everyMs }),
  },
  {
    // The data exports people asked for (docs/product.md#privacy).
    name: 'data-exports',
    everyMs: () => EXPORT_EVERY_MS,
    underLease: false,
    start: ({ db, env, storage }, { everyMs }) => scheduleExportBuilder({ db, env, storage, everyMs }),
  },
];

/**
 * Starts every job of `jobs` (default SCHEDULED_JOBS); those under the lease run a round only
 * while `holdsLease()`. Returns one `stop()` that stops them all and resolves once each round in
 * progress has finished (a job whose stop fails is logged, the others still stop).
 */
export function startJobs(
  context: JobContext,
  holdsLease: () => boolean,
  jobs: readonly ScheduledJob[] = SCHEDULED_JOBS,
): RunningJob {
  const running = jobs.map((job) => ({
    name: job.name,
    job: job.start(context, {
      everyMs: job.everyMs(context.env),
      shouldRun: job.underLease ? holdsLease : () => true,
    }),
  }));
  return {
    async stop() {
      const results = await Promise.allSettled(running.map(({ job }) => job.stop()));
      results.forEach((result, index) => {
        if (result.status === 'rejected') {
          context.log.error({ err: result.reason, job: running[index]!.name }, 'a job did not stop cleanly');
        }
      });
    },
  };
}
