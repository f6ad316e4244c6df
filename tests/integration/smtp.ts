/**
 * A real SMTP server in the test process (the `smtp-server` package), so notification tests read
 * what an SMTP client actually delivered: envelope recipients and the parsed message (mailparser).
 * `refuse` makes it answer every message with a temporary failure (451), as a server that is
 * down for maintenance would. `hold` leaves each sender waiting for the answer to its recipient
 * (RCPT TO), in the middle of the SMTP conversation, until `release()`; a sender that hangs up
 * meanwhile never transfers its message.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  rcpt: string[];
  parsed: ParsedMail;
  /** The message as sent, headers and body. */
  raw: string;
}

export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const state = { refuse: false, hold: false };
  let releaseHeld: () => void = () => {};
  let held = Promise.resolve();
  const holding: ((value: void) => void)[] = [];
  const server = new SMTPServer({
    onRcptTo(_address, _session, callback) {
      if (!state.hold) return callback();
      for (const notify of holding.splice(0)) notify();
      void held.then(() => callback());
    },
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.refuse) {
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            received.push({ rcpt: session.envelope.rcptTo.map((r) => r.address), parsed, raw });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  // A sender killed in the middle of a conversation resets its connection: expected here.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** While true, every message is refused with 451. */
    set refuse(value: boolean) {
      state.refuse = value;
    },
    /** From now on, holds each message's final answer until `release()`. */
    hold() {
      state.hold = true;
      held = new Promise<void>((resolve) => (releaseHeld = resolve));
    },
    /** Answers the held senders (those still connected go on) and stops holding. */
    release() {
      state.hold = false;
      releaseHeld();
    },
    /** Resolves when the next sender is being held. */
    nextHeld: () => new Promise<void>((resolve) => holding.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
