/**
 * The server entry, built to dist/server/entry.mjs (`node dist/server/entry.mjs` serves the site).
 *
 * In order: parse the environment (a bad value stops start-up with a message naming the
 * variable), listen (answering 503 until ready), apply the database migrations, start the
 * scheduled jobs (jobs/schedule.ts: the hourly sweep of expired sessions and links, the
 * notification worker, the export builder, scheduled backups; the sweep and the backups only
 * while this process holds the scheduled jobs' lease, jobs/lease-keeper.ts),
 * then serve through the front door (front.ts): prebuilt files, the Hono API directly, and
 * Astro's handler for server-rendered pages.
 *
 * SIGTERM and SIGINT (and the parent `npm start` going away) stop it gracefully
 * (docs/decisions/0012-serving-and-shutdown.md, docs/product.md#restarts): readiness answers 503 at
 * once while everything else is served as usual for SHUTDOWN_DRAIN_MS (so a load balancer moves
 * new requests elsewhere first); then no new connection is accepted, requests in flight finish (up
 * to 10 s), background work finishes its current step, the WAL is checkpointed into the database
 * file (by Litestream instead, with LITESTREAM_REPLICA_URL), the database is closed, Litestream (when
 * it runs, ops/replication.ts) sends what it has read and stops, and the process exits 0
 * (docs/decisions/0039-continuous-backup-with-litestream.md).
 *
 * This process holds the one copy of the API (runtime.ts): Astro's bundle (astro-app.mjs) only
 * renders pages (docs/decisions/0020-one-server-per-process.md).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createFront } from './front.ts';
import { policyRetentionMismatch } from './policy-check.ts';
import { setPhase } from './lifecycle.ts';
import { flushLog, log, setLogLevel } from './log.ts';
import { drainRuntimeApp, processParts, runtimeApp } from './runtime.ts';
import { migrateDatabase } from './db/database.ts';
import { sharedDatabaseOf } from './assembly.ts';
import { startJobs } from './jobs/schedule.ts';
import { startSmtpDoor } from './services/inbound/smtp-door.ts';
import { claimServerPidFile } from './ops/backup-pid-file.ts';
import { keepLease, SCHEDULED_JOBS_LEASE } from './jobs/lease-keeper.ts';
import { EnvError, isHttpsSite, loadEnv, type Env } from './env/index.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { staticFiles } from './static-files.ts';

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** How long requests in flight may take to finish once the listener is closed, in milliseconds. */
const IN_FLIGHT_LIMIT_MS = 10_000;
/** How often the shutdown checks whether the requests in flight are done, in milliseconds. */
const IN_FLIGHT_POLL_MS = 25;

function readEnv(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      log.fatal(error.message);
      flushLog();
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Stops start-up when the built Privacy Policy states other retention periods than `env` sets
 * (policy-check.ts); a build without the page (none of this project's) is let through with a warning.
 */
function checkPrivacyPolicy(env: Env): void {
  let html: string;
  try {
    html = readFileSync(new URL('../client/privacy-policy/index.html', import.meta.url), 'utf8');
  } catch {
    log.warn('the built Privacy Policy was not found; its retention periods are not checked');
    return;
  }
  const mismatch = policyRetentionMismatch(html, env);
  if (mismatch) {
    log.fatal(mismatch);
    flushLog();
    process.exit(1);
  }
}

function listen(server: http.Server, env: Env): Promise<void> {
  return new Promise((resolve) => {
    server.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        log.fatal(
          `Port ${env.PORT} on ${env.HOST} is already in use. Stop the other server or set PORT to a free port.`,
        );
      } else {
        log.fatal({ err: error }, 'The server stopped');
      }
      flushLog();
      process.exit(1);
    });
    server.listen(env.PORT, env.HOST, () => resolve());
  });
}

async function main(): Promise<void> {
  const env = readEnv();
  setLogLevel(env.LOG_LEVEL);
  checkPrivacyPolicy(env);
  setPhase('starting');

  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  process.env.ASTRO_NODE_LOGGING = 'disabled';
  const astro = (await import(new URL('./astro-app.mjs', import.meta.url).href)) as { handler: NodeHandler };
  const api = getRequestListener(async (request, bindings) =>
    (await runtimeApp()).fetch(request, { clientAddress: bindings.incoming.socket.remoteAddress }),
  );
  const pageHeaders = securityHeaders({ https: isHttpsSite(env) });
  // Each prebuilt page's policy, read from the pages at build time (server-entry-integration.mjs).
  const metaPolicies = JSON.parse(readFileSync(new URL('./page-policies.json', import.meta.url), 'utf8')) as Record<
    string,
    string
  >;
  const files = staticFiles(fileURLToPath(new URL('../client/', import.meta.url)), pageHeaders, metaPolicies);
  const front = createFront({
    env,
    pageHeaders,
    static: files.handler,
    policyFor: files.policyFor,
    api,
    astro: astro.handler,
  });
  const server = http.createServer(front.handle);
  await listen(server, env);

  // Migrated first: the event reader the process assembles next reads the event log's table.
  await migrateDatabase(
    await sharedDatabaseOf(env),
    process.env.MIGRATIONS_DIR ?? fileURLToPath(new URL('../../db/migrations', import.meta.url)),
  );
  // The process's database (the same shared connection), storage, mailer, event reader and
  // Litestream, started once the database is migrated (assembly.ts).
  const parts = await processParts();
  const { db } = parts;
  // With several server processes on the database, the one holding this lease runs the
  // scheduled jobs (docs/decisions/0024-event-log-and-leases.md).
  const lease = keepLease(db, SCHEDULED_JOBS_LEASE, { ttlMs: env.JOB_LEASE_MS });
  await lease.ready;
  // Every scheduled job (jobs/schedule.ts): the sweep, retention, chat escalation and backups
  // only while this process holds the lease; the notification worker and the export builder in each.
  const jobs = startJobs({ db, env, storage: parts.storage, mailer: parts.mailer, log }, () => lease.held);
  // Email replies by SMTP, when INBOUND_SMTP_PORT is set (services/inbound/smtp-door.ts).
  const smtpDoor = await startSmtpDoor({ db, storage: parts.storage, env });
  // The pid file tells `npm run db:restore` that this server holds the database.
  const releasePidFile = claimServerPidFile(env.DATABASE_URL);
  await runtimeApp();
  setPhase('ready');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  log.info(`Serving on http://${env.HOST}:${port} (site URL ${env.SITE_URL})`);

  let stopping = false;
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    const started = performance.now();
    log.info(`${reason}: stopping; readiness answers 503, serving on for ${env.SHUTDOWN_DRAIN_MS} ms`);
    setPhase('stopping');
    // Closing the listener now would reset the connections the kernel has already accepted for
    // it: first let the load balancer see readiness fail and send new requests elsewhere.
    await sleep(env.SHUTDOWN_DRAIN_MS);
    log.info(`closing the listener (requests in flight: ${front.inFlight()})`);
    server.close();
    server.closeIdleConnections();
    const deadline = Date.now() + IN_FLIGHT_LIMIT_MS;
    while (front.inFlight() > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
      server.closeIdleConnections();
    }
    const unfinished = front.inFlight();
    // Event streams and anything past the deadline end here; browsers reconnect elsewhere.
    server.closeAllConnections();
    await Promise.allSettled([jobs.stop(), drainRuntimeApp(), smtpDoor?.close()]);
    await lease.stop();
    try {
      await db.checkpoint();
    } catch (error) {
      log.warn({ err: error }, 'the WAL checkpoint failed; the next start replays it');
    }
    db.close();
    // After the database is closed: Litestream sends the last of the WAL, then exits (ADR 0039).
    await parts.replication.stop();
    releasePidFile();
    log.info(
      `Stopped in ${Math.round(performance.now() - started)} ms` +
        (unfinished > 0 ? ` (${unfinished} requests cut off after ${IN_FLIGHT_LIMIT_MS / 1000} s)` : ''),
    );
    flushLog();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
  // Started by `npm start` with an IPC channel: when that process goes, so does this one.
  process.on('disconnect', () => void stop('npm start went away'));
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, 'The server could not start');
  flushLog();
  process.exit(1);
});
