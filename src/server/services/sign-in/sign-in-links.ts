/**
 * One-time sign-in links for staff (`npm run admin:link`, or emailed from the sign-in screen;
 * docs/product.md#admin-sign-in): valid 15 minutes, usable once, stored only as the SHA-256 of
 * their token.
 */
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { adminSignInLinks } from '../../../../db/schema/index.ts';
import { hashSecretHex, randomToken } from './tokens.ts';
import { renderStaffSignInLink } from '../email/templates/sign-in.tsx';
import { queueEmail } from '../email/queue.ts';
import type { Database } from '../../db/database.ts';
import { staffEmailAllowed } from '../staff-users.ts';

/** How long a printed sign-in link works, in milliseconds: 15 minutes. */
const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;

/** Creates a link token for `email` and returns it (the database keeps only its hash). */
export async function createSignInLink(db: Database, email: string, now = new Date()): Promise<string> {
  const token = `${randomToken()}${randomToken()}`;
  await db.write((tx) =>
    tx.insert(adminSignInLinks).values({
      email: email.trim().toLowerCase(),
      tokenHash: hashSecretHex(token),
      expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS),
      createdAt: now,
    }),
  );
  return token;
}

/** Spends a link token; returns its email when it was unused and unexpired, else null. */
export async function useSignInLink(db: Database, token: string, now = new Date()): Promise<string | null> {
  const [row] = await db.write((tx) =>
    tx
      .update(adminSignInLinks)
      .set({ usedAt: now })
      .where(
        and(
          eq(adminSignInLinks.tokenHash, hashSecretHex(token)),
          isNull(adminSignInLinks.usedAt),
          gt(adminSignInLinks.expiresAt, now),
        ),
      )
      .returning({ email: adminSignInLinks.email }),
  );
  return row?.email ?? null;
}

/** Deletes links that expired at or before `now` (used or not); returns how many went. */
export async function deleteExpiredSignInLinks(db: Database, now = new Date()): Promise<number> {
  const rows = await db.write((tx) =>
    tx.delete(adminSignInLinks).where(lte(adminSignInLinks.expiresAt, now)).returning({ id: adminSignInLinks.id }),
  );
  return rows.length;
}

/**
 * 'Email me a sign-in link' on the staff sign-in screen: when `email` may use the dashboard, a
 * 15-minute link (to /admin/login#link=…) and its email are stored in one write. Resolves whether
 * one was sent; the caller answers the same either way.
 */
export async function emailStaffSignInLink(
  db: Database,
  env: { ADMIN_EMAILS: readonly string[]; SITE_URL: string },
  email: string,
): Promise<boolean> {
  const address = email.trim().toLowerCase();
  if (!(await staffEmailAllowed(db, env.ADMIN_EMAILS, address))) return false;
  const token = `${randomToken()}${randomToken()}`;
  const link = new URL(`/admin/login#link=${token}`, env.SITE_URL).href;
  const rendered = await renderStaffSignInLink({ name: address, link });
  await db.write(async (tx) => {
    const now = new Date();
    await tx.insert(adminSignInLinks).values({
      email: address,
      tokenHash: hashSecretHex(token),
      expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS),
      createdAt: now,
    });
    await queueEmail(tx, 'team', [address], rendered);
  });
  return true;
}
