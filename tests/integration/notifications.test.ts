/**
 * Notification emails, received over real SMTP (docs/product.md#notifications): who gets them,
 * what they say, the delay and batching rules, read-before-delay, preferences, unsubscribe,
 * retries while the SMTP server refuses, and that no email goes out twice.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientMembers, notificationEmails, notifications, users } from '../../db/schema/index.ts';
import { MAX_SEND_ATTEMPTS } from '../../src/server/services/email/queue.ts';
import { createSignInLink } from '../../src/server/services/sign-in/sign-in-links.ts';
import { bearer, createTestApi, type TestApi } from './helpers.ts';
import { startSmtpServer } from './smtp.ts';

const ADMIN = 'owner@firststatewebstudio.com';
const DELAY_MS = 300_000;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let api: TestApi;
let staffToken: string;
let seq = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

async function openApi(env: Record<string, string> = {}) {
  const opened = await createTestApi({
    env: {
      SMTP_URL: smtp.url,
      ADMIN_EMAILS: ADMIN,
      TEAM_NOTIFY_TO: 'team-a@example.com, team-b@example.com',
      AUTH_RATE_LIMIT: '1000',
      SITE_URL: 'https://studio.example.com',
      ...env,
    },
  });
  const signedIn = await opened
    .fresh()
    .admin.auth.link.$post({ json: { token: await createSignInLink(opened.db, ADMIN) } });
  const cookie = signedIn.headers.get('set-cookie') ?? '';
  return { opened, token: decodeURIComponent(cookie.match(/admin_session=([^;]+)/)?.[1] ?? '') };
}

beforeEach(async () => {
  smtp.refuse = false;
  smtp.received.length = 0;
  ({ opened: api, token: staffToken } = await openApi());
});
afterEach(async () => {
  await api.close();
});

const staff = () => bearer(staffToken);

/** A registered client (signed in) with one project; returns their bearer options and ids. */
async function clientWithProject(name = 'Dana Reyes', title = 'Bakery website') {
  seq++;
  const email = `client-${seq}-${Date.now()}@example.com`;
  const registered = await api.fresh().client.register.$post({
    json: { name, email, company: 'Reyes Bakery', password: 'secret-pass' },
  });
  const { token, client } = await registered.json();
  // The registration's "Confirm your email" is not what these tests are about: it leaves the queue,
  // so that each test sees only the emails of what it does.
  await api.db.write((tx) => tx.delete(notificationEmails).where(eq(notificationEmails.subject, 'Confirm your email')));
  const project = await (await api.http.admin.projects.$post({ json: { clientId: client.id, title } }, staff())).json();
  return { email, client, project, auth: bearer(token) };
}

async function clientWrites(who: Awaited<ReturnType<typeof clientWithProject>>, subject: string, message: string) {
  const response = await api.http.client.projects[':projectId'].communications.$post(
    { param: { projectId: who.project.id }, json: { subject, message } },
    who.auth,
  );
  expect(response.status).toBe(201);
  return (await response.json()).communication;
}

async function teamReplies(projectId: string, subject: string, message: string) {
  const response = await api.http.admin.projects[':id'].communications.$post(
    { param: { id: projectId }, json: { subject, message } },
    staff(),
  );
  expect(response.status).toBe(201);
  return (await response.json()).communication;
}

/** A header field's value as sent (mailparser turns List-* fields into objects). */
function header(mail: { parsed: { headerLines: readonly { key: string; line: string }[] } } | undefined, name: string) {
  const line = mail?.parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}

/** Moves past the delay and runs the worker once; resolves with the emails received so far. */
async function afterDelay() {
  api.advance(DELAY_MS + 1000);
  await api.deliver();
  return smtp.received;
}

describe('client → team', () => {
  it('emails the team once the delay has passed, naming the client and project and quoting the message', async () => {
    const dana = await clientWithProject();
    await clientWrites(dana, 'Logo colours', 'Could we try the darker blue?\nThanks!');

    expect(await api.deliver()).toBe(0);
    api.advance(DELAY_MS - 5000);
    expect(await api.deliver()).toBe(0);
    expect(smtp.received).toHaveLength(0);

    const [mail, ...more] = await afterDelay();
    expect(more).toHaveLength(0);
    expect(mail?.rcpt.sort()).toEqual(['team-a@example.com', 'team-b@example.com']);
    const { parsed } = mail!;
    expect(parsed.subject).toBe('New message from Dana Reyes: Logo colours');
    expect(parsed.text).toContain('Bakery website');
    expect(parsed.text).toContain('Could we try the darker blue?');
    expect(parsed.text).toContain('https://studio.example.com/admin#messages');
    expect(parsed.html).toContain('Could we try the darker blue?');
    expect(parsed.html).not.toMatch(/<img[^>]+src=["']https?:/i);
    expect(parsed.replyTo?.text).toBe(dana.email);
    const [row] = await api.db.read.select().from(notificationEmails);
    expect(parsed.messageId).toBe(`<${row?.id}@firststatewebstudio.com>`);
  });

  it('batches several messages from one client into one email', async () => {
    const dana = await clientWithProject();
    await clientWrites(dana, 'First', 'One');
    api.advance(60_000);
    await clientWrites(dana, 'Second', 'Two');
    await clientWrites(dana, 'Third', 'Three');
    const received = await afterDelay();
    expect(received).toHaveLength(1);
    expect(received[0]?.parsed.subject).toBe('3 new messages from Dana Reyes');
    for (const word of ['One', 'Two', 'Three']) expect(received[0]?.parsed.text).toContain(word);
  });

  it('sends nothing when staff read the message before the delay', async () => {
    const dana = await clientWrites(await clientWithProject(), 'Quick one', 'Seen already?');
    const read = await api.http.admin.communications[':id'].$patch(
      { param: { id: dana.id }, json: { isRead: true } },
      staff(),
    );
    expect(read.status).toBe(200);
    expect(await afterDelay()).toHaveLength(0);
    const rows = await api.db.read.select().from(notifications);
    expect(rows.map((r) => r.status)).toEqual(['skipped']);
  });

  it('leaves out a staff member who turned notifications off', async () => {
    await api.db.write((tx) => tx.insert(users).values({ username: 'team-b@example.com', emailNotifications: false }));
    await clientWrites(await clientWithProject(), 'Hello', 'Anyone there?');
    const [mail] = await afterDelay();
    expect(mail?.rcpt).toEqual(['team-a@example.com']);
  });

  it('escapes what the client typed', async () => {
    const evil = await clientWithProject('<script>alert(1)</script>', 'Tom & "Jerry" <b>');
    await clientWrites(evil, '<img src=x onerror=alert(2)>', '</p><script>alert(3)</script>');
    const [mail] = await afterDelay();
    const html = String(mail?.parsed.html);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;');
    expect(mail?.parsed.text).toContain('</p><script>alert(3)</script>');
  });
});

describe('team recipients fall back to ADMIN_EMAILS', () => {
  it('emails every staff address when TEAM_NOTIFY_TO is unset', async () => {
    await api.close();
    ({ opened: api, token: staffToken } = await openApi({
      TEAM_NOTIFY_TO: '',
      ADMIN_EMAILS: `${ADMIN}, second@firststatewebstudio.com`,
    }));
    await clientWrites(await clientWithProject(), 'Hi', 'Hello team');
    const [mail] = await afterDelay();
    expect(mail?.rcpt.sort()).toEqual([ADMIN, 'second@firststatewebstudio.com']);
  });
});

describe('team → client', () => {
  it('emails the reply with a link that signs the client in on the project, and the RFC 8058 unsubscribe headers', async () => {
    const dana = await clientWithProject();
    await teamReplies(dana.project.id, 'Draft ready', 'Have a look at the new homepage.');
    const [mail, ...more] = await afterDelay();
    expect(more).toHaveLength(0);
    expect(mail?.rcpt).toEqual([dana.email]);
    const { parsed } = mail!;
    expect(parsed.subject).toBe('New reply on Bakery website: Draft ready');
    expect(parsed.text).toContain('Have a look at the new homepage.');
    // The button is a single-use sign-in link that lands on the project.
    const token = /https:\/\/studio\.example\.com\/portal\/sign-in#token=([\w-]+)/.exec(parsed.text || '')?.[1];
    expect(token).toBeTruthy();
    expect(parsed.text).toContain('It works once, within 72 hours');
    const redeemed = await api.fresh().client['sign-in-link'].redeem.$post({ json: { token: token! } });
    expect(await redeemed.json()).toMatchObject({
      twoFactorRequired: false,
      redirect: `/portal/projects/${dana.project.id}`,
    });
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(mail, 'List-Unsubscribe')).toMatch(
      /^<https:\/\/studio\.example\.com\/api\/unsubscribe\?token=[\w.-]+>$/,
    );
  });

  it('folds a reply, a completed milestone and a status change of one window into one email', async () => {
    const dana = await clientWithProject();
    await teamReplies(dana.project.id, 'Update', 'Design approved.');
    const milestone = await (
      await api.http.admin.projects[':id'].milestones.$post(
        { param: { id: dana.project.id }, json: { title: 'Design', status: 'pending' } },
        staff(),
      )
    ).json();
    await api.http.admin.milestones[':id'].$put(
      { param: { id: milestone.id }, json: { title: 'Design', status: 'completed' } },
      staff(),
    );
    await api.http.admin.projects[':id'].$put(
      { param: { id: dana.project.id }, json: { clientId: dana.client.id, title: 'Bakery website', status: 'review' } },
      staff(),
    );
    const received = await afterDelay();
    expect(received).toHaveLength(1);
    const text = String(received[0]?.parsed.text);
    expect(received[0]?.parsed.subject).toBe('3 updates on Bakery website');
    expect(text).toContain('Design approved.');
    expect(text).toContain('Design');
    expect(text).toContain('Review');
  });

  it('says "Your project moved to Review" for a status change alone', async () => {
    const dana = await clientWithProject();
    await api.http.admin.projects[':id'].$put(
      { param: { id: dana.project.id }, json: { clientId: dana.client.id, title: 'Bakery website', status: 'review' } },
      staff(),
    );
    const [mail] = await afterDelay();
    expect(mail?.parsed.subject).toBe('Your project moved to Review');
  });

  it('sends nothing when the client read the reply before the delay', async () => {
    const dana = await clientWithProject();
    await teamReplies(dana.project.id, 'Quick', 'Read me now');
    const opened = await api.http.client.projects[':projectId'].communications.read.$post(
      { param: { projectId: dana.project.id } },
      dana.auth,
    );
    expect(await opened.json()).toEqual({ updated: 1 });
    expect(await afterDelay()).toHaveLength(0);
  });

  it('sends nothing to a client who turned emails off', async () => {
    const dana = await clientWithProject();
    await api.db.write((tx) =>
      tx.update(clientMembers).set({ emailNotifications: false }).where(eq(clientMembers.id, dana.client.member.id)),
    );
    await teamReplies(dana.project.id, 'Hello', 'Nobody reads this');
    expect(await afterDelay()).toHaveLength(0);
  });

  it('stops emailing after the one-click unsubscribe POST of the List-Unsubscribe header', async () => {
    const dana = await clientWithProject();
    await teamReplies(dana.project.id, 'First', 'You get this one');
    const [mail] = await afterDelay();
    const target = new URL(String(header(mail, 'List-Unsubscribe')).slice(1, -1));
    // The mail provider's one-click POST is form-encoded, which the typed client does not send.
    const unsubscribe = await api.raw(`${target.pathname}${target.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribe.status).toBe(200);
    await teamReplies(dana.project.id, 'Second', 'You do not get this one');
    expect(await afterDelay()).toHaveLength(1);
  });
});

describe('delivery', () => {
  it('keeps the email queued while SMTP refuses, never fails the request, and sends it once when SMTP is back', async () => {
    smtp.refuse = true;
    const dana = await clientWithProject();
    await teamReplies(dana.project.id, 'Patience', 'This will arrive later');
    await afterDelay();
    expect(smtp.received).toHaveLength(0);
    const [queued] = await api.db.read.select().from(notificationEmails);
    expect(queued).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringContaining('451') });

    api.advance(500); // before the first retry is due (base 1,000 ms in tests)
    await api.deliver();
    expect((await api.db.read.select().from(notificationEmails))[0]?.attempts).toBe(1);

    smtp.refuse = false;
    api.advance(1000);
    expect(await api.deliver()).toBe(1);
    expect(await api.deliver()).toBe(0);
    api.advance(3_600_000);
    await api.deliver();
    expect(smtp.received).toHaveLength(1);
    expect((await api.db.read.select().from(notificationEmails))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it(`marks an email failed after ${MAX_SEND_ATTEMPTS} tries, shows it to staff, and sends it on retry`, async () => {
    smtp.refuse = true;
    const dana = await clientWithProject();
    await teamReplies(dana.project.id, 'Stuck', 'SMTP is down');
    for (let i = 0; i < MAX_SEND_ATTEMPTS + 2; i++) {
      api.advance(2 ** i * 1000 + DELAY_MS);
      await api.deliver();
    }
    const [row] = await api.db.read.select().from(notificationEmails);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_SEND_ATTEMPTS });

    const listed = await api.http.admin['undelivered-emails'].$get({}, staff());
    expect(await listed.json()).toEqual([
      expect.objectContaining({ id: row?.id, subject: 'New reply on Bakery website: Stuck', to: [dana.email] }),
    ]);
    expect((await api.http.admin['undelivered-emails'].$get({}, bearer('nobody'))).status).toBe(401);

    smtp.refuse = false;
    const retry = await api.http.admin['undelivered-emails'][':id'].retry.$post({ param: { id: row!.id } }, staff());
    expect(retry.status).toBe(200);
    expect(await api.deliver()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const again = await api.http.admin['undelivered-emails'][':id'].retry.$post({ param: { id: row!.id } }, staff());
    expect(again.status).toBe(404);
  });

  it('sends each email exactly once when two workers run at the same time', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, (_, i) => clientWithProject(`Client ${i}`)));
    for (const who of people) await clientWrites(who, 'Hello', `From ${who.email}`);
    api.advance(DELAY_MS + 1000);
    await Promise.all([api.deliver(), api.deliver(), api.secondWorker().runOnce()]);
    await api.deliver();
    expect(smtp.received).toHaveLength(12);
    const ids = new Set(smtp.received.map((m) => m.parsed.messageId));
    expect(ids.size).toBe(12);
  }, 30_000);
});
