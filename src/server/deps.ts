/** What the API needs from the outside world; tests pass their own. */
import type { BackgroundTasks } from './background.ts';
import type { Database } from './db/database.ts';
import type { Env } from './env/index.ts';
import type { EventTail } from './services/events/tail.ts';
import type { AuditOptions } from './services/website-audit/service.ts';
import type { Mailer } from './services/email/mailer.ts';
import type { Replication } from './ops/replication.ts';
import type { FileStorage } from './storage/storage.ts';

/** Tests shorten the event streams' heartbeat; production uses the stream's own (live/stream.ts). */
export interface LiveOptions {
  heartbeatMs?: number;
}

import type { DnsResolver } from './services/inbound/inbound-deps.ts';

export interface AppDeps {
  db: Database;
  env: Env;
  mailer: Mailer;
  tasks: BackgroundTasks;
  /** Where uploaded files' bytes live (storage/storage.ts). */
  storage: FileStorage;
  /** The process's reader of the event log, which feeds the open event streams (ADR 0009, ADR 0024). */
  events: EventTail;
  /** Litestream's replication of the database, reported by `GET /api/health` (ops/replication.ts). */
  replication: Replication;
  /** Used for FORM_FORWARD_URL; the global fetch unless a test replaces it. */
  fetch: typeof fetch;
  /** Tests only: what the website audit may reach (fixture sites on loopback, a fake resolver). */
  audit?: AuditOptions;
  /** Tests only: a shorter heartbeat for the event streams. */
  live?: LiveOptions;
  /** Tests only: fixed DNS answers for the DMARC check of email replies (services/inbound/dmarc.ts). */
  inboundDns?: DnsResolver;
}
