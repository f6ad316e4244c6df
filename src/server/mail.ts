/**
 * Outgoing email through nodemailer. With `SMTP_URL` set, mail goes to that SMTP server;
 * without it, each message is written as an RFC 5322 `.eml` file under the outbox folder
 * (default db/outbox/) so that nothing is lost and a developer can read it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

interface OutgoingMail {
  to: string[];
  subject: string;
  text: string;
  /** An HTML alternative to `text`; the message is then multipart/alternative. */
  html?: string;
  replyTo?: string;
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

/** A mailer over SMTP when `smtpUrl` is given, else one that writes `.eml` files to `outboxDir`. */
export function createMailer({ smtpUrl, from, outboxDir }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID()}.eml`;
      await writeFile(join(outboxDir, name), info.message as Buffer);
    },
  };
}
