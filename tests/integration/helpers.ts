/**
 * A fresh API for one test file: a new migrated database in a temporary folder, an outbox
 * folder for mail, background tasks that tests can drain, and a fetch that records forwards.
 */
import type { AuditOptions } from '../../src/server/website-audit/service.ts';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackgroundTasks } from '../../src/server/background.ts';
import { createApp } from '../../src/server/app.ts';
import { migrateDatabase, openDatabase } from '../../src/server/services/db.ts';
import { parseEnv } from '../../src/server/env.ts';
import { createMailer } from '../../src/server/mail.ts';

export interface TestApiOptions {
  env?: Record<string, string>;
  fetch?: typeof fetch;
  /** What the website audit may reach (fixture sites on loopback). */
  audit?: AuditOptions;
}

export async function createTestApi(options: TestApiOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'agency-api-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATABASE_URL: `file:${join(dir, 'test.db')}`,
    OUTBOX_DIR: join(dir, 'outbox'),
    LEADS_NOTIFY_TO: 'team@example.com',
    ...options.env,
  });
  const { client, db } = await openDatabase(env.DATABASE_URL);
  await migrateDatabase(db, join(import.meta.dirname, '../../db/migrations'));
  const tasks = new BackgroundTasks();
  const forwarded: { url: string; body: unknown }[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    forwarded.push({ url: String(input), body: JSON.parse(String(init?.body)) });
    return new Response('{}', { status: 200 });
  };
  const app = createApp({
    db,
    env,
    mailer: createMailer({ from: env.MAIL_FROM, outboxDir: env.OUTBOX_DIR }),
    tasks,
    fetch: options.fetch ?? recordingFetch,
    audit: options.audit,
  });

  let address = 0;
  return {
    app,
    db,
    env,
    tasks,
    forwarded,
    /** A new client address each call, so rate limits do not leak between tests. */
    nextAddress: () => `203.0.113.${++address}`,
    /** POSTs JSON (or a raw string) to `path` from `clientAddress`. */
    post(path: string, body: unknown, clientAddress = '198.51.100.1', headers: Record<string, string> = {}) {
      return app.request(
        path,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        },
        { clientAddress },
      );
    },
    /** Sends a request with an optional JSON body, bearer token, cookie header and client address. */
    call(
      method: string,
      path: string,
      options: { body?: unknown; token?: string; cookie?: string; address?: string } = {},
    ) {
      const headers: Record<string, string> = {};
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.cookie) headers.cookie = options.cookie;
      return app.request(
        path,
        {
          method,
          headers,
          body:
            options.body === undefined
              ? undefined
              : typeof options.body === 'string'
                ? options.body
                : JSON.stringify(options.body),
        },
        { clientAddress: options.address ?? '198.51.100.1' },
      );
    },
    outbox(): string[] {
      try {
        return readdirSync(env.OUTBOX_DIR).map((f) => readFileSync(join(env.OUTBOX_DIR, f), 'utf8'));
      } catch {
        return [];
      }
    },
    async close() {
      await tasks.drain();
      client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
