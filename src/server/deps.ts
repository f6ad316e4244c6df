/** What the API needs from the outside world; tests pass their own. */
import type { BackgroundTasks } from './background.ts';
import type { Database } from './services/db.ts';
import type { Env } from './env.ts';
import type { AuditOptions } from './website-audit/service.ts';
import type { Mailer } from './mail.ts';

export interface AppDeps {
  db: Database;
  env: Env;
  mailer: Mailer;
  tasks: BackgroundTasks;
  /** Used for FORM_FORWARD_URL; the global fetch unless a test replaces it. */
  fetch: typeof fetch;
  /** Tests only: what the website audit may reach (fixture sites on loopback, a fake resolver). */
  audit?: AuditOptions;
}
