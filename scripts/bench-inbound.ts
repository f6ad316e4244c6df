/**
 * `npm run bench:inbound [-- --seconds 10 --concurrency 8 --latency-runs 50]`: what email replies
 * cost (docs/product.md#email-replies, docs/decisions/0044-email-replies.md), in one process on a
 * throw-away database, each reply a real RFC 5322 message (MailComposer) from the member a reply
 * address was made for, with a distinct Message-ID, quoted history to strip, and posted:
 *
 *   1. the HTTP door (`POST /api/inbound/email` on the app in this process, no network):
 *      `--concurrency` senders for `--seconds`, replies a second and latency p50/p99;
 *   2. the SMTP door (the built-in listener on a loopback port, `sender` mode): nodemailer with a
 *      pool of `--concurrency` connections for `--seconds`, replies a second;
 *   3. from handing a reply to an open SMTP connection (MAIL, RCPT, DATA) to its `message` event
 *      on an open staff event stream, `--latency-runs` replies one after another, p50/p99/worst.
 *
 * A measurement, not a test: it exits 0 unless it cannot run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { count, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { clientMembers, communications, projects } from '../db/schema/index.ts';
import { createApp } from '../src/server/app.ts';
import { assembleProcess } from '../src/server/assembly.ts';
import { migrateDatabase, openDatabase } from '../src/server/db/database.ts';
import { parseEnv } from '../src/server/env/index.ts';
import { insertClient } from '../src/server/services/clients/clients.ts';
import { createReplyAddress } from '../src/server/services/inbound/reply-tokens.ts';
import { startSmtpDoor } from '../src/server/services/inbound/smtp-door.ts';
import { createSignInLink } from '../src/server/services/sign-in/sign-in-links.ts';
import { sseBlocks } from '../tests/support/sse.ts';
import { replyEmail } from '../tests/support/reply-emails.ts';

const root = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '8' },
    'latency-runs': { type: 'string', default: '50' },
  },
});
const seconds = Math.max(1, Number(values.seconds) || 10);
const concurrency = Math.max(1, Number(values.concurrency) || 8);
const latencyRuns = Math.max(5, Number(values['latency-runs']) || 50);

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const percentile = (xs: number[], p: number) =>
  sorted(xs)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;

const DOMAIN = 'reply.bench.example';
const SECRET = 'bench-inbound-secret-0123456789';
const STAFF = 'bench-staff@bench.example';
const MEMBER = 'owner@bench.example';
const dir = mkdtempSync(join(tmpdir(), 'bench-inbound-'));
const env = parseEnv({
  NODE_ENV: 'production',
  DATABASE_URL: `file:${join(dir, 'bench.db')}`,
  OUTBOX_DIR: join(dir, 'outbox'),
  UPLOADS_DIR: join(dir, 'uploads'),
  ADMIN_EMAILS: STAFF,
  SITE_URL: 'http://localhost:4321',
  AUTH_RATE_LIMIT: '100000',
  INBOUND_DOMAIN: DOMAIN,
  INBOUND_SECRET: SECRET,
  INBOUND_VERIFY: 'sender',
});
const db = await openDatabase(env.DATABASE_URL);
await migrateDatabase(db, join(root, 'db', 'migrations'));
const parts = await assembleProcess(env, { db });
const app = createApp(parts.deps());
const door = await startSmtpDoor({
  db,
  storage: parts.storage,
  env: { ...env, INBOUND_SMTP_PORT: 0, INBOUND_SMTP_HOST: '127.0.0.1' },
});
const text =
  'Thanks, the new menu page looks great. Could the prices be a little larger?\n\n' +
  'On Tue, Dec 1, 2026 at 9:00 AM First State Web Studio <no-reply@bench.example> wrote:\n' +
  '> The menu page is ready for you to look at.\n> \n> Maria';

try {
  const client = await insertClient(db, {
    name: 'Bench Owner',
    email: MEMBER,
    company: 'Bench Co',
    passwordHash: null,
  });
  await db.write((tx) =>
    tx.update(clientMembers).set({ joinedAt: new Date() }).where(eq(clientMembers.id, client.owner.id)),
  );
  const [project] = await db.write((tx) =>
    tx.insert(projects).values({ clientId: client.id, title: 'Bench website' }).returning({ id: projects.id }),
  );
  const to = await createReplyAddress(db, DOMAIN, {
    threadKind: 'project',
    threadId: project!.id,
    recipientKind: 'member',
    recipientId: client.owner.id,
    recipientEmail: MEMBER,
  });
  let sequence = 0;
  const nextReply = () =>
    replyEmail({ from: `Bench Owner <${MEMBER}>`, to, text, messageId: `<bench-${++sequence}@bench.example>` });

  // 1. The HTTP door.
  const httpLatencies: number[] = [];
  const statuses = new Map<string, number>();
  const httpEnd = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < httpEnd) {
        const raw = await nextReply();
        const started = performance.now();
        const response = await app.request('/api/inbound/email', {
          method: 'POST',
          headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}` },
          body: new Uint8Array(raw),
        });
        const { status } = (await response.json()) as { status: string };
        httpLatencies.push(performance.now() - started);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );

  // 2. The SMTP door.
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: door!.port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: concurrency,
    maxMessages: Infinity,
  });
  let smtpSent = 0;
  const smtpStart = performance.now();
  const smtpEnd = smtpStart + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < smtpEnd) {
        await transport.sendMail({ envelope: { from: MEMBER, to: [to] }, raw: await nextReply() });
        smtpSent++;
      }
    }),
  );
  const smtpSeconds = (performance.now() - smtpStart) / 1000;

  // 3. From the SMTP DATA to the staff stream.
  const link = await createSignInLink(db, STAFF);
  const signedIn = await app.request(
    '/api/admin/auth/link',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: link }) },
    { clientAddress: '198.51.100.5' },
  );
  const staff = decodeURIComponent(/admin_session=([^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')?.[1] ?? '');
  await parts.events.catchUp();
  const stream = await app.request('/api/admin/stream', { headers: { authorization: `Bearer ${staff}` } });
  const blocks = sseBlocks(stream.body!);
  const toStream: number[] = [];
  for (let run = 0; run < latencyRuns; run++) {
    const raw = await nextReply();
    const started = performance.now();
    const sent = transport.sendMail({ envelope: { from: MEMBER, to: [to] }, raw });
    for (;;) {
      const block = await blocks.next(10_000);
      if (block?.event === 'message') break;
    }
    toStream.push(performance.now() - started);
    await sent;
  }
  await blocks.cancel();
  transport.close();

  const [posted] = await db.read.select({ n: count() }).from(communications).where(eq(communications.via, 'email'));
  const httpTotal = httpLatencies.length;
  const rows: [string, string][] = [
    [
      `HTTP door, ${concurrency} senders for ${seconds} s: replies (answers)`,
      `${httpTotal} (${[...statuses].map(([s, n]) => `${n} ${s}`).join(', ')})`,
    ],
    ['HTTP door, replies a second', (httpTotal / seconds).toFixed(0)],
    ['HTTP door latency p50 ms', percentile(httpLatencies, 50).toFixed(1)],
    ['HTTP door latency p99 ms', percentile(httpLatencies, 99).toFixed(1)],
    [`SMTP door, ${concurrency} connections for ${seconds} s: replies`, String(smtpSent)],
    ['SMTP door, replies a second', (smtpSent / smtpSeconds).toFixed(0)],
    [`SMTP DATA to the staff stream, p50 ms (${latencyRuns} replies)`, percentile(toStream, 50).toFixed(1)],
    ['SMTP DATA to the staff stream, p99 ms', percentile(toStream, 99).toFixed(1)],
    ['SMTP DATA to the staff stream, worst ms', Math.max(...toStream).toFixed(1)],
    ['messages posted via email / replies sent', `${posted?.n ?? 0} / ${sequence}`],
  ];
  const widths = [0, 1].map((c) => Math.max(...rows.map((r) => r[c]!.length), ['figure', 'value'][c]!.length));
  const line = (cells: string[]) => `| ${cells.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
  process.stdout.write(`\nEmail replies\n\n${line(['figure', 'value'])}\n${line(widths.map((w) => '-'.repeat(w)))}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await door?.close();
  await parts.stop();
  db.close();
  rmSync(dir, { recursive: true, force: true });
}
