/**
 * Outgoing email through nodemailer. With `SMTP_URL` set, mail goes to that SMTP server;
 * without it, each message is written as an RFC 5322 `.eml` file under the outbox folder
 * (default db/outbox/) so that nothing is lost and a developer can read it.
 *
 * Each message carries an idempotency key (docs/decisions/0008-notification-queue.md): it is the
 * Message-ID's local part and the outbox file's name (`{id}.eml`). The outbox writes through a
 * temporary file and a rename, and a key whose file exists is not written again, so a message
 * is in the outbox once, whatever moment the process died at.
 */
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

interface OutgoingMail {
  /** The idempotency key: letters, digits and dashes (a UUID). */
  id: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  /** Extra header fields, e.g. List-Unsubscribe, Reply-To. */
  headers?: Record<string, string>;
  /** Files to attach, with the name the recipient sees and their media type. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /**
   * A calendar invitation (RFC 6047 iMIP): sent as a `text/calendar; method=…` alternative and
   * as `invite.ics`, so mail programs offer to add, update or remove the event.
   */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string };
}

export interface Mailer {
  /** Sends one message; rejects when the SMTP server refuses it or the file cannot be written. */
  send(mail: OutgoingMail): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
}

/** `<id@domain>`, the domain taken from the sender's address (MAIL_FROM). */
function messageId(id: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${id}@${domain}>`;
}

const SAFE_KEY = /^[A-Za-z0-9-]{1,100}$/;

/** A mailer over SMTP when `smtpUrl` is given, else one that writes `.eml` files to `outboxDir`. */
export function createMailer({ smtpUrl, from, outboxDir }: MailerOptions): Mailer {
  const message = (mail: OutgoingMail) => {
    if (!SAFE_KEY.test(mail.id)) throw new Error(`Unsafe message key: ${mail.id}`);
    return {
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
      attachments: mail.attachments,
      icalEvent: mail.calendar && {
        method: mail.calendar.method.toLowerCase(),
        filename: 'invite.ics',
        content: mail.calendar.content,
      },
      messageId: messageId(mail.id, from),
    };
  };
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail(message(mail));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, `${mail.id}.eml`);
      const exists = await access(file).then(
        () => true,
        () => false,
      );
      if (exists) return;
      const partial = `${file}.${process.pid}.${crypto.randomUUID()}.partial`;
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
    },
  };
}
