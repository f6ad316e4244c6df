/**
 * The API of the running site: one app per process, built on first request from the parsed
 * environment and the shared database (migrated by the server entry before it serves), with
 * the process's one reader of the event log for live updates (docs/decisions/0009-live-updates.md,
 * docs/decisions/0024-event-log-and-leases.md).
 * It is called by the server entry (main.ts) in production and by the endpoint of `astro dev`
 * (dev-bridge.ts), never by both in one process (docs/decisions/0020-one-server-per-process.md).
 * `stopRuntimeApp()` lets the app's background work (lead emails and forwards) finish, for the
 * graceful shutdown (docs/decisions/0012-serving-and-shutdown.md).
 */
import { BackgroundTasks } from './background.ts';
import { createApp } from './app.ts';
import { startEventTail, type EventTail } from './services/events/tail.ts';
import { sharedDatabase } from './db/database.ts';
import { loadEnv } from './env/index.ts';
import { createMailer } from './services/email/mailer.ts';
import { createStorage } from './storage/storage.ts';

let app: Promise<ReturnType<typeof createApp>> | undefined;
let tail: EventTail | undefined;
const tasks = new BackgroundTasks();

/** The process's API app, made on the first call (each later call resolves to the same app). */
export function runtimeApp(): Promise<ReturnType<typeof createApp>> {
  app ??= (async () => {
    const env = loadEnv();
    const db = await sharedDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
    return createApp({
      db,
      env,
      mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: env.OUTBOX_DIR }),
      tasks,
      storage: await createStorage(env),
      events: (tail = await startEventTail(db)),
      fetch: globalThis.fetch,
    });
  })();
  return app;
}

/** Stops reading the event log and resolves once every background task the API started has settled. */
export function drainRuntimeApp(): Promise<void> {
  tail?.stop();
  return tasks.drain();
}
