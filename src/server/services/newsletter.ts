/** Newsletter sign-ups from the blog (issue 2): one row per address, lower-cased. */
import { newsletterSubscribers } from '../../../db/schema/index.ts';
import type { Database } from './db.ts';

/** Stores `email` once; returns true when it was new, false when already subscribed. */
export async function subscribe(db: Database, email: string): Promise<boolean> {
  const rows = await db
    .insert(newsletterSubscribers)
    .values({ email: email.trim().toLowerCase(), createdAt: new Date() })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}
