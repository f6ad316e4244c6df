/**
 * The API of the running site: one app per process, built on first request from the parsed
 * environment and the shared database (migrated by the server entry before it listens), with
 * the process's one in-process event bus for live updates (docs/decisions/0009-live-updates.md).
 */
import { BackgroundTasks } from './background.ts';
import { createApp } from './app.ts';
import { createInProcessBus } from './live/bus.ts';
import { sharedDatabase } from './services/db.ts';
import { loadEnv } from './env.ts';
import { createMailer } from './mail.ts';

let app: Promise<ReturnType<typeof createApp>> | undefined;

export function runtimeApp(): Promise<ReturnType<typeof createApp>> {
  app ??= (async () => {
    const env = loadEnv();
    const { db } = await sharedDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
    return createApp({
      db,
      env,
      mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: env.OUTBOX_DIR }),
      tasks: new BackgroundTasks(),
      bus: createInProcessBus(),
      fetch: globalThis.fetch,
    });
  })();
  return app;
}
