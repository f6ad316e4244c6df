/**
 * The built server killed with SIGKILL while notifications are on their way
 * (docs/product.md#notifications, docs/decisions/0008-notification-queue.md): between the
 * message and its email, while the email is being transferred over SMTP, and at random moments
 * while a burst is written to the outbox. After each restart every notification is sent, once.
 * These tests start their own servers (from the end-to-end build) on their own ports and
 * databases; no browser is used.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startSmtpServer } from '../integration/smtp.ts';
import { createClientWithData, E2E_PORT, newSession, openDatabaseAt, queueState } from './support/data.ts';
import { startBuiltServer, stopServer, type BuiltServer } from './support/servers.ts';

const TEAM = 'team@agency.example';

/** The ports of this file's servers: the test server's port plus 40 to 42 (tests run in parallel). */
const PORTS = { smtp: Number(E2E_PORT) + 40, outbox: Number(E2E_PORT) + 41, reset: Number(E2E_PORT) + 42 };

/** A built server of this file: staff and notification addresses set, sign-in limits out of the way. */
function startServer(env: Record<string, string>, port: number): Promise<BuiltServer> {
  return startBuiltServer(
    { ADMIN_EMAILS: TEAM, TEAM_NOTIFY_TO: TEAM, LEADS_NOTIFY_TO: TEAM, AUTH_RATE_LIMIT: '1000', ...env },
    port,
  );
}

/** A crash: SIGKILL, and wait until the process is gone. */
const kill = (server: BuiltServer) => stopServer(server, 'SIGKILL');

async function send(server: BuiltServer, token: string, projectId: string, subject: string): Promise<void> {
  const response = await fetch(`${server.url}/api/client/projects/${projectId}/communications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ subject, message: `Message: ${subject}` }),
  });
  expect(response.status).toBe(201);
}

test.describe('notifications survive kill -9', () => {
  test.setTimeout(120_000);

  test('over SMTP: killed between the message and its email, and during the transfer, each email arrives once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'notify-crash-'));
    const smtp = await startSmtpServer();
    const port = PORTS.smtp;
    const env = {
      DATABASE_URL: `file:${join(dir, 'app.db')}`,
      SMTP_URL: smtp.url,
      NOTIFY_DELAY_SECONDS: '2',
      NOTIFY_LEASE_SECONDS: '3',
    };
    let server = await startServer(env, port);
    const { db, client: connection } = await openDatabaseAt(env.DATABASE_URL);
    try {
      const first = await createClientWithData(db, { projects: [{ title: 'First site' }] });
      const second = await createClientWithData(db, { projects: [{ title: 'Second site' }] });
      const firstToken = (await newSession(db, 'client', first.memberId)).token;
      const secondToken = (await newSession(db, 'client', second.memberId)).token;

      // 1. Killed after the message is stored and before its email is due.
      await send(server, firstToken, first.projects[0]!.id, 'Before the delay');
      await kill(server);
      expect(await queueState(db)).toMatchObject({ pending: 1, open: 0 });
      expect(smtp.received).toHaveLength(0);
      server = await startServer(env, port);
      await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1);

      // 2. Killed in the middle of the SMTP conversation (the server holds its answer to RCPT TO).
      smtp.hold();
      const held = smtp.nextHeld();
      await send(server, secondToken, second.projects[0]!.id, 'During the transfer');
      await held;
      await kill(server);
      smtp.release();
      expect(await queueState(db)).toMatchObject({ pending: 0, open: 1 });
      server = await startServer(env, port);
      // Taken again when the 3 s lease runs out.
      await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBe(2);
      // Nothing more arrives: wait out two more leases and polls.
      await new Promise((r) => setTimeout(r, 7000));
      expect(smtp.received.map((m) => m.parsed.subject).sort()).toEqual([
        `New message from ${first.name}: Before the delay`,
        `New message from ${second.name}: During the transfer`,
      ]);
      expect(new Set(smtp.received.map((m) => m.parsed.messageId)).size).toBe(2);
      expect(await queueState(db)).toMatchObject({ pending: 0, open: 0, sent: 2 });
    } finally {
      await kill(server).catch(() => {});
      smtp.release();
      await smtp.close();
      connection.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a password reset: killed while its email is on the wire, the email still arrives, once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reset-crash-'));
    const smtp = await startSmtpServer();
    const port = PORTS.reset;
    const env = { DATABASE_URL: `file:${join(dir, 'app.db')}`, SMTP_URL: smtp.url, NOTIFY_LEASE_SECONDS: '3' };
    let server = await startServer(env, port);
    const { db, client: connection } = await openDatabaseAt(env.DATABASE_URL);
    try {
      const person = await createClientWithData(db, { password: 'old-password-1' });
      smtp.hold();
      const held = smtp.nextHeld();
      const answer = await fetch(`${server.url}/api/client/password-reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: person.email }),
      });
      expect(answer.status).toBe(202);
      // The email is being transferred when the server dies.
      await held;
      await kill(server);
      smtp.release();
      expect(smtp.received).toHaveLength(0);
      server = await startServer(env, port);
      await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBe(1);
      // Nothing more arrives: wait out two more leases and polls.
      await new Promise((r) => setTimeout(r, 7000));
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail!.parsed.subject).toBe('Reset your client portal password');
      expect(mail!.parsed.text).toMatch(/reset-password#token=[A-Za-z0-9_-]{43}/);
    } finally {
      await kill(server).catch(() => {});
      smtp.release();
      await smtp.close();
      connection.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('to the outbox: killed at random moments during a burst, every email is written exactly once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'notify-outbox-'));
    const outbox = join(dir, 'outbox');
    const port = PORTS.outbox;
    const env = {
      DATABASE_URL: `file:${join(dir, 'app.db')}`,
      OUTBOX_DIR: outbox,
      NOTIFY_DELAY_SECONDS: '0',
      NOTIFY_LEASE_SECONDS: '1',
    };
    let server = await startServer(env, port);
    const { db, client: connection } = await openDatabaseAt(env.DATABASE_URL);
    const emails = () => (existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : []);
    try {
      const count = 30;
      const people = await Promise.all(
        Array.from({ length: count }, (_, i) => createClientWithData(db, { projects: [{ title: `Site ${i}` }] })),
      );
      const tokens = await Promise.all(people.map(async (p) => (await newSession(db, 'client', p.memberId)).token));
      await Promise.all(people.map((p, i) => send(server, tokens[i]!, p.projects[0]!.id, `Burst ${i}`)));
      for (const wait of [30, 120, 260]) {
        await new Promise((r) => setTimeout(r, wait));
        await kill(server);
        server = await startServer(env, port);
      }
      await expect.poll(async () => (await queueState(db)).sent, { timeout: 30_000 }).toBe(count);
      await new Promise((r) => setTimeout(r, 2500));
      const files = emails();
      expect(files).toHaveLength(count);
      const rows = await queueState(db);
      expect(rows).toMatchObject({ pending: 0, open: 0, sent: count });
    } finally {
      await kill(server).catch(() => {});
      connection.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
