/**
 * A visitor beside the staff (docs/product.md#live-chat): the end-to-end `test` with `visitor`, a
 * page in a browser of its own (its own cookies, the cookie choice already made), and the staff's
 * presence set by hand, so a test decides whether anyone is online to answer.
 */
import type { Page } from '@playwright/test';
import { inArray } from 'drizzle-orm';
import { staffPresence, users } from '../../../db/schema/index.ts';
import { E2E_ADMIN_EMAILS } from '../../../scripts/e2e-env.mjs';
import { presetConsent, test as base } from '../fixtures.ts';
import { staffUser, type Database } from './data.ts';

/** The end-to-end `test`, with `visitor`: a page in a browser of its own, beside `staffPage`. */
export const test = base.extend<{ visitor: Page }>({
  visitor: async ({ browser }, use) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await presetConsent(page);
    await use(page);
    await context.close();
  },
});

/** Every staff member's presence: away (nobody can answer) or back. */
export async function setEveryoneAway(database: Database, away: boolean) {
  for (const email of E2E_ADMIN_EMAILS) await staffUser(database, email);
  const ids = (
    await database.read.select({ id: users.id }).from(users).where(inArray(users.username, E2E_ADMIN_EMAILS))
  ).map((u) => u.id);
  await database.write(async (tx) => {
    for (const userId of ids) {
      await tx
        .insert(staffPresence)
        .values({ userId, lastSeenAt: new Date(), away })
        .onConflictDoUpdate({ target: staffPresence.userId, set: { away, lastSeenAt: new Date() } });
    }
  });
}
