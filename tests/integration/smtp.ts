/**
 * A real SMTP server in the test process (the `smtp-server` package), so notification tests read
 * what an SMTP client actually delivered: envelope recipients and the parsed message (mailparser).
 * `refuse` makes it answer every message with a temporary failure (451), as a server that is
 * down for maintenance would. `hold` keeps each message unanswered after its data arrived (the
 * sender waits for the final reply) until `release()`; a message whose sender hung up meanwhile
 * is never accepted, as with a real server.
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
  const gone = new Set<string>();
  const server = new SMTPServer({
    onClose(session) {
      gone.add(session.id);
    },
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (state.hold) {
          for (const notify of holding.splice(0)) notify();
          await held;
          // The sender hung up before hearing the answer: the message was never accepted.
          if (gone.has(session.id)) return;
        }
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
    /** Answers the held messages (those whose sender is still connected) and stops holding. */
    release() {
      state.hold = false;
      releaseHeld();
    },
    /** Resolves when the next message's data has arrived and is being held. */
    nextHeld: () => new Promise<void>((resolve) => holding.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
