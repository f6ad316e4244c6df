/** What the API needs from the outside world; tests pass their own. */
import type { BackgroundTasks } from './background.ts';
import type { Database } from './services/db.ts';
import type { Env } from './env.ts';
import type { EventBus } from './live/bus.ts';
import type { LiveOptions } from './live/stream.ts';
import type { AuditOptions } from './website-audit/service.ts';
import type { Mailer } from './mail.ts';

export interface AppDeps {
  db: Database;
  env: Env;
  mailer: Mailer;
  tasks: BackgroundTasks;
  /** Carries live updates from the writes to the open event streams (ADR 0009). */
  bus: EventBus;
  /** Used for FORM_FORWARD_URL; the global fetch unless a test replaces it. */
  fetch: typeof fetch;
  /** Tests only: what the website audit may reach (fixture sites on loopback, a fake resolver). */
  audit?: AuditOptions;
  /** Tests only: a shorter heartbeat for the event streams. */
  live?: LiveOptions;
}
