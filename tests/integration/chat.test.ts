/**
 * Live chat's API (docs/product.md#live-chat): the visitor's routes under /api/chat and the
 * staff's under /api/admin, with the visitor's event stream read as a browser reads it.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatConversations, chatMessages, contactSubmissions, notificationEmails } from '../../db/schema/index.ts';
import { CHAT_LIMIT_MESSAGES } from '../../src/shared/chat.ts';
import { escalateWaitingChats } from '../../src/server/services/chat/escalation.ts';
import { sseBlocks, type SseBlock } from '../support/sse.ts';
import { bearer, createTestApi, errorOf, type TestApi } from './helpers.ts';

const STAFF = 'staff@firststatewebstudio.com';
const WAIT_MS = 2_000;

let api: TestApi;
let staffToken: string;

beforeAll(async () => {
  api = await createTestApi({ env: { ADMIN_EMAILS: STAFF, AUTH_RATE_LIMIT: '1000' }, live: { heartbeatMs: 200 } });
  staffToken = await api.signInStaff(STAFF);
});
afterAll(async () => {
  await api.close();
});

const staff = () => bearer(staffToken);

/** A visitor: one address, one cookie jar. */
function visitor(address = api.nextAddress()) {
  let cookie = '';
  const headers = (): { headers: Record<string, string> } => ({ headers: cookie ? { cookie } : {} });
  const http = api.as(address);
  return {
    address,
    get cookie() {
      return cookie;
    },
    async send(json: { body: string; email?: string; name?: string; page?: string; fax?: string }) {
      const response = await http.chat.messages.$post({ json }, headers());
      const set = response.headers.getSetCookie().find((c) => c.startsWith('chat_visitor='));
      if (set) cookie = set.split(';')[0]!;
      return response;
    },
    conversation: async () => (await (await http.chat.conversation.$get({}, headers())).json()).conversation,
    stream: (lastEventId?: number) =>
      api.raw(
        '/api/chat/stream',
        {
          headers: { ...(cookie ? { cookie } : {}), ...(lastEventId ? { 'last-event-id': String(lastEventId) } : {}) },
        },
        address,
      ),
    typing: () => http.chat.typing.$post({}, headers()),
    transcript: (email: string) => http.chat.transcript.$post({ json: { email } }, headers()),
  };
}

/** Marks a staff member as online (a heartbeat) or away. */
async function heartbeat(away?: boolean) {
  const response = await api.http.admin.presence.$post({ json: away === undefined ? {} : { away } }, staff());
  expect(response.status).toBe(200);
  return response.json();
}

async function status() {
  return (await (await api.fresh().chat.status.$get()).json()).online;
}

/** The next event of a stream, skipping hints and heartbeats. */
async function nextEvent(next: (ms?: number) => Promise<SseBlock | null>): Promise<SseBlock> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const block = await next(Math.max(1, deadline - Date.now()));
    if (block === null) throw new Error('the stream ended');
    if (block.event) return block;
  }
}

describe('who is online', () => {
  it('is offline until a staff member sends a heartbeat, and again while they are away', async () => {
    expect(await status()).toBe(false);
    expect(await heartbeat()).toEqual({ online: true, away: false });
    expect(await status()).toBe(true);
    expect(await heartbeat(true)).toEqual({ online: false, away: true });
    expect(await status()).toBe(false);
    // A plain heartbeat keeps the away state; `away: false` ends it.
    expect((await heartbeat()).away).toBe(true);
    expect(await heartbeat(false)).toEqual({ online: true, away: false });
  });

  it('is offline outside CHAT_HOURS whoever is online', async () => {
    const closed = await createTestApi({ env: { ADMIN_EMAILS: STAFF, CHAT_HOURS: 'Mon-Sun 00:00-00:01' } });
    try {
      expect((await (await closed.fresh().chat.status.$get()).json()).online).toBe(false);
    } finally {
      await closed.close();
    }
  });
});

describe('a conversation, both ways', () => {
  it('sets an httpOnly visitor cookie with the first message and stores only its hash', async () => {
    await heartbeat(false);
    const v = visitor();
    const first = await v.send({ body: 'Hi, our WordPress site shows a blank page.', page: '/pricing' });
    expect(first.status).toBe(201);
    const { conversationId, message } = await first.json();
    expect(message).toMatchObject({
      conversationId,
      author: 'visitor',
      body: 'Hi, our WordPress site shows a blank page.',
    });
    const setCookie = first.headers.getSetCookie().find((c) => c.startsWith('chat_visitor='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/api\/chat/);
    const token = v.cookie.split('=')[1]!;
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    const [row] = await api.db.read.select().from(chatConversations).where(eq(chatConversations.id, conversationId));
    expect(row?.visitorTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row).toMatchObject({ status: 'waiting', page: '/pricing', offline: false });

    // The second message goes to the same conversation; no new cookie.
    const second = await v.send({ body: 'It started after an update.' });
    expect((await second.json()).conversationId).toBe(conversationId);
    expect(second.headers.getSetCookie().some((c) => c.startsWith('chat_visitor='))).toBe(true);
    const mine = await v.conversation();
    expect(mine?.messages.map((m) => m.body)).toEqual([
      'Hi, our WordPress site shows a blank page.',
      'It started after an update.',
    ]);
  });

  it('shows the staff the waiting chat with its unread count, and the visitor the reply, live', async () => {
    await heartbeat(false);
    const v = visitor();
    const { conversationId } = await (await v.send({ body: 'Can someone help?', name: 'Robin', page: '/' })).json();
    const list = await (await api.http.admin.chats.$get({ query: { status: 'waiting' } }, staff())).json();
    const item = list.items.find((i) => i.id === conversationId)!;
    expect(item).toMatchObject({
      status: 'waiting',
      unread: 1,
      page: '/',
      name: 'Robin',
      lastMessage: { author: 'visitor', body: 'Can someone help?' },
    });
    expect(list).toHaveProperty('nextCursor');
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect((await (await api.http.admin.chats.counts.$get({}, staff())).json()).waiting).toBeGreaterThanOrEqual(1);

    const response = await v.stream();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const { next, cancel } = sseBlocks(response.body!);
    expect((await nextEvent(next)).event).toBe('ready');

    // Staff typing reaches the visitor; a second typing call within 2 s records nothing.
    expect((await api.http.admin.chats[':id'].typing.$post({ param: { id: conversationId } }, staff())).status).toBe(
      204,
    );
    expect((await api.http.admin.chats[':id'].typing.$post({ param: { id: conversationId } }, staff())).status).toBe(
      204,
    );
    expect(await nextEvent(next)).toMatchObject({ event: 'chat-typing', data: { conversationId, author: 'staff' } });

    const reply = await api.http.admin.chats[':id'].messages.$post(
      { param: { id: conversationId }, json: { body: 'Hi Robin, I am on it. What is the address?' } },
      staff(),
    );
    expect(reply.status).toBe(201);
    const message = await nextEvent(next);
    expect(message).toMatchObject({
      event: 'chat-message',
      data: {
        conversationId,
        // By name, never by address (docs/product.md#staff-names).
        message: { author: 'staff', staffName: 'Staff', body: 'Hi Robin, I am on it. What is the address?' },
      },
    });
    expect(await nextEvent(next)).toMatchObject({ event: 'chat-read', data: { conversationId } });
    expect(await nextEvent(next)).toMatchObject({ event: 'chat-updated', data: { conversationId, status: 'open' } });
    cancel();

    const detail = await (await api.http.admin.chats[':id'].$get({ param: { id: conversationId } }, staff())).json();
    expect(detail).toMatchObject({ status: 'open', unread: 0, assignedTo: expect.any(String), assignedName: STAFF });
    expect(detail.messages).toHaveLength(2);
  });

  it('resumes a cut stream after its last event, with nothing lost or repeated, whichever server wrote', async () => {
    await heartbeat(false);
    const v = visitor();
    const { conversationId } = await (await v.send({ body: 'Hello?' })).json();
    const first = await v.stream();
    const reader = sseBlocks(first.body!);
    await nextEvent(reader.next);
    const sent: string[] = [];
    const say = async (body: string, app = api.http) => {
      sent.push(body);
      const response = await app.admin.chats[':id'].messages.$post(
        { param: { id: conversationId }, json: { body } },
        staff(),
      );
      expect(response.status).toBe(201);
    };
    await say('One');
    const one = await nextEvent(reader.next);
    expect(one.data).toMatchObject({ message: { body: 'One' } });
    reader.cancel();
    // While the visitor is away, this server and a second one on the same database write.
    const second = await api.secondApp();
    await say('Two');
    await say('Three', second.as('198.51.100.9'));
    const resumed = await v.stream(one.id);
    const again = sseBlocks(resumed.body!);
    const bodies: string[] = [];
    while (bodies.length < 2) {
      const event = await nextEvent(again.next);
      if (event.event === 'chat-message') bodies.push((event.data as { message: { body: string } }).message.body);
    }
    expect(bodies).toEqual(['Two', 'Three']);
    again.cancel();
  });

  it('starts a new conversation after staff closed the last one', async () => {
    await heartbeat(false);
    const v = visitor();
    const { conversationId } = await (await v.send({ body: 'Thanks, all fixed.' })).json();
    // The visitor left no email and their panel never reported: staff confirm the close.
    const closed = await api.http.admin.chats[':id'].$patch(
      { param: { id: conversationId }, json: { status: 'closed', confirmUnreachable: true } },
      staff(),
    );
    expect((await closed.json()).status).toBe('closed');
    const next = await (await v.send({ body: 'One more question.' })).json();
    expect(next.conversationId).not.toBe(conversationId);
  });

  it('ties a signed-in client’s chat to the account, not to a typed email', async () => {
    await heartbeat(false);
    const registered = await api.fresh().client.register.$post({
      json: { name: 'Pat Client', email: 'pat.client@example.com', password: 'secret-pass' },
    });
    const { token, client } = await registered.json();
    const response = await api
      .fresh()
      .chat.messages.$post(
        { json: { body: 'Question about my project', email: 'someone.else@example.com' } },
        bearer(token),
      );
    expect(response.status).toBe(201);
    const { conversationId } = await response.json();
    const detail = await (await api.http.admin.chats[':id'].$get({ param: { id: conversationId } }, staff())).json();
    expect(detail).toMatchObject({ clientId: client.id, clientName: 'Pat Client', email: 'pat.client@example.com' });
  });

  it('lets staff take a chat, convert it to a lead or link it to a client', async () => {
    await heartbeat(false);
    const v = visitor();
    const { conversationId } = await (
      await v.send({ body: 'We want a new site.', email: 'lead@example.com', name: 'Lee' })
    ).json();
    const taken = await (
      await api.http.admin.chats[':id'].$patch({ param: { id: conversationId }, json: { assignToMe: true } }, staff())
    ).json();
    expect(taken).toMatchObject({ status: 'open', assignedName: STAFF });
    const converted = await (
      await api.http.admin.chats[':id'].convert.$post({ param: { id: conversationId }, json: {} }, staff())
    ).json();
    expect(converted.leadId).toEqual(expect.any(String));
    const [lead] = await api.db.read
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, converted.leadId!));
    expect(lead).toMatchObject({
      source: 'chat',
      name: 'Lee',
      email: 'lead@example.com',
      message: 'Lee: We want a new site.',
    });
    const missing = await api.http.admin.chats[':id'].convert.$post(
      { param: { id: conversationId }, json: { clientId: 'nope' } },
      staff(),
    );
    expect(missing.status).toBe(404);
  });
});

describe('when nobody is online', () => {
  it('needs an email, makes a lead with the transcript, and emails the staff reply to the visitor', async () => {
    await heartbeat(true);
    expect(await status()).toBe(false);
    const v = visitor();
    const refused = await v.send({ body: 'Our shop is down!' });
    expect(refused.status).toBe(422);
    expect((await errorOf(refused)).fields).toEqual({ email: 'Please enter your email, so we can reply by email.' });
    expect(v.cookie).toBe('');

    const accepted = await v.send({ body: 'Our shop is down!', email: 'Owner@Example.com', name: 'Sam' });
    expect(accepted.status).toBe(201);
    const { conversationId } = await accepted.json();
    await v.send({ body: 'It is a Shopify store.' });
    const [conversation] = await api.db.read
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.id, conversationId));
    expect(conversation).toMatchObject({ offline: true, email: 'owner@example.com' });
    const [lead] = await api.db.read
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, conversation!.leadId!));
    expect(lead).toMatchObject({
      source: 'chat',
      email: 'owner@example.com',
      message: 'Sam: Our shop is down!\n\nSam: It is a Shopify store.',
    });
    await api.deliver();
    expect(api.outbox().some((mail) => mail.includes('New lead: Sam'))).toBe(true);

    await api.http.admin.chats[':id'].messages.$post(
      { param: { id: conversationId }, json: { body: 'Hi Sam, we are looking at it now.' } },
      staff(),
    );
    await api.deliver();
    const reply = api.outbox().find((mail) => mail.includes('replied to your chat'));
    expect(reply).toContain('To: owner@example.com');
    expect(reply).toContain('Hi Sam, we are looking at it now.');
    await heartbeat(false);
  });
});

describe('limits and bad input', () => {
  it('answers 429 with Retry-After to a sixth new conversation in an hour from one address', async () => {
    await heartbeat(false);
    const address = api.nextAddress();
    for (let i = 0; i < 5; i++) {
      const v = visitor(address);
      expect((await v.send({ body: `Chat ${i}` })).status).toBe(201);
    }
    const sixth = await visitor(address).send({ body: 'Chat 6' });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(sixth)).message).toBe(CHAT_LIMIT_MESSAGES.conversations);
  });

  it('answers 429 to a 31st message in a minute, and stores 30', async () => {
    await heartbeat(false);
    const v = visitor();
    const { conversationId } = await (await v.send({ body: 'm0' })).json();
    for (let i = 1; i < 30; i++) expect((await v.send({ body: `m${i}` })).status).toBe(201);
    const over = await v.send({ body: 'one too many' });
    expect(over.status).toBe(429);
    expect((await errorOf(over)).message).toBe(CHAT_LIMIT_MESSAGES.messages);
    const [row] = await api.db.read
      .select({ n: count() })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId));
    expect(row?.n).toBe(30);
  });

  it('refuses an empty or over-long message with the field message, and malformed JSON with 400', async () => {
    const v = visitor();
    const empty = await v.send({ body: '   ' });
    expect(empty.status).toBe(422);
    expect((await errorOf(empty)).fields?.body).toBe('Message is required');
    const long = await v.send({ body: 'x'.repeat(2001) });
    expect(long.status).toBe(422);
    expect((await errorOf(long)).fields?.body).toBe('Message must be at most 2,000 characters');
    const malformed = await api.raw('/api/chat/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"body": ',
    });
    expect(malformed.status).toBe(400);
  });

  it('answers a filled honeypot as a person and stores nothing', async () => {
    const [before] = await api.db.read.select({ n: count() }).from(chatMessages);
    const response = await visitor().send({ body: 'Buy cheap links', fax: 'http://spam.example' });
    expect(response.status).toBe(201);
    const [after] = await api.db.read.select({ n: count() }).from(chatMessages);
    expect(after?.n).toBe(before?.n);
  });

  it('answers 404 to a stream or typing before any conversation, and 401 to staff routes without a session', async () => {
    const v = visitor();
    expect((await v.stream()).status).toBe(404);
    expect((await v.typing()).status).toBe(404);
    expect((await api.fresh().admin.chats.$get({ query: {} })).status).toBe(401);
    expect((await api.fresh().admin.presence.$post({ json: {} })).status).toBe(401);
  });
});

describe('escalation and transcripts', () => {
  it('emails the team once about a chat left waiting, and not once it is answered', async () => {
    await heartbeat(false);
    const v = visitor();
    const { conversationId } = await (await v.send({ body: 'Anyone there?' })).json();
    const options = { escalateMinutes: 3, to: ['team@example.com'], siteUrl: 'http://localhost:4321', timeZone: 'UTC' };
    const emails = async () => (await api.db.read.select({ n: count() }).from(notificationEmails))[0]!.n;
    const before = await emails();
    expect(await escalateWaitingChats(api.db, options, new Date(Date.now() + 60_000))).toBe(0);
    const later = new Date(Date.now() + 4 * 60_000);
    expect(await escalateWaitingChats(api.db, options, later)).toBeGreaterThanOrEqual(1);
    expect(await escalateWaitingChats(api.db, options, later)).toBe(0);
    expect(await emails()).toBeGreaterThan(before);
    // The email opens that chat in the dashboard, not the dashboard's front.
    const sent = await api.db.read.select({ text: notificationEmails.text }).from(notificationEmails);
    expect(sent.some((e) => e.text.includes(`http://localhost:4321/admin#chat/${conversationId}`))).toBe(true);
    const [row] = await api.db.read.select().from(chatConversations).where(eq(chatConversations.id, conversationId));
    expect(row?.escalatedAt).not.toBeNull();
    // An answer ends the wait: nothing more to tell.
    await api.http.admin.chats[':id'].messages.$post(
      { param: { id: conversationId }, json: { body: 'Here!' } },
      staff(),
    );
    const [answered] = await api.db.read
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.id, conversationId));
    expect(answered).toMatchObject({ waitingSince: null, escalatedAt: null });
  });

  it('sends a transcript only to a confirmed address, at most 3 times a day', async () => {
    await heartbeat(false);
    const v = visitor();
    await v.send({ body: 'Please send me this chat.' });
    const asked = await v.transcript('me@example.com');
    expect(asked.status).toBe(202);
    expect(await asked.json()).toEqual({ sent: 'confirmation' });
    await api.deliver();
    const confirmation = api
      .outbox()
      .find((mail) => mail.includes('Confirm your email') && mail.includes('me@example.com'))!;
    const token = /chat\/confirm#token=([\w-]+)/.exec(confirmation.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[1];
    expect(token).toMatch(/^[\w-]{43}$/);
    const confirmed = await api.fresh().chat['confirm-email'].$post({ json: { token: token! } });
    expect(confirmed.status).toBe(200);
    const used = await api.fresh().chat['confirm-email'].$post({ json: { token: token! } });
    expect(used.status).toBe(410);
    // Now confirmed: the transcript goes at once; the third request of the day is the last.
    expect(await (await v.transcript('me@example.com')).json()).toEqual({ sent: 'transcript' });
    expect(await (await v.transcript('me@example.com')).json()).toEqual({ sent: 'transcript' });
    const fourth = await v.transcript('me@example.com');
    expect(fourth.status).toBe(429);
    expect((await errorOf(fourth)).message).toBe(CHAT_LIMIT_MESSAGES.transcripts);
    await api.deliver();
    // One on confirmation, two asked for afterwards.
    expect(
      api.outbox().filter((mail) => mail.includes('Your chat of') && mail.includes('To: me@example.com')),
    ).toHaveLength(3);
  });
});
