/**
 * Sign-in links for clients (docs/product.md#sign-in-security; docs/decisions/0031-sign-in-methods.md):
 * in every client notification email, and from 'Email me a sign-in link'. A link works once, for
 * MAGIC_LINK_HOURS, and lands on the page it was made for: a `client-sign-in` token of the
 * single-use store (services/single-use-tokens.ts), subject the client member's id, payload
 * `{redirectPath}`; only the SHA-256 of its token is stored. The token travels after `#`
 * (/portal/sign-in#token=…), which browsers never send to a server, and that page answers with
 * `Referrer-Policy: no-referrer`.
 */
import { queueEmail } from '../email/queue.ts';
import { issueToken, newToken, spendToken } from '../single-use-tokens.ts';
import { renderSignInLink } from '../email/templates/sign-in.tsx';
import { markEmailConfirmed } from '../clients/clients.ts';
import { findMemberByEmail, findMemberById } from '../clients/members.ts';
import type { Database, Writer } from '../../db/database.ts';

/** The page that redeems a link; the token goes after `#`. */
export const signInLinkUrl = (siteUrl: string, token: string) =>
  new URL(`/portal/sign-in#token=${token}`, siteUrl).href;

/** Only paths of the portal are landed on; anything else lands on /portal. */
function safeRedirectPath(path: string | null | undefined): string {
  return path && /^\/portal(\/[\w\-/]*)?$/.test(path) ? path : '/portal';
}

/**
 * Stores a link for client member `memberId` landing on `redirectPath` (a portal path; anything else lands on
 * /portal), working `hours` hours from `now`; returns its token. `db` may be a transaction;
 * `options.token` is one made earlier with `newToken()` (for an email rendered first).
 */
export async function createClientSignInLink(
  db: Writer,
  memberId: string,
  redirectPath: string,
  hours: number,
  now = new Date(),
  options: { token?: string } = {},
): Promise<string> {
  const payload = { redirectPath: safeRedirectPath(redirectPath) };
  return issueToken(db, 'client-sign-in', memberId, hours * 3_600_000, payload, { now, ...options });
}

/**
 * Spends link `token`: `{memberId, redirectPath}` when it was unused, unexpired, its client
 * active and its member joined, else null (the caller answers 410). A spent link confirms the
 * client's email.
 */
export async function redeemClientSignInLink(db: Database, token: string, now = new Date()) {
  return db.write(async (tx) => {
    const link = await spendToken(tx, 'client-sign-in', token, now);
    if (!link) return null;
    const member = await findMemberById(tx, link.subject);
    if (!member?.client.isActive || !member.joinedAt || member.erasedAt) return null;
    // The link reached the member's inbox: that proves the address (docs/product.md#registration).
    await markEmailConfirmed(tx, member.clientId);
    return { memberId: member.id, redirectPath: link.payload.redirectPath };
  });
}

/**
 * 'Email me a sign-in link' for `email`: when a joined member of an active client has it, a link to /portal and its
 * email are stored in one write (rendered first). Resolves whether an email was queued; the
 * caller answers the same either way.
 */
export async function requestClientSignInLink(db: Database, email: string, siteUrl: string, hours: number) {
  const member = await findMemberByEmail(db.read, email);
  if (!member?.client.isActive || !member.joinedAt || member.erasedAt) return false;
  const token = newToken();
  const rendered = await renderSignInLink({ name: member.name, link: signInLinkUrl(siteUrl, token), hours });
  return db.write(async (tx) => {
    await createClientSignInLink(tx, member.id, '/portal', hours, new Date(), { token });
    await queueEmail(tx, 'client', [member.email], rendered);
    return true;
  });
}
