/**
 * Sign-in links for clients (docs/product.md#sign-in-security; docs/decisions/0031-sign-in-methods.md):
 * in every client notification email, and from 'Email me a sign-in link'. A link works once, for
 * MAGIC_LINK_HOURS, and lands on the page it was made for: a `client-sign-in` token of the
 * single-use store (services/single-use-tokens.ts), subject the client's id, payload
 * `{redirectPath}`; only the SHA-256 of its token is stored. The token travels after `#`
 * (/portal/sign-in#token=…), which browsers never send to a server, and that page answers with
 * `Referrer-Policy: no-referrer`.
 */
import { eq } from 'drizzle-orm';
import { queueEmail } from '../email/queue.ts';
import { clients } from '../../../../db/schema/index.ts';
import { issueToken, newToken, spendToken } from '../single-use-tokens.ts';
import { renderSignInLink } from '../email/templates/sign-in.tsx';
import { findClientByEmail, markEmailConfirmed } from '../clients/clients.ts';
import type { Database, Writer } from '../../db/database.ts';

/** The page that redeems a link; the token goes after `#`. */
export const signInLinkUrl = (siteUrl: string, token: string) =>
  new URL(`/portal/sign-in#token=${token}`, siteUrl).href;

/** Only paths of the portal are landed on; anything else lands on /portal. */
function safeRedirectPath(path: string | null | undefined): string {
  return path && /^\/portal(\/[\w\-/]*)?$/.test(path) ? path : '/portal';
}

/**
 * Stores a link for `clientId` landing on `redirectPath` (a portal path; anything else lands on
 * /portal), working `hours` hours from `now`; returns its token. `db` may be a transaction;
 * `options.token` is one made earlier with `newToken()` (for an email rendered first).
 */
export async function createClientSignInLink(
  db: Writer,
  clientId: string,
  redirectPath: string,
  hours: number,
  now = new Date(),
  options: { token?: string } = {},
): Promise<string> {
  const payload = { redirectPath: safeRedirectPath(redirectPath) };
  return issueToken(db, 'client-sign-in', clientId, hours * 3_600_000, payload, { now, ...options });
}

/**
 * Spends link `token`: `{clientId, redirectPath}` when it was unused, unexpired and its client
 * active, else null (the caller answers 410). A spent link confirms the client's email.
 */
export async function redeemClientSignInLink(db: Database, token: string, now = new Date()) {
  return db.write(async (tx) => {
    const link = await spendToken(tx, 'client-sign-in', token, now);
    if (!link) return null;
    const clientId = link.subject;
    const [client] = await tx.select({ isActive: clients.isActive }).from(clients).where(eq(clients.id, clientId));
    if (!client?.isActive) return null;
    // The link reached the client's inbox: that proves the address (docs/product.md#registration).
    await markEmailConfirmed(tx, clientId);
    return { clientId, redirectPath: link.payload.redirectPath };
  });
}

/**
 * 'Email me a sign-in link' for `email`: when an active client has it, a link to /portal and its
 * email are stored in one write (rendered first). Resolves whether an email was queued; the
 * caller answers the same either way.
 */
export async function requestClientSignInLink(db: Database, email: string, siteUrl: string, hours: number) {
  const client = await findClientByEmail(db, email);
  if (!client?.isActive) return false;
  const token = newToken();
  const rendered = await renderSignInLink({ name: client.name, link: signInLinkUrl(siteUrl, token), hours });
  return db.write(async (tx) => {
    await createClientSignInLink(tx, client.id, '/portal', hours, new Date(), { token });
    await queueEmail(tx, 'client', [client.email], rendered);
    return true;
  });
}
