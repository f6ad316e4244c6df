/** Newsletter sign-ups from the blog (docs/product.md#newsletter): one row per address, lower-cased. */
import { newsletterSubscribers } from '../../../db/schema/index.ts';
import { recordConsent } from './consent.ts';
import type { Database } from './db.ts';

/** Stores `email` once, with its consent record; returns true when it was new, false when already subscribed. */
export async function subscribe(db: Database, email: string): Promise<boolean> {
  return db.write(async (tx) => {
    const rows = await tx
      .insert(newsletterSubscribers)
      .values({ email: email.trim().toLowerCase(), createdAt: new Date() })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning({ id: newsletterSubscribers.id });
    const [row] = rows;
    // The sign-up form's words are what the subscriber agreed to (docs/product.md#privacy).
    if (row) {
      await recordConsent(
        tx,
        { kind: 'subscriber', id: row.id },
        { purpose: 'newsletter', granted: true, method: 'form' },
      );
    }
    return rows.length > 0;
  });
}
