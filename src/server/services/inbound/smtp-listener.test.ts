import { connect, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import nodemailer from 'nodemailer';
import { generate } from 'selfsigned';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpListener, type InboundEnvelope, type SmtpListenerOptions } from './smtp-listener.ts';

const DOMAIN = 'replies.studio.example';
const TO = `reply+0123456789abcdef0123456789abcdef@${DOMAIN}`;

type Receive = SmtpListenerOptions['receive'];
let stop: (() => Promise<void>) | null = null;
/** The raw clients' sockets, destroyed after each test (a failed one may leave one open). */
const sockets = new Set<Socket>();
let tls: { key: string; cert: string } = { key: '', cert: '' };

beforeAll(async () => {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], { keyType: 'ec' });
  tls = { key: pems.private, cert: pems.cert };
});

afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await stop?.();
  stop = null;
});

/** Starts a listener on a free port of 127.0.0.1 (no reverse DNS); returns its port. */
async function start(options: Partial<SmtpListenerOptions> & { receive: Receive }): Promise<number> {
  const listener = await startSmtpListener({
    port: 0,
    host: '127.0.0.1',
    domain: DOMAIN,
    maxBytes: 64 * 1024,
    reverseLookup: false,
    ...options,
  });
  stop = () => listener.close();
  return listener.port;
}

/** A nodemailer transport to the listener (no STARTTLS unless `requireTLS`). */
function transport(port: number, requireTLS = false) {
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    name: 'mail.bakery.example',
    ...(requireTLS ? { requireTLS: true } : { ignoreTLS: true }),
    tls: { rejectUnauthorized: false },
  });
}

/** A bare SMTP client that returns each whole reply (multi-line ones joined with \n). */
async function rawClient(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  sockets.add(socket);
  const lines = createInterface({ input: socket, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const read = async (): Promise<string> => {
    const reply: string[] = [];
    for (;;) {
      const { value, done } = await lines.next();
      if (done) throw new Error(`connection closed after ${JSON.stringify(reply)}`);
      reply.push(value);
      if (!/^\d{3}-/.test(value)) return reply.join('\n');
    }
  };
  const greeting = await read();
  return {
    greeting,
    /** Sends `line` (CRLF added) and returns the reply. */
    send: (line: string) => {
      socket.write(`${line}\r\n`);
      return read();
    },
    quit: async () => {
      socket.end('QUIT\r\n');
      await closed;
    },
  };
}

type Client = Awaited<ReturnType<typeof rawClient>>;

/** EHLO, MAIL FROM, RCPT TO (TO) and DATA on `client`; returns the EHLO reply. */
async function openData(client: Client): Promise<string> {
  const ehlo = await client.send('EHLO mail.bakery.example');
  expect(await client.send('MAIL FROM:<bea@bakery.example>')).toMatch(/^250 /);
  expect(await client.send(`RCPT TO:<${TO}>`)).toMatch(/^250 /);
  expect(await client.send('DATA')).toMatch(/^354 /);
  return ehlo;
}

/** A promise and the function that resolves it. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('startSmtpListener', () => {
  it('passes the message and its envelope to receive, and answers 250 only once receive resolved', async () => {
    const events: string[] = [];
    const barrier = deferred();
    const receiveCalled = deferred();
    const received: Array<{ raw: Buffer; envelope: InboundEnvelope }> = [];
    const port = await start({
      receive: async (raw, envelope) => {
        received.push({ raw, envelope });
        events.push('receive called');
        receiveCalled.resolve();
        await barrier.promise;
        events.push('receive resolves');
        return { status: 'posted' };
      },
    });
    const sent = transport(port)
      .sendMail({
        envelope: { from: 'bea@bakery.example', to: [TO] },
        from: 'Bea <bea@bakery.example>',
        to: TO,
        subject: 'Re: Your new menu page',
        text: 'Looks great, thank you!',
      })
      .then((info) => {
        events.push('send resolved');
        return info;
      });
    await receiveCalled.promise;
    expect(events).toEqual(['receive called']);
    barrier.resolve();
    const info = await sent;

    expect(events).toEqual(['receive called', 'receive resolves', 'send resolved']);
    expect(info.response).toMatch(/^250 2\.6\.0 /);
    expect(received).toHaveLength(1);
    const [{ raw, envelope }] = received as [{ raw: Buffer; envelope: InboundEnvelope }];
    expect(envelope).toEqual({
      mailFrom: 'bea@bakery.example',
      rcptTo: [TO],
      remoteAddress: '127.0.0.1',
      clientHostname: '[127.0.0.1]',
      heloName: 'mail.bakery.example',
    });
    const text = raw.toString('utf8');
    expect(text).toContain('Subject: Re: Your new menu page\r\n');
    expect(text).toContain(`To: ${TO}\r\n`);
    expect(text).toContain('\r\n\r\nLooks great, thank you!');
  });

  it('writes no reply to DATA while receive is pending (checked after a round trip on a second connection)', async () => {
    const barrier = deferred();
    const receiveCalled = deferred();
    const port = await start({
      receive: async () => {
        receiveCalled.resolve();
        await barrier.promise;
        return { status: 'posted' };
      },
    });
    const client = await rawClient(port);
    await openData(client);
    let replied = false;
    const reply = client.send('Subject: hi\r\n\r\nHi\r\n.').then((line) => ((replied = true), line));
    await receiveCalled.promise;
    // Whatever the server wrote to the first connection before this round trip has been read by now.
    const probe = await rawClient(port);
    expect(await probe.send('NOOP')).toMatch(/^250 /);
    await new Promise((resolve) => setImmediate(resolve));
    expect(replied).toBe(false);
    barrier.resolve();
    expect(await reply).toMatch(/^250 2\.6\.0 /);
    await Promise.all([client.quit(), probe.quit()]);
  });

  it('accepts only reply+<token>@<domain> (without case) at RCPT TO: others get 550 5.1.1, extras 452 4.5.3', async () => {
    const receive = vi.fn<Receive>();
    const client = await rawClient(await start({ receive, maxRecipients: 2 }));
    expect(client.greeting).toMatch(new RegExp(`^220 ${DOMAIN} ESMTP$`));
    expect(await client.send('EHLO mail.bakery.example')).toMatch(/^250-/);
    expect(await client.send('MAIL FROM:<bea@bakery.example>')).toMatch(/^250 /);
    for (const address of [`reply+tok@other.example`, `tok@${DOMAIN}`, `hello@${DOMAIN}`, `reply+@${DOMAIN}`]) {
      expect(await client.send(`RCPT TO:<${address}>`)).toMatch(/^550 5\.1\.1 /);
    }
    expect(await client.send(`RCPT TO:<REPLY+Tok@${DOMAIN.toUpperCase()}>`)).toMatch(/^250 2\.1\.5 /);
    expect(await client.send(`RCPT TO:<reply+b@${DOMAIN}>`)).toMatch(/^250 /);
    expect(await client.send(`RCPT TO:<reply+c@${DOMAIN}>`)).toMatch(/^452 4\.5\.3 /);
    await client.quit();
    expect(receive).not.toHaveBeenCalled();
  });

  it('advertises SIZE, answers a message over maxBytes with 552 5.3.4 and never passes it on', async () => {
    const receive = vi.fn<Receive>();
    const client = await rawClient(await start({ receive, maxBytes: 1024 }));
    const ehlo = await openData(client);
    expect(ehlo).toMatch(/^250[- ]SIZE 1024$/m);
    expect(ehlo).not.toMatch(/AUTH/);
    const body = Array.from({ length: 40 }, () => 'x'.repeat(76)).join('\r\n');
    expect(await client.send(`Subject: big\r\n\r\n${body}\r\n.`)).toMatch(/^552 5\.3\.4 /);
    expect(receive).not.toHaveBeenCalled();
    // The session goes on: a message within the limit is still accepted.
    receive.mockResolvedValue({ status: 'posted' });
    await openData(client);
    expect(await client.send('Subject: small\r\n\r\nHi\r\n.')).toMatch(/^250 /);
    expect(receive).toHaveBeenCalledTimes(1);
    await client.quit();
  });

  it('answers 451 4.3.0 when receive rejects, and reports the error', async () => {
    const failure = new Error('database is locked');
    const onError = vi.fn();
    const client = await rawClient(await start({ receive: () => Promise.reject(failure), onError }));
    await openData(client);
    expect(await client.send('Subject: hi\r\n\r\nHi\r\n.')).toMatch(/^451 4\.3\.0 /);
    expect(onError).toHaveBeenCalledWith(failure);
    await client.quit();
  });

  it('does not offer STARTTLS (nor accept it) without a certificate', async () => {
    const client = await rawClient(await start({ receive: vi.fn<Receive>() }));
    const ehlo = await client.send('EHLO mail.bakery.example');
    expect(ehlo).toMatch(/^250-/);
    expect(ehlo).not.toMatch(/STARTTLS/);
    expect(await client.send('STARTTLS')).toMatch(/^5\d\d /);
    await client.quit();
  });

  it('offers STARTTLS with a certificate, and a message sent over it arrives', async () => {
    const receive = vi.fn<Receive>().mockResolvedValue({ status: 'posted' });
    const port = await start({ receive, tls });
    const client = await rawClient(port);
    expect(await client.send('EHLO mail.bakery.example')).toMatch(/^250[- ]STARTTLS$/m);
    await client.quit();
    const info = await transport(port, true).sendMail({
      from: 'bea@bakery.example',
      to: TO,
      subject: 'Over TLS',
      text: 'Encrypted hello',
    });
    expect(info.response).toMatch(/^250 /);
    expect(receive).toHaveBeenCalledTimes(1);
    const [raw, envelope] = receive.mock.calls[0]!;
    expect(raw.toString('utf8')).toContain('Subject: Over TLS');
    expect(envelope.rcptTo).toEqual([TO]);
  });
});
