/**
 * The password-reset email (the invitation's is in services/sign-in/invitations.ts), queued in the durable email queue
 * (`notification_emails`, docs/product.md#notifications) in the same transaction as the link's
 * token: the notification worker sends them, with retries, and a crash between the request and
 * the send loses nothing and sends nothing twice (the row's id is the Message-ID).
 */
import { renderPasswordReset } from './templates/account-links.tsx';
import { findMemberByEmail, findMemberById } from '../clients/members.ts';
import type { Database } from '../../db/database.ts';
import { queueEmail } from './queue.ts';
import { createPasswordResetToken, newResetToken, RESET_TTL_MS } from '../sign-in/password-resets.ts';

/** The page where a token from these emails sets a password; the token goes after `#`. */
const resetLink = (siteUrl: string, token: string) => new URL(`/portal/reset-password#token=${token}`, siteUrl).href;

/**
 * A password reset asked for `email` (docs/product.md#password-reset): when a member of an active
 * client has that email (one still invited gets a link that accepts the invitation), a 1-hour single-use token and its email are stored in one write. The email is
 * rendered before the write, so the write lock is held only for the two inserts. Resolves true
 * when an email was queued, false when no active client has the address (the caller answers the
 * same either way). DatabaseBusyError when the write is shed.
 */
export async function requestPasswordReset(db: Database, email: string, siteUrl: string): Promise<boolean> {
  const member = await findMemberByEmail(db.read, email);
  if (!member?.client.isActive || member.erasedAt) return false;
  const token = newResetToken();
  const rendered = await renderPasswordReset({ name: member.name, link: resetLink(siteUrl, token) });
  return db.write(async (tx) => {
    // Still there and active when the write runs.
    const current = await findMemberById(tx, member.id);
    if (!current?.client.isActive) return false;
    await createPasswordResetToken(tx, member.id, new Date(), RESET_TTL_MS, token);
    await queueEmail(tx, 'client', [member.email], rendered);
    return true;
  });
}
