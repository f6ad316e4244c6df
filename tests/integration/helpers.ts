/**
 * A fresh API for one test file: a new migrated database in a temporary folder, an outbox
 * folder for mail (the worker runs when a test calls `deliver()`), background tasks that tests can drain, and a fetch that records forwards.
 *
 * Tests call the API through Hono's typed `testClient`, so a renamed route or a changed body
 * type fails `tsc`: `http.client.login.$post({ json })`. The caller's address is an Env binding
 * of the client (the app reads `c.env.clientAddress` for rate limits): `as(address)` is the
 * client calling from that address, `fresh()` one from an address no other call used. Headers
 * go per call: `$get({}, bearer(token))`. `raw` is kept for what the typed client cannot send.
 * `events` is the app's reader of the event log (ADR 0024): tests count its subscribers.
 * `secondApp()` is another app over its own connection to the same database file, as a second
 * server instance would run.
 */
import { afterAll, beforeAll } from 'vitest';
import type { AuditOptions } from '../../src/server/services/website-audit/service.ts';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testClient } from 'hono/testing';
import type { ErrorBody } from '../../src/shared/api-error.ts';
import { createApp, type ApiType } from '../../src/server/app.ts';
import { assembleProcess, type ProcessParts } from '../../src/server/assembly.ts';
import type { LiveOptions } from '../../src/server/deps.ts';
import type { DnsResolver } from '../../src/server/services/inbound/inbound-deps.ts';
import { migrateDatabase, type OpenOptions } from '../../src/server/db/database.ts';
import { openDatabaseHandle } from '../support/database.ts';
import { onLibsqlServer, startSqld } from '../support/sqld.ts';
import { parseEnv } from '../../src/server/env/index.ts';
import { buildDueExports } from '../../src/server/jobs/export-builder.ts';
import { startNotificationWorker } from '../../src/server/jobs/notification-worker.ts';
import { createSignInLink } from '../../src/server/services/sign-in/sign-in-links.ts';

export interface TestApiOptions {
  env?: Record<string, string | undefined>;
  fetch?: typeof fetch;
  /** What the website audit may reach (fixture sites on loopback). */
  audit?: AuditOptions;
  /** The notification worker's first retry delay, in milliseconds (default 1,000). */
  retryBaseMs?: number;
  /** The event streams' options (a short heartbeat). */
  live?: LiveOptions;
  /** Whether a stored lead starts the worker's round at once, as in the server (default false: tests call `deliver()`). */
  wakeOnLead?: boolean;
  /** Fixed DNS answers for the DMARC check of email replies. */
  inboundDns?: DnsResolver;
}

/** The typed client of the whole API, from its `/api` root: `http.client.login.$post(...)`. */
export type ApiClient = ReturnType<typeof testClient<ApiType>>['api'];

/** The address a call comes from unless a test picks one. */
export const DEFAULT_ADDRESS = '198.51.100.1';

/** Per-call options sending `Authorization: Bearer <token>`. */
export function bearer(token: string) {
  return { headers: { authorization: `Bearer ${token}` } };
}

/** Per-call options sending a `Cookie` header. */
export function withCookie(cookie: string) {
  return { headers: { cookie } };
}

/** The `error` of an error answer (docs/product.md#errors). */
export async function errorOf(response: { json(): Promise<unknown> }): Promise<ErrorBody['error']> {
  return ((await response.json()) as ErrorBody).error;
}

/**
 * A body the route's schema must refuse (a missing field, a value of the wrong type), typed as
 * the route's body so the call still type-checks. Only for tests of refusals.
 */
export function invalidBody<T>(body: unknown): T {
  return body as T;
}

/** `name=value; ...` of every cookie a response sets, ready for a `Cookie` header. */
export function cookiesOf(response: { headers: Headers }): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function createTestApi(options: TestApiOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'agency-api-'));
  // On the libSQL server run (TEST_DATABASE=sqld), each test file's API gets a fresh server.
  const server = onLibsqlServer() && !options.env?.DATABASE_URL ? await startSqld() : undefined;
  const env = parseEnv({
    NODE_ENV: 'test',
    DATABASE_URL: server?.url ?? `file:${join(dir, 'test.db')}`,
    OUTBOX_DIR: join(dir, 'outbox'),
    UPLOADS_DIR: join(dir, 'uploads'),
    LEADS_NOTIFY_TO: 'team@example.com',
    ...options.env,
  });
  const { client, db } = await openDatabaseHandle(env.DATABASE_URL);
  await migrateDatabase(db, join(import.meta.dirname, '../../db/migrations'));
  // The process's parts, assembled as the server's are (assembly.ts), over the test's own connection.
  const parts = await assembleProcess(env, { db });
  const { tasks, mailer, storage, events } = parts;
  const forwarded: { url: string; body: unknown }[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    forwarded.push({ url: String(input), body: JSON.parse(String(init?.body)) });
    return new Response('{}', { status: 200 });
  };
  // The notification worker runs only when a test says so (`deliver()`), on a clock the test
  // can move forward (`advance(ms)`), so the delay rule is tested without waiting.
  let clockOffsetMs = 0;
  const worker = startNotificationWorker({
    db,
    env,
    mailer,
    storage,
    pollMs: 24 * 3600 * 1000,
    wakeOnLead: options.wakeOnLead ?? false,
    retryBaseMs: options.retryBaseMs ?? 1000,
    now: () => new Date(Date.now() + clockOffsetMs),
  });
  const extraWorkers: { stop(): Promise<void>; close(): void }[] = [];
  /** Another worker over its own connection to the same database, as a second server would run. */
  const secondWorker = () => {
    const handle = openDatabaseHandle(env.DATABASE_URL);
    const started = handle.then(({ db: otherDb }) =>
      startNotificationWorker({
        db: otherDb,
        env,
        mailer,
        storage,
        pollMs: 24 * 3600 * 1000,
        wakeOnLead: false,
        retryBaseMs: options.retryBaseMs ?? 1000,
        now: () => new Date(Date.now() + clockOffsetMs),
      }),
    );
    extraWorkers.push({
      stop: async () => (await started).stop(),
      close: () => void handle.then((h) => h.client.close()),
    });
    return { runOnce: async () => (await started).runOnce() };
  };
  const assembled: ProcessParts[] = [parts];
  const app = createApp(
    parts.deps({
      fetch: options.fetch ?? recordingFetch,
      audit: options.audit,
      live: options.live,
      ...(options.inboundDns ? { inboundDns: options.inboundDns } : {}),
    }),
  );

  /** The typed client of `target` calling from an address, one per address, made on first use. */
  const clientsOf = (target: ApiType) => {
    const clients = new Map<string, ApiClient>();
    return (address: string): ApiClient => {
      let found = clients.get(address);
      if (!found) clients.set(address, (found = testClient(target, { clientAddress: address }).api));
      return found;
    };
  };
  /** The typed client calling from `address` (one per address, made on first use). */
  const as = clientsOf(app);
  const extraApps: { close(): void }[] = [];
  /**
   * Another app over its own connection to the same database file, as a second server instance
   * (or this one after a restart) would run: its `as(address)` and `raw` call that app. On the
   * libSQL server run, both apps are clients of the same server.
   */
  const secondApp = async (open: OpenOptions = {}) => {
    const handle = await openDatabaseHandle(env.DATABASE_URL, open);
    const otherParts = await assembleProcess(env, { db: handle.db });
    assembled.push(otherParts);
    const other = createApp(otherParts.deps({ live: options.live, fetch: options.fetch ?? recordingFetch }));
    extraApps.push({ close: () => handle.client.close() });
    return {
      db: handle.db,
      as: clientsOf(other),
      raw: (path: string, init: RequestInit = {}, clientAddress = DEFAULT_ADDRESS) =>
        other.request(path, init, { clientAddress }),
    };
  };
  let address = 0;
  const nextAddress = () => `203.0.113.${++address}`;

  return {
    /** The app itself: its `routes` list every method and path it serves. */
    app,
    /** Litestream's replication of this API's process (assembly.ts), off unless LITESTREAM_REPLICA_URL is set. */
    replication: parts.replication,
    db,
    /** Where uploaded files' bytes live (the test's own folder). */
    storage,
    env,
    tasks,
    events,
    forwarded,
    /** The typed client, calling from DEFAULT_ADDRESS. */
    http: as(DEFAULT_ADDRESS),
    as,
    /** A new client address each call, so rate limits do not leak between tests. */
    nextAddress,
    /** The typed client from a new address: `fresh().client.login.$post(...)`. */
    fresh: () => as(nextAddress()),
    /**
     * A staff session token for `email` (one of ADMIN_EMAILS), made as a newcomer signs in: a
     * one-time link exchanged at POST /api/admin/auth/link.
     */
    async signInStaff(email: string): Promise<string> {
      const token = await createSignInLink(db, email);
      const signedIn = await as(nextAddress()).admin.auth.link.$post({ json: { token } });
      return decodeURIComponent(/admin_session=([^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')?.[1] ?? '');
    },
    /**
     * An untyped request, for what the typed client cannot send (malformed JSON, a body of
     * another type, an unknown path). Each use says why.
     */
    raw(path: string, init: RequestInit = {}, clientAddress = DEFAULT_ADDRESS) {
      return app.request(path, init, { clientAddress });
    },
    /**
     * One round of the export builder, then one of the notification worker, on the test's clock;
     * resolves with how many emails the worker sent.
     */
    deliver: async () => {
      await buildDueExports({
        db,
        storage,
        env,
        now: () => new Date(Date.now() + clockOffsetMs),
        stopping: () => false,
      });
      return worker.runOnce();
    },
    secondWorker,
    secondApp,
    /** Moves the worker's clock `ms` milliseconds forward. */
    advance(ms: number) {
      clockOffsetMs += ms;
    },
    /**
     * The emails written so far, oldest first: by the file's modification time, since the file is
     * named by a random id (so `outbox().slice(before)` is what came after `before`).
     */
    outbox(): string[] {
      try {
        return readdirSync(env.OUTBOX_DIR)
          .filter((f) => f.endsWith('.eml'))
          .map((f) => join(env.OUTBOX_DIR, f))
          .map((path) => ({ path, written: statSync(path).mtimeMs }))
          .sort((a, b) => a.written - b.written || a.path.localeCompare(b.path))
          .map(({ path }) => readFileSync(path, 'utf8'));
      } catch {
        return [];
      }
    },
    async close() {
      await worker.stop();
      for (const extra of extraWorkers) {
        await extra.stop();
        extra.close();
      }
      for (const made of assembled) await made.stop();
      for (const extra of extraApps) extra.close();
      client.close();
      // As the server stops: Litestream (LITESTREAM_REPLICA_URL) after the database is closed.
      for (const made of assembled) await made.replication.stop();
      await server?.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;

/**
 * The session of a sign-in's answer that gave one (no second step asked): its token and client.
 * Throws when the answer asks for the second step instead.
 */
export function signedIn<T extends { twoFactorRequired: boolean }>(
  answer: T,
): Extract<T, { twoFactorRequired: false }> {
  if (answer.twoFactorRequired) throw new Error('The sign-in asked for a second step');
  return answer as Extract<T, { twoFactorRequired: false }>;
}

/** A test file's API with a signed-in staff member (`withStaffApi`). */
export interface StaffSuite {
  /** The API, made before the file's tests run. */
  api: TestApi;
  /** The staff member's session token. */
  staffToken: string;
  /** Per-call options with the staff member's bearer token. */
  staff(): ReturnType<typeof bearer>;
}

/**
 * The set-up most files of the staff API share: before the file's tests, an API whose ADMIN_EMAILS
 * is `email` (AUTH_RATE_LIMIT 1000, plus `env`) and that staff member signed in; after them, the API
 * closed. Read `suite.api` and `suite.staffToken` inside tests, once they are made.
 */
export function withStaffApi(email: string, env: Record<string, string> = {}): StaffSuite {
  const suite = { staff: () => bearer(suite.staffToken) } as StaffSuite;
  beforeAll(async () => {
    suite.api = await createTestApi({ env: { ADMIN_EMAILS: email, AUTH_RATE_LIMIT: '1000', ...env } });
    suite.staffToken = await suite.api.signInStaff(email);
  });
  afterAll(async () => {
    await suite.api.close();
  });
  return suite;
}
