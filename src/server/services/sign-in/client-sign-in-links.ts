/**
 * Sign-in links for clients (docs/product.md#sign-in-security; docs/decisions/0031-sign-in-methods.md):
 * in every client notification email, and from 'Email me a sign-in link'. A link works once, for
 * MAGIC_LINK_HOURS, and lands on the page it was made for; only the SHA-256 of its token is
 * stored. The token travels after `#` (/portal/sign-in#token=…), which browsers never send to a
 * server, and that page answers with `Referrer-Policy: no-referrer`.
 */
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { queueEmail } from '../email/queue.ts';
import { clientSignInLinks, clients } from '../../../../db/schema/index.ts';
import { hashSecretHex, randomToken } from './tokens.ts';
import { renderSignInLink } from '../email/templates/sign-in.tsx';
import { findClientByEmail, markEmailConfirmed } from '../clients/clients.ts';
import { writeIn, type Database, type Writer } from '../../db/database.ts';

/** The page that redeems a link; the token goes after `#`. */
export const signInLinkUrl = (siteUrl: string, token: string) =>
  new URL(`/portal/sign-in#token=${token}`, siteUrl).href;

/** Only paths of the portal are landed on; anything else lands on /portal. */
function safeRedirectPath(path: string | null | undefined): string {
  return path && /^\/portal(\/[\w\-/]*)?$/.test(path) ? path : '/portal';
}

/** Stores a link for `clientId` landing on `redirectPath`, working `hours`; returns its token. */
export async function createClientSignInLink(
  db: Writer,
  clientId: string,
  redirectPath: string,
  hours: number,
  now = new Date(),
): Promise<string> {
  const token = `${randomToken()}${randomToken()}`;
  await writeIn(db, (tx) =>
    tx.insert(clientSignInLinks).values({
      clientId,
      tokenHash: hashSecretHex(token),
      redirectPath: safeRedirectPath(redirectPath),
      expiresAt: new Date(now.getTime() + hours * 3_600_000),
      createdAt: now,
    }),
  );
  return token;
}

/**
 * Spends link `token`: `{clientId, redirectPath}` when it was unused, unexpired and its client
 * active, else null (the caller answers 410). A spent link confirms the client's email.
 */
export async function redeemClientSignInLink(db: Database, token: string, now = new Date()) {
  return db.write(async (tx) => {
    const [link] = await tx
      .update(clientSignInLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(clientSignInLinks.tokenHash, hashSecretHex(token)),
          isNull(clientSignInLinks.usedAt),
          gt(clientSignInLinks.expiresAt, now),
        ),
      )
      .returning();
    if (!link) return null;
    const [client] = await tx.select({ isActive: clients.isActive }).from(clients).where(eq(clients.id, link.clientId));
    if (!client?.isActive) return null;
    // The link reached the client's inbox: that proves the address (docs/product.md#registration).
    await markEmailConfirmed(tx, link.clientId);
    return { clientId: link.clientId, redirectPath: link.redirectPath };
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
  const token = `${randomToken()}${randomToken()}`;
  const rendered = await renderSignInLink({ name: client.name, link: signInLinkUrl(siteUrl, token), hours });
  return db.write(async (tx) => {
    const now = new Date();
    await tx.insert(clientSignInLinks).values({
      clientId: client.id,
      tokenHash: hashSecretHex(token),
      redirectPath: '/portal',
      expiresAt: new Date(now.getTime() + hours * 3_600_000),
      createdAt: now,
    });
    await queueEmail(tx, 'client', [client.email], rendered);
    return true;
  });
}

/** Deletes links that expired at or before `now`; returns how many went. */
export async function deleteExpiredClientSignInLinks(db: Database, now = new Date()): Promise<number> {
  const rows = await db.write((tx) =>
    tx.delete(clientSignInLinks).where(lte(clientSignInLinks.expiresAt, now)).returning({ id: clientSignInLinks.id }),
  );
  return rows.length;
}
