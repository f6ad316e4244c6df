/**
 * Staff accounts (SPEC.md 3.1 users) and one-time sign-in links (issue 4: `npm run admin:link`,
 * 15 minutes, single use, stored only as a hash).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import { adminSignInLinks, users } from '../../../db/schema/index.ts';
import { hashSecretHex, randomToken } from '../auth/tokens.ts';
import type { Database } from '../db.ts';

/** How long a printed sign-in link works, in milliseconds: 15 minutes. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;

/** The user for `email` (its username), created on first sign-in; lastSignInAt set to now. */
export async function upsertAdminUser(db: Database, email: string, now = new Date()) {
  const username = email.trim().toLowerCase();
  const [row] = await db
    .insert(users)
    .values({ username, createdAt: now, lastSignInAt: now })
    .onConflictDoUpdate({ target: users.username, set: { lastSignInAt: now } })
    .returning();
  if (!row) throw new Error('Upsert returned no row');
  return row;
}

/** Creates a sign-in link token for `email` and returns it (stored only as a hash). */
export async function createSignInLink(db: Database, email: string, now = new Date()): Promise<string> {
  const token = `${randomToken()}${randomToken()}`;
  await db.insert(adminSignInLinks).values({
    email: email.trim().toLowerCase(),
    tokenHash: hashSecretHex(token),
    expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS),
    createdAt: now,
  });
  return token;
}

/** Spends a link token; returns its email when it was unused and unexpired, else null. */
export async function useSignInLink(db: Database, token: string, now = new Date()): Promise<string | null> {
  const [row] = await db
    .update(adminSignInLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(adminSignInLinks.tokenHash, hashSecretHex(token)),
        isNull(adminSignInLinks.usedAt),
        gt(adminSignInLinks.expiresAt, now),
      ),
    )
    .returning({ email: adminSignInLinks.email });
  return row?.email ?? null;
}
