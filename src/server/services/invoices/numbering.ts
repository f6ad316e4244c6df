/**
 * Invoice and credit-note numbers (docs/product.md#invoices): `INV-2026-0001`, `CN-2026-0001`,
 * each series counted from 1 every calendar year of the agency's time zone, with no gap and no
 * duplicate. The next number is taken in the issuing write itself by one upsert of
 * `invoice_number_series` (… returning `last`): writes are serialized (`BEGIN IMMEDIATE`), so two
 * invoices issued at once get consecutive numbers, and a write that fails rolls its number back
 * with it. The unique index on `invoices.number` is the last guard.
 */
import { sql } from 'drizzle-orm';
import { invoiceNumberSeries } from '../../../../db/schema/index.ts';
import { invoiceNumber, type InvoiceKind } from '../../../shared/invoices.ts';
import type { SqlDb } from '../../db/database.ts';

/** The next number of `kind` in `year`, taken in `tx`: `{number, year, sequence}`. */
export async function takeNumber(tx: SqlDb, kind: InvoiceKind, year: number) {
  const [row] = await tx
    .insert(invoiceNumberSeries)
    .values({ kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceNumberSeries.kind, invoiceNumberSeries.year],
      set: { last: sql`${invoiceNumberSeries.last} + 1` },
    })
    .returning({ last: invoiceNumberSeries.last });
  const sequence = row!.last;
  return { number: invoiceNumber(kind, year, sequence), year, sequence };
}
