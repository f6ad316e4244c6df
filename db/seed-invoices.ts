/**
 * The demo client's invoices (docs/product.md#invoices), for `npm run db:seed`: one paid by bank
 * transfer last month, and one open, due in 15 days. Issued through the invoice services (so they
 * are numbered like any other), quietly: nothing is emailed. Added once: a demo client that has
 * invoices gets nothing more.
 */
import { eq } from 'drizzle-orm';
import { invoices } from './schema/index.ts';
import type { Database } from '../src/server/db/database.ts';
import { findMemberByEmail } from '../src/server/services/clients/members.ts';
import { linesAndTotals } from '../src/server/services/invoices/invoice-rows.ts';
import { dayPlus, issueInTx, type IssueEnv } from '../src/server/services/invoices/issuing.ts';
import { applyPayment } from '../src/server/services/invoices/payments.ts';
import { todayIn } from '../src/server/services/proposals/validity.ts';

const SEED_ACTOR = { id: 'seed', username: 'Demo data', displayName: 'Demo data' };

/**
 * Adds the demo invoices to the client whose owner's email is `ownerEmail`; resolves the numbers
 * it issued, or an empty list when it added none.
 */
export async function seedDemoInvoices(db: Database, env: IssueEnv, ownerEmail: string) {
  const owner = await findMemberByEmail(db.read, ownerEmail);
  if (!owner) return [];
  const [already] = await db.read
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.clientId, owner.clientId))
    .limit(1);
  if (already) return [];
  return db.write(async (tx) => {
    const now = new Date();
    const today = todayIn(env.SITE_TIME_ZONE, now);
    const draft = async (
      items: { description: string; quantity: number; unitPriceCents: number }[],
      dueDate: string,
    ) => {
      const [row] = await tx
        .insert(invoices)
        .values({
          clientId: owner.clientId,
          ...linesAndTotals(items, env.TAX_RATE_BASIS_POINTS),
          dueDate,
          notes: 'Thank you for choosing First State Web Studio.',
          createdByName: 'Demo data',
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return issueInTx(tx, SEED_ACTOR, row!, env, now, { quiet: true });
    };
    const paid = await draft(
      [{ description: 'Website design: home, menu and about pages', quantity: 1, unitPriceCents: 50_000 }],
      dayPlus(today, 15),
    );
    await applyPayment(
      tx,
      SEED_ACTOR,
      paid,
      {
        amountCents: paid.totalCents,
        method: 'bank_transfer',
        receivedOn: today,
        reference: 'Transfer 4471',
        creditCents: 0,
        stripePaymentIntentId: null,
        stripeEventId: null,
        recordedByName: 'Demo data',
      },
      env,
      now,
      { quiet: true },
    );
    const open = await draft(
      [
        { description: 'Online ordering set-up', quantity: 1, unitPriceCents: 25_000 },
        { description: 'Menu photography (per photo)', quantity: 6, unitPriceCents: 2_500 },
      ],
      dayPlus(today, 15),
    );
    return [paid.number!, open.number!];
  });
}
