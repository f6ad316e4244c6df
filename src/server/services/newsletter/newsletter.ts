/**
 * Newsletter sign-ups from the blog (docs/product.md#newsletter): one row per address, lower-cased,
 * each with its consent record; unsubscribing deletes the address and records the withdrawal
 * (docs/product.md#privacy: withdrawing is as easy as giving).
 */
import { eq } from 'drizzle-orm';
import { newsletterSubscribers } from '../../../../db/schema/index.ts';
import { recordConsent } from '../privacy/consent.ts';
import type { Database } from '../../db/database.ts';

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

/**
 * Deletes `email` from the newsletter and appends the withdrawal to the subscriber's consent
 * records (which keep only the subscriber's id, no address), in one write. Returns true when it was
 * subscribed, false when not (the caller answers the same either way).
 */
export async function unsubscribe(db: Database, email: string): Promise<boolean> {
  return db.write(async (tx) => {
    const [row] = await tx
      .delete(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email.trim().toLowerCase()))
      .returning({ id: newsletterSubscribers.id });
    if (!row) return false;
    await recordConsent(
      tx,
      { kind: 'subscriber', id: row.id },
      { purpose: 'newsletter', granted: false, method: 'form' },
    );
    return true;
  });
}
