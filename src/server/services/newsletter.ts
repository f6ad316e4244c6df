/** Newsletter sign-ups from the blog (docs/product.md#newsletter): one row per address, lower-cased. */
import { newsletterSubscribers } from '../../../db/schema/index.ts';
import type { Database } from './db.ts';

/** Stores `email` once; returns true when it was new, false when already subscribed. */
export async function subscribe(db: Database, email: string): Promise<boolean> {
  const rows = await db.write((tx) =>
    tx
      .insert(newsletterSubscribers)
      .values({ email: email.trim().toLowerCase(), createdAt: new Date() })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning({ id: newsletterSubscribers.id }),
  );
  return rows.length > 0;
}
