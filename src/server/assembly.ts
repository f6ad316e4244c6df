/**
 * The one place that assembles a server process from its settings (docs/decisions/0036-server-by-feature.md):
 * the database, the file storage, the mailer, the reader of the event log, the background tasks
 * and the replication with Litestream (docs/decisions/0039-continuous-backup-with-litestream.md),
 * and from them the API's dependencies (deps.ts). The server entry (main.ts, through
 * runtime.ts), the dev bridge (dev-bridge.ts) and the integration tests all build their process
 * here, so a new part is added once.
 */
import type { AppDeps, LiveOptions } from './deps.ts';
import { BackgroundTasks } from './background.ts';
import { sharedDatabase, type Database } from './db/database.ts';
import type { Env } from './env/index.ts';
import { log } from './log.ts';
import { startReplication, type Replication } from './ops/replication.ts';
import { createMailer, type Mailer } from './services/email/mailer.ts';
import { startEventTail, type EventTail } from './services/events/tail.ts';
import type { AuditOptions } from './services/website-audit/service.ts';
import type { DnsResolver } from './services/inbound/inbound-deps.ts';
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
  /** Litestream's replication of the database; its `stop()` comes after the database is closed. */
  replication: Replication;
  /**
   * The API's dependencies over these parts. `fetch` is the global fetch unless given; `audit`
   * and `live` are for tests only (fixture sites, a short heartbeat).
   */
  deps(extra?: { fetch?: typeof fetch; audit?: AuditOptions; live?: LiveOptions; inboundDns?: DnsResolver }): AppDeps;
  /** Stops reading the event log and resolves once every background task has settled; the database stays open. */
  stop(): Promise<void>;
}

/**
 * The process's shared database (db/database.ts) as `env` asks: with LITESTREAM_REPLICA_URL,
 * Litestream checkpoints the WAL, not the server (ADR 0039).
 */
export function sharedDatabaseOf(env: Env): Promise<Database> {
  return sharedDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN, {
    externalCheckpoints: env.LITESTREAM_REPLICA_URL !== undefined,
  });
}

/**
 * Builds the parts of a process from `env`. The database is the process's shared connection to
 * DATABASE_URL unless `options.db` gives one (a test's own connection, a second app on the same
 * file). Rejects when the database or the storage cannot be opened (a bad DATABASE_URL, an
 * S3 setting that does not connect), and throws LitestreamMissingError when LITESTREAM_REPLICA_URL is
 * set and Litestream is not installed.
 */
export async function assembleProcess(env: Env, options: { db?: Database } = {}): Promise<ProcessParts> {
  const db = options.db ?? (await sharedDatabaseOf(env));
  const storage = await createStorage(env);
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: env.OUTBOX_DIR });
  const events = await startEventTail(db);
  const tasks = new BackgroundTasks();
  const replication = startReplication(env, log);
  return {
    env,
    db,
    storage,
    mailer,
    events,
    tasks,
    replication,
    deps: (extra = {}) => ({
      db,
      env,
      mailer,
      tasks,
      storage,
      events,
      replication,
      fetch: extra.fetch ?? globalThis.fetch,
      audit: extra.audit,
      live: extra.live,
      ...(extra.inboundDns ? { inboundDns: extra.inboundDns } : {}),
    }),
    async stop() {
      await events.stop();
      await tasks.drain();
    },
  };
}
