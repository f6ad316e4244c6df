/**
 * One-time sign-in links for staff (`npm run admin:link`, or emailed from the sign-in screen;
 * docs/product.md#admin-sign-in): valid 15 minutes, usable once. Each is a `staff-sign-in` token
 * of the single-use store (services/single-use-tokens.ts) whose subject is the email, lower-cased.
 */
import { issueToken, newToken, spendToken } from '../single-use-tokens.ts';
import { renderStaffSignInLink } from '../email/templates/sign-in.tsx';
import { queueEmail } from '../email/queue.ts';
import type { Database } from '../../db/database.ts';
import { staffEmailAllowed } from '../staff-users.ts';

/** How long a printed sign-in link works, in milliseconds: 15 minutes. */
const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;

/** Creates a link token for `email`, made at `now`, and returns it (the database keeps only its hash). */
export async function createSignInLink(db: Database, email: string, now = new Date()): Promise<string> {
  return issueToken(db, 'staff-sign-in', email.trim().toLowerCase(), SIGN_IN_LINK_TTL_MS, null, { now });
}

/** Spends a link token at `now`; returns its email when it was unused and unexpired, else null. */
export async function useSignInLink(db: Database, token: string, now = new Date()): Promise<string | null> {
  return (await spendToken(db, 'staff-sign-in', token, now))?.subject ?? null;
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
  const token = newToken();
  const link = new URL(`/admin/login#link=${token}`, env.SITE_URL).href;
  const rendered = await renderStaffSignInLink({ name: address, link });
  await db.write(async (tx) => {
    await issueToken(tx, 'staff-sign-in', address, SIGN_IN_LINK_TTL_MS, null, { token });
    await queueEmail(tx, 'team', [address], rendered);
  });
  return true;
}
