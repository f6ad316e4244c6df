/**
 * Who is emailed about an invoice (docs/product.md#invoices): its client's `owner` and `billing`
 * members who have not been erased (the people who may sign a proposal are the people who pay). A
 * member who has joined gets a sign-in link (MAGIC_LINK_HOURS) that lands on the invoice; one still
 * invited gets an invitation that lands there too. Each email is queued in the caller's
 * transaction, through the durable email queue, so it goes out only if that write commits.
 */
import { sql } from 'drizzle-orm';
import { reminderDays } from '../../../../db/schema/index.ts';
import type { SqlDb } from '../../db/database.ts';
import type { Env } from '../../env/index.ts';
import type { RenderedEmail } from '../email/templates/types.ts';
import { queueEmail } from '../email/queue.ts';
import { signersOf } from '../proposals/recipients.ts';
import { createClientSignInLink, signInLinkUrl } from '../sign-in/client-sign-in-links.ts';
import { createInvitationLink } from '../sign-in/invitations.ts';
import { INVITATION_TTL_MS } from '../sign-in/password-resets.ts';
import { newToken } from '../single-use-tokens.ts';

/** The settings the billing emails read. */
export type BillingEmailEnv = Pick<Env, 'SITE_URL' | 'MAGIC_LINK_HOURS' | 'SITE_TIME_ZONE'>;

/** One person an email is for, and the link it carries. */
export interface BillingRecipient {
  name: string;
  email: string;
  link: string;
  invitation: boolean;
}

/**
 * Queues, in `tx`, the email `render` makes for each paying member of client `clientId`, its link
 * landing on `landing` (a path). With `oncePerDay` ('YYYY-MM-DD'), a person who already had a
 * reminder that day is skipped (docs/product.md#invoices: never two a day to one person). Returns
 * how many were queued (0 when nobody on the team pays).
 */
export async function queueBillingEmails(
  tx: SqlDb,
  clientId: string,
  landing: string,
  render: (recipient: BillingRecipient) => Promise<RenderedEmail>,
  env: BillingEmailEnv,
  now: Date,
  oncePerDay?: string,
): Promise<number> {
  let queued = 0;
  for (const member of await signersOf(tx, clientId)) {
    if (oncePerDay) {
      const [first] = await tx
        .insert(reminderDays)
        .values({ email: member.email, day: oncePerDay })
        .onConflictDoNothing()
        .returning({ day: reminderDays.day });
      if (!first) continue;
    }
    let link: string;
    if (member.joinedAt) {
      const token = newToken();
      await createClientSignInLink(tx, member.id, landing, env.MAGIC_LINK_HOURS, now, { token });
      link = signInLinkUrl(env.SITE_URL, token);
    } else {
      link = await createInvitationLink(tx, member.id, env.SITE_URL, now, INVITATION_TTL_MS, landing);
    }
    const rendered = await render({ name: member.name, email: member.email, link, invitation: !member.joinedAt });
    await queueEmail(tx, 'client', [member.email], rendered);
    queued++;
  }
  return queued;
}

/** Forgets the once-a-day marks older than `before` ('YYYY-MM-DD'), in `tx`. */
export async function forgetReminderDays(tx: SqlDb, before: string): Promise<void> {
  await tx.delete(reminderDays).where(sql`${reminderDays.day} < ${before}`);
}
