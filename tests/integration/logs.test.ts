/**
 * Request logs and request ids (docs/product.md#logs): one line per request with the route
 * pattern, status, duration, id, address and session; never a password, token, cookie, reset
 * link or message body; errors logged with the request id and the stack; readiness for load
 * balancers (docs/product.md#health).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPhase } from '../../src/server/lifecycle.ts';
import { capturedLogLines, expectConsoleErrors } from '../setup/console.ts';
import { createTestApi, type TestApi } from './helpers.ts';

let api: TestApi;
let proxied: TestApi;
beforeAll(async () => {
  api = await createTestApi({ env: { AUTH_RATE_LIMIT: '1000', LEAD_RATE_LIMIT: '1000' } });
  proxied = await createTestApi({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await api.close();
  await proxied.close();
});

function requestLines() {
  return capturedLogLines().filter((line) => line.msg === 'request');
}

const SECRET_PASSWORD = 'correct-horse-battery-staple';

async function signedInClient() {
  const email = `logs-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const registered = await api.fresh().client.register.$post({
    json: { name: 'Log Reader', email, password: SECRET_PASSWORD },
  });
  expect(registered.status).toBe(201);
  const { token, client } = await registered.json();
  return { token, memberId: client.member.id, email, cookie: registered.headers.get('set-cookie') ?? '' };
}

describe('request lines', () => {
  it('writes one line per request with the route pattern, status, duration, id, address and session', async () => {
    const { cookie, memberId } = await signedInClient();
    const before = requestLines().length;
    const response = await api.raw('/api/client/projects', { headers: { cookie: cookie.split(';')[0] ?? '' } });
    expect(response.status).toBe(200);
    const lines = requestLines().slice(before);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/api/client/projects',
      status: 200,
      ip: '198.51.100.1',
      session: 'client',
      // The session's person: the client's member (docs/product.md#client-teams).
      userId: memberId,
      reqId: response.headers.get('x-request-id'),
    });
    expect(typeof line?.ms).toBe('number');
    expect(line?.ms).toBeGreaterThanOrEqual(0);
  });

  it('names the pattern, not the path, so ids in the address stay out of the line', async () => {
    const response = await api.raw('/api/client/projects/some-project-id-123');
    expect(response.status).toBe(401);
    const line = requestLines().at(-1);
    expect(line?.route).toBe('/api/client/projects/:projectId');
    expect(JSON.stringify(line)).not.toContain('some-project-id-123');
  });

  it('never writes a password, token, cookie, reset link or message body', async () => {
    const { cookie, token, email } = await signedInClient();
    await api.fresh().client.login.$post({ json: { email, password: SECRET_PASSWORD } });
    await api.fresh().client['password-reset'].$post({ json: { email } });
    await api.raw('/api/client/projects', { headers: { cookie: cookie.split(';')[0] ?? '' } });
    const lead = await api.fresh().contact.$post({
      json: {
        name: 'Body Secret',
        email: 'lead@example.com',
        message: 'A message body nobody should read in a log',
        howDidYouFindUs: 'google-search',
      },
    });
    expect(lead.status).toBe(201);
    await api.tasks.drain();
    const written = JSON.stringify(capturedLogLines());
    expect(written).not.toContain(SECRET_PASSWORD);
    expect(written).not.toContain(token);
    expect(written).not.toContain(cookie.split(';')[0]?.split('=')[1]);
    expect(written).not.toContain('reset-password#token');
    expect(written).not.toContain('nobody should read');
  });

  it('redacts secrets a caller passes to the logger by mistake', async () => {
    const { log } = await import('../../src/server/log.ts');
    log.info({ password: 'p', user: { token: 't' }, headers: { cookie: 'c', authorization: 'a' } }, 'oops');
    const line = capturedLogLines().at(-1);
    expect(line).toMatchObject({
      password: '[redacted]',
      user: { token: '[redacted]' },
      headers: { cookie: '[redacted]', authorization: '[redacted]' },
    });
  });
});

describe('X-Request-Id', () => {
  it('is a new UUID on every answer, and an incoming one is ignored without a trusted proxy', async () => {
    const first = await api.raw('/api/health', { headers: { 'x-request-id': 'from-the-client' } });
    const second = await api.raw('/api/health');
    const id = first.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get('x-request-id')).not.toBe(id);
  });

  it('keeps a well-formed incoming id behind TRUST_PROXY, and replaces a malformed one', async () => {
    const kept = await proxied.raw('/api/health', { headers: { 'x-request-id': 'lb-7f3a.42:1' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.42:1');
    expect(requestLines().at(-1)?.reqId).toBe('lb-7f3a.42:1');
    const replaced = await proxied.raw('/api/health', { headers: { 'x-request-id': 'bad id <with> spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is on error answers too, and the error is logged with it and its stack', async () => {
    const errors = expectConsoleErrors();
    const broken = await createTestApi();
    try {
      // A missing table makes the lead's insert fail: the API must answer 500 and log why.
      await broken.db.write((tx) => tx.run(sql`drop table contact_submissions`));
      const response = await broken.fresh().contact.$post({
        json: {
          name: 'Error Case',
          email: 'error@example.com',
          message: 'This lead meets a missing table',
          howDidYouFindUs: 'google-search',
        },
      });
      expect(response.status, await response.clone().text()).toBe(500);
      const reqId = response.headers.get('x-request-id');
      expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
      const failure = capturedLogLines().find((line) => line.msg === 'unexpected error');
      expect(failure).toMatchObject({ level: 50, reqId, method: 'POST', route: '/api/contact' });
      expect(String((failure?.err as { stack?: string }).stack)).toContain('contact_submissions');
      expect(requestLines().at(-1)).toMatchObject({ reqId, status: 500, level: 40 });
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await broken.close();
    }
  });
});

describe('GET /api/health', () => {
  it('reports the database, the queue depth and the last backup', async () => {
    const response = await api.raw('/api/health');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: 'ok', db: 'ok' });
    const queue = body.queue as { notifications: number; emails: number };
    // The leads sent by the tests above wait for their emails: the queue counts them.
    expect(queue.notifications + queue.emails).toBeGreaterThan(0);
    expect(body).toHaveProperty('lastBackupAt');
  });
});

describe('GET /api/health with BACKUP_DIR', () => {
  it('reports the time of the newest backup in the folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'health-backups-'));
    // Scheduled backups copy an embedded file (a libSQL server has its own), so this API has one.
    const withBackups = await createTestApi({
      env: { BACKUP_DIR: dir, DATABASE_URL: `file:${join(dir, 'live', 'test.db')}` },
    });
    try {
      expect(
        ((await (await withBackups.raw('/api/health')).json()) as { lastBackupAt: unknown }).lastBackupAt,
      ).toBeNull();
      writeFileSync(join(dir, 'test-2026-11-20T08-00-00Z.db'), '');
      writeFileSync(join(dir, 'test-2026-11-22T09-30-00Z.db'), '');
      writeFileSync(join(dir, 'unrelated.txt'), '');
      const body = (await (await withBackups.raw('/api/health')).json()) as { lastBackupAt: unknown };
      expect(body.lastBackupAt).toBe('2026-11-22T09:30:00.000Z');
    } finally {
      await withBackups.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('GET /api/health/ready', () => {
  it('answers 200 while serving and 503 with Retry-After while starting or stopping', async () => {
    expect((await api.raw('/api/health/ready')).status).toBe(200);
    for (const phase of ['starting', 'stopping'] as const) {
      setPhase(phase);
      try {
        const response = await api.raw('/api/health/ready');
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('5');
        expect(await response.json()).toEqual({ status: phase });
      } finally {
        setPhase('ready');
      }
    }
  });
});
