/**
 * The server entry, built to dist/server/entry.mjs (`node dist/server/entry.mjs` serves the site).
 *
 * In order: parse the environment (a bad value stops start-up with a message naming the
 * variable), apply the database migrations, then serve Astro's handler (prebuilt pages,
 * on-demand pages and the /api bridge) behind gzip/brotli compression (never for event streams,
 * which must not be buffered) and the security headers that prebuilt pages cannot set
 * themselves. One request skips Astro: the RFC 8058 one-click unsubscribe (`POST
 * /api/unsubscribe`), which mail providers send as a form without an Origin header and which
 * Astro's origin check would refuse (docs/product.md#settings-screen); it goes to the API
 * directly. The hourly sweep of expired sessions and links (jobs/sweep.ts) and the notification
 * worker (jobs/notification-worker.ts) run in this process. SIGINT and SIGTERM close the server
 * gracefully.
 */
import http from 'node:http';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from './app.ts';
import { runtimeApp } from './runtime.ts';
import { migrateDatabase, openDatabase } from './services/db.ts';
import { startNotificationWorker } from './jobs/notification-worker.ts';
import { scheduleSweep } from './jobs/sweep.ts';
import { createMailer } from './mail.ts';
import { EnvError, isHttpsSite, loadEnv, type Env } from './env.ts';
import { PAGE_CSP_HEADER, securityHeaders } from './middleware/security-headers.ts';

/** Where Astro puts hashed build assets (served with a one-year immutable cache). */
const ASSET_PREFIX = '/_astro/';

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/**
 * True for the one-click unsubscribe POST. Astro's origin check (ADR 0004) refuses a cross-site
 * form post, and a mail provider's is one by design; this route reads no cookie (its signed
 * token is its only authority), so it goes to the API directly and every other request keeps
 * the check.
 */
function isOneClickUnsubscribe(req: http.IncomingMessage): boolean {
  return req.method === 'POST' && (req.url ?? '').split('?')[0] === ONE_CLICK_UNSUBSCRIBE_PATH;
}

/** Hands `req` to the API (the same app the Astro bridge serves) and writes its answer to `res`. */
async function answerFromApi(req: http.IncomingMessage, res: http.ServerResponse, siteUrl: string): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  const request = new Request(new URL(req.url ?? '/', siteUrl), {
    method: req.method,
    headers,
    body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
    duplex: 'half',
  } as RequestInit);
  const response = await (await runtimeApp()).fetch(request, { clientAddress: req.socket.remoteAddress });
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  res.end(Buffer.from(await response.arrayBuffer()));
}

function readEnv(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const env = readEnv();

  const { client, db } = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN);
  await migrateDatabase(
    db,
    process.env.MIGRATIONS_DIR ?? fileURLToPath(new URL('../../db/migrations', import.meta.url)),
  );
  // Expired sessions and links go at start and then every hour, over this connection.
  const sweep = scheduleSweep(db);
  // Queued notification emails go out from this process, also those left by one that died.
  const notifications = startNotificationWorker({
    db,
    env,
    mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: env.OUTBOX_DIR }),
  });

  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  process.env.ASTRO_NODE_LOGGING = 'disabled';
  const astro = (await import(new URL('./astro-app.mjs', import.meta.url).href)) as { handler: NodeHandler };

  const headers = securityHeaders({ https: isHttpsSite(env) });
  // An event stream (GET /api/{client,admin}/stream) must reach the browser event by event; a
  // compressor would hold its bytes back until a block fills (docs/decisions/0009-live-updates.md).
  const compress = compression({
    filter: (req, res) =>
      !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
  });
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith(ASSET_PREFIX)) {
      // Hashed scripts and styles: only nosniff applies to them; the page headers would only add bytes.
      res.setHeader('X-Content-Type-Options', 'nosniff');
    } else {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      res.setHeader('Content-Security-Policy', PAGE_CSP_HEADER);
    }
    compress(req as never, res as never, () => {
      if (!isOneClickUnsubscribe(req)) return astro.handler(req, res);
      answerFromApi(req, res, env.SITE_URL).catch((error: unknown) => {
        console.error('[unsubscribe] one-click request failed', error);
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
    });
  });

  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') {
      console.error(
        `Port ${env.PORT} on ${env.HOST} is already in use. Stop the other server or set PORT to a free port.`,
      );
    } else {
      console.error('The server stopped:', error);
    }
    process.exit(1);
  });
  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    console.log(`Serving on http://${env.HOST}:${port} (site URL ${env.SITE_URL})`);
  });

  const stop = (signal: string) => {
    console.log(`${signal} received, closing the server`);
    server.close(() => {
      void Promise.all([sweep.stop(), notifications.stop()]).finally(() => {
        client.close();
        process.exit(0);
      });
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
