/**
 * Email replies (docs/product.md#email-replies): a reply to a notification, through the HTTP door
 * `POST /api/inbound/email`, lands on the project as its recipient, once; anything else is held,
 * ignored or answered as the product says.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundEmails, notificationEmails, replyTokens } from '../../db/schema/index.ts';
import { databaseFilePath } from '../../src/server/db/database.ts';
import { bearer, createTestApi, type TestApi } from './helpers.ts';
import { replyEmail, replyToOf, type ReplyInput } from '../support/reply-emails.ts';

const STAFF = 'maria@firststatewebstudio.com';
const DOMAIN = 'reply.firststatewebstudio.test';
const SECRET = 'inbound-secret-for-the-tests-0123456789';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let api: TestApi;
let staffToken: string;

beforeAll(async () => {
  api = await createTestApi({
    env: {
      ADMIN_EMAILS: STAFF,
      INBOUND_DOMAIN: DOMAIN,
      INBOUND_SECRET: SECRET,
      NOTIFY_DELAY_SECONDS: '0',
      AUTH_RATE_LIMIT: '1000',
      TEAM_NOTIFY_TO: STAFF,
    },
  });
  staffToken = await api.signInStaff(STAFF);
});
afterAll(async () => {
  await api.close();
});

let seq = 0;
/** A registered client with one project, and the address of its owner. */
async function clientWithProject() {
  const email = `jane-${++seq}-${Date.now()}@bakery.example`;
  const registered = await api.fresh().client.register.$post({
    json: { name: 'Jane Baker', email, password: 'secret-pass' },
  });
  const { token, client } = await registered.json();
  const created = await api.http.admin.projects.$post(
    { json: { clientId: client.id, title: 'Bakery website' } },
    bearer(staffToken),
  );
  const project = await created.json();
  return { token, clientId: client.id as string, projectId: project.id as string, email };
}

/** The newest email in the outbox to `address` whose subject matches `subject`. */
function lastEmailTo(address: string, subject = /./): string {
  const found = api
    .outbox()
    .filter((eml) => new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'im').test(eml))
    .filter((eml) => subject.test(/^Subject: (.*)$/m.exec(eml)?.[1] ?? ''))
    .at(-1);
  if (!found) throw new Error(`no email to ${address}`);
  return found;
}

/** Staff write on the project; the client's update email goes out; its reply address. */
async function clientReplyAddress(projectId: string, email: string): Promise<string> {
  const sent = await api.http.admin.projects[':id'].communications.$post(
    { param: { id: projectId }, json: { subject: 'Update', message: 'The homepage is ready.' } },
    bearer(staffToken),
  );
  expect(sent.status).toBe(201);
  await api.deliver();
  const address = replyToOf(lastEmailTo(email, /Bakery website/));
  expect(address).toMatch(new RegExp(`^reply\\+[0-9a-f]{32}@${DOMAIN.replace(/\./g, '\\.')}$`));
  return address!;
}

function inbound(raw: Buffer, init: { secret?: string | null; type?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': init.type ?? 'message/rfc822' };
  if (init.secret !== null) headers.authorization = `Bearer ${init.secret ?? SECRET}`;
  return api.raw('/api/inbound/email', { method: 'POST', headers, body: new Uint8Array(raw) });
}

async function send(input: ReplyInput) {
  const response = await inbound(await replyEmail(input));
  expect(response.status).toBe(202);
  return ((await response.json()) as { status: string }).status;
}

async function staffMessages(projectId: string) {
  const list = await api.http.admin.communications.$get({ query: { projectId } }, bearer(staffToken));
  return (await list.json()).items;
}

describe('POST /api/inbound/email', () => {
  it('refuses a request without the secret (401), of another type (415), or over INBOUND_MAX_BYTES (413)', async () => {
    const raw = await replyEmail({ from: 'a@example.com', to: `reply+${'0'.repeat(32)}@${DOMAIN}` });
    expect((await inbound(raw, { secret: null })).status).toBe(401);
    expect((await inbound(raw, { secret: 'wrong-secret-wrong-secret' })).status).toBe(401);
    expect((await inbound(raw, { type: 'text/plain' })).status).toBe(415);
    const huge = Buffer.concat([raw, Buffer.alloc(40 * 1024 * 1024, 0x61)]);
    const tooLarge = await inbound(huge);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('ignores a message to no known reply address, and garbage', async () => {
    expect(await send({ from: 'a@example.com', to: `reply+${'0'.repeat(32)}@${DOMAIN}` })).toBe('ignored');
    expect(await send({ from: 'a@example.com', to: 'hello@example.com' })).toBe('ignored');
    const garbage = await inbound(Buffer.from([0, 1, 2, 3, 255, 254]));
    expect(garbage.status).toBe(202);
  });
});

describe('a client replies to an update', () => {
  it('posts the new text as the member, via email, once however often it is delivered', async () => {
    const { token, projectId, email } = await clientWithProject();
    const to = await clientReplyAddress(projectId, email);
    const raw = await replyEmail({
      from: `"Jane Baker" <${email.toUpperCase()}>`,
      to,
      messageId: '<same-1@mail.example>',
    });
    const first = await inbound(raw);
    expect(await first.json()).toEqual({ status: 'posted' });
    expect(await (await inbound(raw)).json()).toEqual({ status: 'duplicate' });

    const messages = await staffMessages(projectId);
    const fromClient = messages.filter((m: { fromClient: boolean }) => m.fromClient);
    expect(fromClient).toHaveLength(1);
    expect(fromClient[0]).toMatchObject({
      subject: 'Update on Bakery website',
      message: 'Thanks, that looks great!',
      via: 'email',
      author: { kind: 'client' },
    });
    // The client's own view carries `via` too, and the team's message was written in the dashboard.
    const detail = await (
      await api.http.client.projects[':projectId'].$get({ param: { projectId } }, bearer(token))
    ).json();
    const vias = detail.communications.map((m: { fromClient: boolean; via: string }) => [m.fromClient, m.via]);
    expect(vias).toEqual(
      expect.arrayContaining([
        [true, 'email'],
        [false, 'portal'],
      ]),
    );
  });

  it('posts once when the same reply arrives twice at the same moment (two providers, two doors)', async () => {
    const { projectId, email } = await clientWithProject();
    const to = await clientReplyAddress(projectId, email);
    const raw = await replyEmail({ from: email, to, text: 'Sent once, delivered twice.' });
    const answers = await Promise.all([inbound(raw), inbound(raw), inbound(raw)]);
    const statuses = await Promise.all(answers.map(async (r) => ((await r.json()) as { status: string }).status));
    expect(statuses.sort()).toEqual(['duplicate', 'duplicate', 'posted']);
    const posted = (await staffMessages(projectId)).filter((m: { fromClient: boolean }) => m.fromClient);
    expect(posted.map((m: { message: string }) => m.message)).toEqual(['Sent once, delivered twice.']);
  });

  it('holds a reply from another address, tells the true recipient, and staff release or discard it once', async () => {
    const { projectId, email } = await clientWithProject();
    const to = await clientReplyAddress(projectId, email);
    expect(await send({ from: 'mallory@evil.example', to, text: 'Please send the files to me.' })).toBe('held');
    expect(await send({ from: 'mallory@evil.example', to, text: 'Second try.' })).toBe('held');
    expect((await staffMessages(projectId)).filter((m: { fromClient: boolean }) => m.fromClient)).toHaveLength(0);

    await api.deliver();
    const notice = lastEmailTo(email, /held/);
    expect(notice).toMatch(/^Subject: A reply from another address was held/m);
    expect(notice).toContain('mallory@evil.example');

    const held = await (await api.http.admin['held-emails'].$get({}, bearer(staffToken))).json();
    const mine = held.items.filter((h: { project: { id: string } | null }) => h.project?.id === projectId);
    expect(mine).toHaveLength(2);
    expect(mine[1]!).toMatchObject({
      from: { address: 'mallory@evil.example' },
      reason: 'sender',
      text: 'Please send the files to me.',
      recipient: { kind: 'member', email },
      client: { name: 'Jane Baker' },
    });

    const release = (id: string) =>
      api.http.admin['held-emails'][':id'].release.$post({ param: { id } }, bearer(staffToken));
    const discard = (id: string) =>
      api.http.admin['held-emails'][':id'].discard.$post({ param: { id } }, bearer(staffToken));
    const [released, twice] = await Promise.all([release(mine[1]!.id), release(mine[1]!.id)]);
    expect([released.status, twice.status].sort()).toEqual([200, 409]);
    expect((await discard(mine[0]!.id)).status).toBe(200);
    expect((await discard(mine[0]!.id)).status).toBe(409);
    expect((await release('no-such-id')).status).toBe(404);

    const posted = (await staffMessages(projectId)).filter((m: { fromClient: boolean }) => m.fromClient);
    expect(posted.map((m: { message: string; via: string }) => [m.message, m.via])).toEqual([
      ['Please send the files to me.', 'email'],
    ]);
    const after = await (await api.http.admin['held-emails'].$get({}, bearer(staffToken))).json();
    expect(after.items.filter((h: { project: { id: string } | null }) => h.project?.id === projectId)).toEqual([]);
  });

  it('never posts or answers an auto-reply, a bounce or a loop', async () => {
    const { projectId, email } = await clientWithProject();
    const to = await clientReplyAddress(projectId, email);
    const queuedBefore = (await api.db.read.select().from(notificationEmails)).length;
    expect(await send({ from: email, to, headers: { 'Auto-Submitted': 'auto-replied' } })).toBe('ignored');
    expect(await send({ from: email, to, subject: 'Out of Office: Re: Update on Bakery website' })).toBe('ignored');
    expect(await send({ from: email, to, headers: { Precedence: 'bulk' } })).toBe('ignored');
    expect(await send({ from: `no-reply@${DOMAIN}`, to })).toBe('ignored');
    const bounce = Buffer.from(
      [
        `From: Mail Delivery System <MAILER-DAEMON@mx.bakery.example>`,
        `To: ${to}`,
        'Subject: Undelivered Mail Returned to Sender',
        'Message-ID: <bounce-1@mx.bakery.example>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        'Your message could not be delivered.',
        '--b--',
        '',
      ].join('\r\n'),
    );
    expect(await (await inbound(bounce)).json()).toEqual({ status: 'ignored' });
    expect((await staffMessages(projectId)).filter((m: { fromClient: boolean }) => m.fromClient)).toHaveLength(0);
    expect((await api.db.read.select().from(notificationEmails)).length).toBe(queuedBefore);
  });

  it('answers a reply to a revoked address "This conversation is closed", once, and posts nothing', async () => {
    const { projectId, email } = await clientWithProject();
    const to = await clientReplyAddress(projectId, email);
    const token = /reply\+([0-9a-f]+)@/.exec(to)![1]!;
    const tokenHash = createHash('sha256').update(token).digest('hex');
    await api.db.write((tx) =>
      tx.update(replyTokens).set({ revokedAt: new Date() }).where(eq(replyTokens.tokenHash, tokenHash)),
    );
    expect(await send({ from: email, to, text: 'Are you there?' })).toBe('ignored');
    expect(await send({ from: email, to, text: 'Hello?' })).toBe('ignored');
    await api.deliver();
    const closed = api
      .outbox()
      .filter((eml) => /^Subject: This conversation is closed/m.test(eml) && eml.includes(email));
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatch(/^Auto-Submitted: auto-replied/m);
    expect((await staffMessages(projectId)).filter((m: { fromClient: boolean }) => m.fromClient)).toHaveLength(0);
  });

  it('makes attachments project files with the upload checks: at most 20, refused types named, a zip kept as sent', async () => {
    const { projectId, email } = await clientWithProject();
    const to = await clientReplyAddress(projectId, email);
    // A zip bomb: a few kilobytes that would expand to 50 MB. It is kept as the archive it is, never opened.
    const bomb = Buffer.from(zipSync({ 'zeros.bin': new Uint8Array(50 * 1024 * 1024) }, { level: 9 }));
    const attachments = [
      { filename: 'logo.png', content: PNG },
      { filename: 'bomb.zip', content: bomb },
      { filename: 'setup.exe', content: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1') },
      ...Array.from({ length: 197 }, (_, i) => ({ filename: `note-${i}.txt`, content: `Note ${i}\n` })),
    ];
    expect(await send({ from: email, to, text: 'Files attached.', attachments })).toBe('posted');
    const message = (await staffMessages(projectId)).find((m: { fromClient: boolean }) => m.fromClient)!;
    expect(message.attachments).toHaveLength(19);
    expect(message.attachments.slice(0, 2).map((f: { name: string; type: string }) => [f.name, f.type])).toEqual([
      ['logo.png', 'image/png'],
      ['bomb.zip', 'application/zip'],
    ]);
    expect(message.attachments[1]!.size).toBe(bomb.length);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(message.message).toContain('Files attached.');
    expect(message.message).toContain('Not attached: setup.exe');
    expect(message.message).toContain('180 more attachments were not added: an email brings at most 20 files.');
  });
});

describe('staff reply by email', () => {
  it('posts a team reply on the project as the staff member who answered the notification', async () => {
    const { token, projectId } = await clientWithProject();
    const sent = await api.http.client.projects[':projectId'].communications.$post(
      { param: { projectId }, json: { subject: 'When does it launch?', message: 'When is the launch?' } },
      bearer(token),
    );
    expect(sent.status).toBe(201);
    await api.deliver();
    const to = replyToOf(lastEmailTo(STAFF, /: When does it launch\?$/));
    expect(to).toMatch(/^reply\+[0-9a-f]{32}@/);
    expect(
      await send({
        from: `"Maria Lopez" <${STAFF}>`,
        to: to!,
        subject: 'RE: New message from Jane Baker',
        // A header naming another thread changes nothing: the address's token decides.
        headers: { 'In-Reply-To': '<someone-elses-thread@firststatewebstudio.com>' },
        text: 'Next Friday.\n\n-----Original Message-----\nFrom: First State Web Studio\nSent: Tuesday\n\nWhen is the launch?',
      }),
    ).toBe('posted');
    const reply = (await staffMessages(projectId)).find((m: { fromClient: boolean }) => !m.fromClient)!;
    expect(reply).toMatchObject({ message: 'Next Friday.', via: 'email', author: { kind: 'staff' } });
    const [row] = await api.db.read.select().from(inboundEmails).where(eq(inboundEmails.postedId, reply.id));
    expect(row).toMatchObject({
      status: 'posted',
      door: 'http',
      fromAddress: STAFF,
      inReplyTo: '<someone-elses-thread@firststatewebstudio.com>',
    });
  });
});

describe('a visitor replies to a chat reply by email', () => {
  it('writes in the chat as the visitor, via email, and gets "closed" once the chat is closed', async () => {
    const address = `sam-${Date.now()}@shop.example`;
    const started = await api.fresh().chat.messages.$post({
      json: { body: 'Our shop is down!', email: address, name: 'Sam' },
    });
    expect(started.status).toBe(201);
    const { conversationId } = await started.json();
    await api.http.admin.chats[':id'].messages.$post(
      { param: { id: conversationId }, json: { body: 'Hi Sam, is it the checkout page?' } },
      bearer(staffToken),
    );
    await api.deliver();
    const to = replyToOf(lastEmailTo(address, /replied to your chat/));
    expect(to).toMatch(/^reply\+[0-9a-f]{32}@/);

    expect(
      await send({
        from: `Sam <${address}>`,
        to: to!,
        text: 'Yes, the checkout.\n\n> Hi Sam, is it the checkout page?',
      }),
    ).toBe('posted');
    const detail = await (
      await api.http.admin.chats[':id'].$get({ param: { id: conversationId } }, bearer(staffToken))
    ).json();
    expect(detail.messages.at(-1)).toMatchObject({ author: 'visitor', body: 'Yes, the checkout.', via: 'email' });

    await api.http.admin.chats[':id'].$patch(
      { param: { id: conversationId }, json: { status: 'closed' } },
      bearer(staffToken),
    );
    expect(await send({ from: address, to: to!, text: 'Thanks!' })).toBe('ignored');
    await api.deliver();
    expect(
      api
        .outbox()
        .filter((eml) => eml.includes(`To: ${address}`) && /^Subject: This conversation is closed/m.test(eml)),
    ).toHaveLength(1);
  });
});

describe('a lead replies to its acknowledgement', () => {
  it('gets "We received your message" with a reply address; its reply becomes a note and reaches the leads inbox', async () => {
    const address = `jamie-${Date.now()}@bakery.example`;
    const sent = await api.fresh().contact.$post({
      json: {
        name: 'Jamie Rivera',
        email: address,
        message: 'We need a new site for our bakery.',
        howDidYouFindUs: 'google-search',
      },
    });
    expect(sent.status).toBe(201);
    const { id } = await sent.json();
    await api.deliver();
    const to = replyToOf(lastEmailTo(address, /^We received your message$/));
    expect(to).toMatch(/^reply\+[0-9a-f]{32}@/);

    expect(
      await send({
        from: address,
        to: to!,
        subject: 'Re: We received your message',
        text: 'Our budget is about $5,000.',
      }),
    ).toBe('posted');
    const notes = await (
      await api.http.admin['contact-submissions'][':id'].notes.$get({ param: { id } }, bearer(staffToken))
    ).json();
    expect(notes.at(-1)).toMatchObject({ author: 'Jamie Rivera', body: 'Our budget is about $5,000.', via: 'email' });
    await api.deliver();
    expect(lastEmailTo('team@example.com', /^Reply from Jamie Rivera: We received your message$/)).toContain(
      'Our budget is about $5,000.',
    );
  });
});

describe('erasure', () => {
  it('forgets the held emails and the reply addresses of a client erased', async () => {
    const { clientId, projectId, email } = await clientWithProject();
    const to = await clientReplyAddress(projectId, email);
    expect(await send({ from: 'someone@else.example', to, text: 'Held until erased' })).toBe('held');
    const erased = await api.http.admin.clients[':id'].erase.$post(
      { param: { id: clientId }, json: {} },
      bearer(staffToken),
    );
    expect(erased.status).toBe(200);
    const held = await (await api.http.admin['held-emails'].$get({}, bearer(staffToken))).json();
    expect(held.items.filter((h: { text: string }) => h.text === 'Held until erased')).toEqual([]);
    const tokens = await api.db.read.select().from(replyTokens).where(eq(replyTokens.threadId, projectId));
    expect(tokens.every((t) => t.recipientEmail === '' && t.revokedAt !== null)).toBe(true);
    expect(await send({ from: email, to, text: 'After erasure' })).toBe('ignored');
  });
});

describe('another process holding the database', () => {
  it('answers 202 or 503 with Retry-After (never 500), storing nothing for a 503; the retry posts once', async () => {
    const { projectId, email } = await clientWithProject();
    const to = await clientReplyAddress(projectId, email);
    const raw = await replyEmail({ from: email, to, text: 'Written while a backup ran.' });
    const child = spawn(
      process.execPath,
      [join(import.meta.dirname, 'hold-write-lock.mjs'), databaseFilePath(api.env.DATABASE_URL)!, 'stdin'],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const exited = once(child, 'exit');
    const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
    expect(chunk.toString()).toContain('holding');
    const during = await inbound(raw);
    child.stdin!.end('release\n');
    await exited;
    expect([202, 503]).toContain(during.status);
    if (during.status === 503) {
      expect(during.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await staffMessages(projectId)).filter((m: { fromClient: boolean }) => m.fromClient)).toEqual([]);
    }
    // The sending server (or provider) tries again: the reply is posted, once.
    const again = (await (await inbound(raw)).json()) as { status: string };
    expect(again.status).toBe(during.status === 503 ? 'posted' : 'duplicate');
    const posted = (await staffMessages(projectId)).filter((m: { fromClient: boolean }) => m.fromClient);
    expect(posted.map((m: { message: string }) => m.message)).toEqual(['Written while a backup ran.']);
  });
});

describe('kill -9 while the SMTP door takes a reply', () => {
  /** Starts the crash worker in `mode`, sends `raw` to it over SMTP, and says what the sender heard. */
  async function sendToDyingServer(mode: 'before-commit' | 'after-commit', raw: Buffer, to: string, from: string) {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'smtp-crash-worker.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: api.env.DATABASE_URL,
        UPLOADS_DIR: api.env.UPLOADS_DIR,
        MODE: mode,
        INBOUND_DOMAIN: DOMAIN,
        OUTBOX_DIR: api.env.OUTBOX_DIR,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(child, 'exit');
    const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
    const port = Number(/port (\d+)/.exec(chunk.toString())?.[1]);
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    const heard = await transport.sendMail({ envelope: { from, to: [to] }, raw }).then(
      (info) => info.response,
      (error: Error) => `no answer: ${error.message}`,
    );
    const [, signal] = (await exited) as [number | null, string | null];
    return { heard, signal };
  }

  it('never answers 250 for a reply it did not store, and a reply delivered again is posted once', async () => {
    const { projectId, email } = await clientWithProject();
    const to = await clientReplyAddress(projectId, email);
    const raw = await replyEmail({ from: email, to, text: 'Sent while the server died.' });
    const fromClient = async () =>
      (await staffMessages(projectId)).filter((m: { fromClient: boolean }) => m.fromClient);

    const before = await sendToDyingServer('before-commit', raw, to, email);
    expect(before.signal).toBe('SIGKILL');
    expect(before.heard).toMatch(/^no answer/);
    expect(await fromClient()).toEqual([]);

    const after = await sendToDyingServer('after-commit', raw, to, email);
    expect(after.signal).toBe('SIGKILL');
    expect(after.heard).toMatch(/^no answer/);
    expect((await fromClient()).map((m: { message: string }) => m.message)).toEqual(['Sent while the server died.']);

    // The sending server heard no 250 either time and delivers again, here by the HTTP door: still one message.
    expect(((await (await inbound(raw)).json()) as { status: string }).status).toBe('duplicate');
    expect(await fromClient()).toHaveLength(1);
  }, 60_000);
});
