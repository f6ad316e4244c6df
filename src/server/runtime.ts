/**
 * The API of the running site: one app per process, built on first request from the process's
 * parts (assembly.ts: the parsed environment, the shared database — migrated by the server entry
 * before it serves —, storage, mailer and the one reader of the event log for live updates,
 * docs/decisions/0009-live-updates.md, docs/decisions/0024-event-log-and-leases.md).
 * It is called by the server entry (main.ts) in production and by the endpoint of `astro dev`
 * (dev-bridge.ts), never by both in one process (docs/decisions/0020-one-server-per-process.md).
 * `drainRuntimeApp()` lets the app's background work (lead emails and forwards) finish, for the
 * graceful shutdown (docs/decisions/0012-serving-and-shutdown.md).
 */
import { createApp } from './app.ts';
import { assembleProcess, type ProcessParts } from './assembly.ts';
import { loadEnv } from './env/index.ts';

let parts: Promise<ProcessParts> | undefined;
let app: Promise<ReturnType<typeof createApp>> | undefined;

/** The process's parts (assembly.ts), made on the first call from the environment. */
export function processParts(): Promise<ProcessParts> {
  parts ??= assembleProcess(loadEnv());
  return parts;
}

/** The process's API app, made on the first call (each later call resolves to the same app). */
export function runtimeApp(): Promise<ReturnType<typeof createApp>> {
  app ??= processParts().then((made) => createApp(made.deps()));
  return app;
}

/** Stops reading the event log and resolves once every background task the API started has settled. */
export async function drainRuntimeApp(): Promise<void> {
  if (parts) await (await parts).stop();
}
