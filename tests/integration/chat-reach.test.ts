/**
 * Whether staff can reach a chat's visitor (docs/product.md#live-chat): the panel's reports that
 * it shows the conversation (`POST /api/chat/read`), 'Get the reply by email'
 * (`POST /api/chat/reply-email`), the reach staff see in the list and on the chat's page, closing
 * an unreachable chat only once staff confirm, and retention keeping a chat nobody closed.
 * Time is injected: the services take `now`, and a visitor who left is one whose last report is
 * older than VISITOR_HERE_MS.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatConversations, chatMessages } from '../../db/schema/index.ts';
import { VISITOR_HERE_MS } from '../../src/shared/chat.ts';
import { chatDetail } from '../../src/server/services/chat/staff-list.ts';
import { applyRetention } from '../../src/server/services/privacy/retention.ts';
import { bearer, createTestApi, errorOf, type TestApi } from './helpers.ts';

const STAFF = 'staff@firststatewebstudio.com';

let api: TestApi;
let staffToken: string;

beforeAll(async () => {
  api = await createTestApi({ env: { ADMIN_EMAILS: STAFF, AUTH_RATE_LIMIT: '1000' } });
  staffToken = await api.signInStaff(STAFF);
  // Someone is online: the chats here start live, not offline.
  expect((await api.http.admin.presence.$post({ json: { away: false } }, bearer(staffToken))).status).toBe(200);
});
afterAll(async () => {
  await api.close();
});

const staff = () => bearer(staffToken);

/** A visitor with a cookie jar, who starts a live chat with `body`. */
async function startChat(body: string) {
  let cookie = '';
  const http = api.as(api.nextAddress());
  const headers = (): { headers: Record<string, string> } => ({ headers: cookie ? { cookie } : {} });
  const first = await http.chat.messages.$post({ json: { body } }, headers());
  expect(first.status).toBe(201);
  cookie = first.headers
    .getSetCookie()
    .find((c) => c.startsWith('chat_visitor='))!
    .split(';')[0]!;
  const { conversationId } = await first.json();
  return {
    id: conversationId,
    read: () => http.chat.read.$post({}, headers()),
    replyEmail: (email: string) => http.chat['reply-email'].$post({ json: { email } }, headers()),
  };
}

const reply = (id: string, body: string) =>
  api.http.admin.chats[':id'].messages.$post({ param: { id }, json: { body } }, staff());
const detail = async (id: string) => (await api.http.admin.chats[':id'].$get({ param: { id } }, staff())).json();
const close = (id: string, confirmUnreachable?: true) =>
  api.http.admin.chats[':id'].$patch(
    { param: { id }, json: { status: 'closed', ...(confirmUnreachable && { confirmUnreachable }) } },
    staff(),
  );

/** Moves the visitor's last report back by `ms`: they left that long ago. */
async function leftAgo(id: string, ms: number) {
  await api.db.write((tx) =>
    tx
      .update(chatConversations)
      .set({ visitorReadAt: new Date(Date.now() - ms) })
      .where(eq(chatConversations.id, id)),
  );
}

const repliesTo = (address: string) =>
  api.outbox().filter((mail) => mail.includes(`To: ${address}`) && mail.includes('replied to your chat'));

describe('what staff see of the visitor', () => {
  it('is "here" while the panel reports, and not reachable 90 s after it stopped without an email', async () => {
    const chat = await startChat('Is anyone there?');
    // Before the panel has reported: nobody knows the visitor is there, and no email.
    expect(await detail(chat.id)).toMatchObject({ reach: 'none', visitorReadAt: null });
    await reply(chat.id, 'Yes, I am here. What happened?');
    expect((await detail(chat.id)).replyUnread).toBe(true);

    const read = await chat.read();
    expect(read.status).toBe(200);
    const { visitorReadAt } = await read.json();
    expect(visitorReadAt).toEqual(expect.any(String));
    expect(await detail(chat.id)).toMatchObject({ reach: 'here', replyUnread: false, visitorReadAt });
    const listed = await (await api.http.admin.chats.$get({ query: {} }, staff())).json();
    expect(listed.items.find((item) => item.id === chat.id)?.reach).toBe('here');

    // The same conversation on a clock VISITOR_HERE_MS later: the visitor has left, no email.
    const later = new Date(Date.parse(visitorReadAt!) + VISITOR_HERE_MS);
    expect((await chatDetail(api.db, chat.id, later)).reach).toBe('none');
    expect((await chatDetail(api.db, chat.id, new Date(later.getTime() - 1))).reach).toBe('here');
  });

  it('records a read in the database, so a reply after it is unread again', async () => {
    const chat = await startChat('Hello');
    await reply(chat.id, 'First answer');
    await chat.read();
    const [row] = await api.db.read.select().from(chatConversations).where(eq(chatConversations.id, chat.id));
    expect(row?.visitorReadAt).toBeInstanceOf(Date);
    await api.db.write((tx) =>
      tx.insert(chatMessages).values({
        conversationId: chat.id,
        author: 'staff',
        body: 'Second answer',
        createdAt: new Date(row!.visitorReadAt!.getTime() + 1000),
      }),
    );
    expect((await detail(chat.id)).replyUnread).toBe(true);
  });

  it('answers 404 to a read or a reply email before the first message', async () => {
    const http = api.as(api.nextAddress());
    expect((await http.chat.read.$post({})).status).toBe(404);
    expect((await http.chat['reply-email'].$post({ json: { email: 'a@example.com' } })).status).toBe(404);
  });
});

describe('Get the reply by email', () => {
  it('emails the unread replies at once, and later replies once the visitor has left, not while here', async () => {
    const chat = await startChat('Our checkout fails');
    await reply(chat.id, 'Which payment provider do you use?');
    await leftAgo(chat.id, 5 * 60_000);

    const given = await chat.replyEmail('Pat@Example.com');
    expect(given.status).toBe(200);
    expect(await given.json()).toEqual({ email: 'pat@example.com', emailed: 1 });
    await api.deliver();
    expect(repliesTo('pat@example.com')).toHaveLength(1);
    expect(repliesTo('pat@example.com')[0]).toContain('Which payment provider do you use?');
    expect((await detail(chat.id)).reach).toBe('email');

    // Still away: the next reply goes by email too.
    await reply(chat.id, 'We found the fault; it is fixed.');
    await api.deliver();
    expect(repliesTo('pat@example.com')).toHaveLength(2);

    // Back on the site: a reply is read in the panel, not emailed.
    await chat.read();
    expect((await detail(chat.id)).reach).toBe('here');
    await reply(chat.id, 'Anything else?');
    await api.deliver();
    expect(repliesTo('pat@example.com')).toHaveLength(2);
  });

  it('refuses an invalid address with the field message, and a closed chat with 409', async () => {
    const chat = await startChat('Hi');
    const bad = await chat.replyEmail('not-an-address');
    expect(bad.status).toBe(422);
    expect((await errorOf(bad)).fields?.email).toBe('Please enter a valid email address');
    expect((await close(chat.id, true)).status).toBe(200);
    const closed = await chat.replyEmail('late@example.com');
    expect(closed.status).toBe(409);
    expect((await errorOf(closed)).message).toBe('This chat was closed. Write again to start a new one.');
  });
});

describe('closing a chat', () => {
  it('asks staff to confirm when the visitor cannot be reached, and closes once they do', async () => {
    const chat = await startChat('Can you call me back?');
    await reply(chat.id, 'Sure, what is your number?');
    await leftAgo(chat.id, VISITOR_HERE_MS + 1000);
    const refused = await close(chat.id);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({
      code: 'chat_unreachable',
      message: 'The visitor cannot be reached: they left no email and are not on the site now. Close the chat anyway?',
    });
    expect((await detail(chat.id)).status).toBe('open');
    const confirmed = await close(chat.id, true);
    expect(confirmed.status).toBe(200);
    expect((await confirmed.json()).status).toBe('closed');
  });

  it('closes without asking when the visitor is here or reachable by email', async () => {
    const here = await startChat('Thanks!');
    await here.read();
    expect((await close(here.id)).status).toBe(200);
    const byEmail = await startChat('Thanks, bye');
    await byEmail.replyEmail('bye@example.com');
    await leftAgo(byEmail.id, 10 * 60_000);
    expect((await close(byEmail.id)).status).toBe(200);
  });
});

describe('retention', () => {
  it('deletes an old closed chat but keeps an old one nobody closed, which staff still see', async () => {
    const longAgo = new Date(Date.now() - 400 * 24 * 3600_000);
    const [waiting, closed] = await api.db.write(async (tx) => {
      const rows = await tx
        .insert(chatConversations)
        .values([
          { visitorTokenHash: 'a'.repeat(64), status: 'waiting', createdAt: longAgo, lastMessageAt: longAgo },
          { visitorTokenHash: 'b'.repeat(64), status: 'closed', createdAt: longAgo, lastMessageAt: longAgo },
        ])
        .returning({ id: chatConversations.id });
      for (const row of rows) {
        await tx
          .insert(chatMessages)
          .values({ conversationId: row.id, author: 'visitor', body: 'Anyone?', createdAt: longAgo });
      }
      return rows.map((r) => r.id);
    });
    await applyRetention(
      api.db,
      { RETENTION_LEAD_MONTHS: 24, RETENTION_CHAT_MONTHS: 12, RETENTION_YEARS_PROJECTS: 7 },
      new Date(),
    );
    const ids = (await api.db.read.select({ id: chatConversations.id }).from(chatConversations)).map((r) => r.id);
    expect(ids).toContain(waiting);
    expect(ids).not.toContain(closed);
    const waitingList = await (await api.http.admin.chats.$get({ query: { status: 'waiting' } }, staff())).json();
    expect(waitingList.items.find((item) => item.id === waiting)).toMatchObject({ reach: 'none', unread: 1 });
  });
});
