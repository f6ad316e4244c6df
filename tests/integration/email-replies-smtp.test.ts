/**
 * Email replies through the SMTP door in strict mode (docs/product.md#email-replies): a reply
 * DKIM-signed by the sender's domain lands on the project and reaches the staff stream; the same
 * reply unsigned, from an address SPF does not allow, is held. DNS answers are fixed.
 */
import { generateKeyPairSync } from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpDoor } from '../../src/server/services/inbound/smtp-door.ts';
import { sseBlocks } from '../support/sse.ts';
import { replyToOf } from '../support/reply-emails.ts';
import { bearer, createTestApi, type TestApi } from './helpers.ts';

const STAFF = 'maria@firststatewebstudio.com';
const DOMAIN = 'reply.firststatewebstudio.test';
const SELECTOR = 'mail2026';

/** Fixed DNS answers (TXT records in chunks, as node:dns gives them). */
const records = new Map<string, string[][]>();
async function resolver(name: string, rrtype: string): Promise<unknown> {
  const answer = records.get(`${rrtype} ${name.toLowerCase()}`);
  if (answer) return answer;
  throw Object.assign(new Error(`query ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
}

let api: TestApi;
let staffToken: string;
let door: { port: number; close(): Promise<void> };
let privateKey = '';

beforeAll(async () => {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  privateKey = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicKey = keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  records.set(`TXT ${SELECTOR}._domainkey.bakery.example`, [[`v=DKIM1; k=rsa; p=${publicKey}`]]);
  records.set('TXT _dmarc.bakery.example', [['v=DMARC1; p=reject']]);
  records.set('TXT bakery.example', [['v=spf1 ip4:192.0.2.10 -all']]);
  api = await createTestApi({
    env: {
      ADMIN_EMAILS: STAFF,
      INBOUND_DOMAIN: DOMAIN,
      INBOUND_VERIFY: 'strict',
      NOTIFY_DELAY_SECONDS: '0',
      AUTH_RATE_LIMIT: '1000',
    },
    inboundDns: resolver,
  });
  staffToken = await api.signInStaff(STAFF);
  door = (await startSmtpDoor({
    db: api.db,
    storage: api.storage,
    env: { ...api.env, INBOUND_SMTP_PORT: 0, INBOUND_SMTP_HOST: '127.0.0.1' },
    inboundDns: resolver,
  }))!;
});
afterAll(async () => {
  await door?.close();
  await api.close();
});

/** A client with a project, and the reply address of the update email staff's message sends it. */
async function replyAddress() {
  const email = `jane-${Date.now()}-${Math.random().toString(16).slice(2)}@bakery.example`;
  const registered = await api.fresh().client.register.$post({
    json: { name: 'Jane Baker', email, password: 'secret-pass' },
  });
  const { client } = await registered.json();
  const project = await (
    await api.http.admin.projects.$post({ json: { clientId: client.id, title: 'Bakery website' } }, bearer(staffToken))
  ).json();
  await api.http.admin.projects[':id'].communications.$post(
    { param: { id: project.id }, json: { subject: 'Update', message: 'The homepage is ready.' } },
    bearer(staffToken),
  );
  await api.deliver();
  const eml = api
    .outbox()
    .filter((e) => e.includes(`To: ${email}`) && /Subject: .*Bakery website/.test(e))
    .at(-1)!;
  return { email, projectId: project.id as string, to: replyToOf(eml)! };
}

/** Sends over SMTP to the door, DKIM-signed for bakery.example when `sign`. */
function sendSmtp(from: string, to: string, text: string, sign: boolean) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: door.port,
    secure: false,
    ignoreTLS: true,
    ...(sign ? { dkim: { domainName: 'bakery.example', keySelector: SELECTOR, privateKey } } : {}),
  });
  return transport.sendMail({ from, to, subject: 'Re: Update on Bakery website', text });
}

async function clientMessages(projectId: string) {
  const list = await api.http.admin.communications.$get({ query: { projectId } }, bearer(staffToken));
  return (await list.json()).items.filter((m: { fromClient: boolean }) => m.fromClient);
}

describe('the SMTP door, strict', () => {
  it('answers 250 once a DKIM-aligned reply is posted, and staff see it live', async () => {
    const { email, projectId, to } = await replyAddress();
    await api.events.catchUp();
    const stream = await api.http.admin.stream.$get({}, bearer(staffToken));
    const blocks = sseBlocks(stream.body!);
    await blocks.next();
    await blocks.next();

    const info = await sendSmtp(email, to, 'Lovely, thank you!', true);
    expect(info.response).toMatch(/^250 /);
    // The 250 came after the commit: the message is there when the sender hears it was accepted.
    const [message] = await clientMessages(projectId);
    expect(message).toMatchObject({ message: 'Lovely, thank you!', via: 'email' });
    let event;
    do event = await blocks.next();
    while (event && event.event !== 'message');
    expect(event).toMatchObject({ event: 'message', data: { projectId, fromClient: true } });
    await blocks.cancel();
  });

  it('holds the same reply unsigned from an address its SPF refuses (DMARC fails)', async () => {
    const { email, projectId, to } = await replyAddress();
    const info = await sendSmtp(email, to, 'Unsigned reply', false);
    expect(info.response).toMatch(/^250 /);
    expect(await clientMessages(projectId)).toEqual([]);
    const held = await (await api.http.admin['held-emails'].$get({}, bearer(staffToken))).json();
    expect(held.items.find((h: { text: string }) => h.text === 'Unsigned reply')).toMatchObject({ reason: 'dmarc' });
  });

  it('refuses a recipient that is not a reply address with 550, storing nothing', async () => {
    await expect(sendSmtp('jane@bakery.example', 'hello@firststatewebstudio.com', 'Hi', true)).rejects.toMatchObject({
      responseCode: 550,
    });
  });
});
