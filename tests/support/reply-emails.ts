/**
 * Raw emails for the email-reply tests (docs/product.md#email-replies), composed with nodemailer's
 * MailComposer as a mail client would send them, and the reply address read back from an email the
 * product wrote to its outbox.
 */
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';

/** What a test reply says; everything but `from` and `to` has a default. */
export interface ReplyInput {
  from: string;
  to: string;
  subject?: string;
  text?: string;
  html?: string;
  messageId?: string;
  headers?: Record<string, string>;
  attachments?: Mail.Attachment[];
}

let sequence = 0;

/** The RFC 5322 bytes of a reply. */
export function replyEmail(input: ReplyInput): Promise<Buffer> {
  const composer = new MailComposer({
    from: input.from,
    to: input.to,
    subject: input.subject ?? 'Re: Update on Bakery website',
    text:
      input.text ??
      'Thanks, that looks great!\n\nOn Tue, Dec 1, 2026 at 9:00 AM Studio <no-reply@example.com> wrote:\n> The homepage is ready.',
    ...(input.html ? { html: input.html } : {}),
    messageId: input.messageId ?? `<reply-${++sequence}-${Date.now()}@mail.example>`,
    headers: input.headers ?? {},
    attachments: input.attachments ?? [],
  });
  return composer.compile().build();
}

/** The `Reply-To` of a raw email from the outbox (unfolded), or null. */
export function replyToOf(eml: string): string | null {
  const unfolded = eml.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return /^Reply-To:\s*(.+)$/im.exec(unfolded)?.[1]?.trim() ?? null;
}
