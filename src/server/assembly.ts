/**
 * The one place that assembles a server process from its settings (docs/decisions/0036-server-by-feature.md):
 * the database, the file storage, the mailer, the reader of the event log and the background
 * tasks, and from them the API's dependencies (deps.ts). The server entry (main.ts, through
 * runtime.ts), the dev bridge (dev-bridge.ts) and the integration tests all build their process
 * here, so a new part is added once.
 */
import type { AppDeps, LiveOptions } from './deps.ts';
import { BackgroundTasks } from './background.ts';
import { sharedDatabase, type Database } from './db/database.ts';
import type { Env } from './env/index.ts';
import { createMailer, type Mailer } from './services/email/mailer.ts';
import { startEventTail, type EventTail } from './services/events/tail.ts';
import type { AuditOptions } from './services/website-audit/service.ts';
import { createStorage, type FileStorage } from './storage/storage.ts';

/** The parts of one process, shared by its API and its scheduled jobs. */
export interface ProcessParts {
  env: Env;
  db: Database;
  storage: FileStorage;
  mailer: Mailer;
  /** The process's one reader of the event log (docs/decisions/0024-event-log-and-leases.md). */
  events: EventTail;
  /** Work the API starts after answering (lead forwards), drained at shutdown. */
  tasks: BackgroundTasks;
  /**
   * The API's dependencies over these parts. `fetch` is the global fetch unless given; `audit`
   * and `live` are for tests only (fixture sites, a short heartbeat).
   */
  deps(extra?: { fetch?: typeof fetch; audit?: AuditOptions; live?: LiveOptions }): AppDeps;
  /** Stops reading the event log and resolves once every background task has settled; the database stays open. */
  stop(): Promise<void>;
}

/**
 * Builds the parts of a process from `env`. The database is the process's shared connection to
 * DATABASE_URL unless `options.db` gives one (a test's own connection, a second app on the same
 * file). Rejects when the database or the storage cannot be opened (a bad DATABASE_URL, an
 * S3 setting that does not connect).
 */
export async function assembleProcess(env: Env, options: { db?: Database } = {}): Promise<ProcessParts> {
  const db = options.db ?? (await sharedDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN));
  const storage = await createStorage(env);
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: env.OUTBOX_DIR });
  const events = await startEventTail(db);
  const tasks = new BackgroundTasks();
  return {
    env,
    db,
    storage,
    mailer,
    events,
    tasks,
    deps: (extra = {}) => ({
      db,
      env,
      mailer,
      tasks,
      storage,
      events,
      fetch: extra.fetch ?? globalThis.fetch,
      audit: extra.audit,
      live: extra.live,
    }),
    async stop() {
      await events.stop();
      await tasks.drain();
    },
  };
}
