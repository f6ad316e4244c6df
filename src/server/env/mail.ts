/**
 * The environment's settings of email (docs/product.md#settings, docs/product.md#notifications):
 * the SMTP server, who hears about leads and messages, the queue's timing, the sender, the
 * contact form's forwarding and the outbox folder.
 */
import { z } from 'zod';
import { optionalEmailList, optionalUrl } from './fields.ts';

export const mailEnv = {
  SMTP_URL: optionalUrl,
  /**
   * Who hears about new leads (docs/product.md#notification-routes): comma-separated emails;
   * unset, the team (TEAM_NOTIFY_TO, else ADMIN_EMAILS); set but empty, nobody.
   */
  LEADS_NOTIFY_TO: optionalEmailList,
  /**
   * Who hears about clients' messages (docs/product.md#notifications): comma-separated emails;
   * when unset, every address in ADMIN_EMAILS.
   */
  TEAM_NOTIFY_TO: z
    .string()
    .trim()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.email())),
  /**
   * Seconds a message waits before its email goes out; read by then, no email (docs/product.md#notifications).
   * Messages of one conversation within that window share one email.
   */
  NOTIFY_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Seconds a worker holds an email it is sending before another may take it again. */
  NOTIFY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  MAIL_FROM: z.string().trim().min(3).default('First State Web Studio <no-reply@firststatewebstudio.com>'),
  FORM_FORWARD_URL: optionalUrl,
  OUTBOX_DIR: z.string().trim().min(1).default('db/outbox'),
};
