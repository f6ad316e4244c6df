/**
 * A client's invoices (docs/product.md#invoices), for its `owner` and `billing` members (the
 * routes check the role): the issued invoices and credit notes, newest first, the balance due,
 * the plan, and one invoice with its payments. A draft, or another client's invoice, is not found.
 */
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { invoices, payments } from '../../../../db/schema/index.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import type { Env } from '../../env/index.ts';
import { NotFoundError } from '../../errors.ts';
import { todayIn } from '../proposals/validity.ts';
import { balanceOf, clientInvoiceJson, paymentJson, type InvoiceRow } from './invoice-json.ts';
import { clientPlan } from './plans.ts';
import { stripeOf } from './stripe.ts';

/** The settings a client's invoices read. */
export type ClientInvoiceEnv = Pick<
  Env,
  'SITE_TIME_ZONE' | 'PAYMENT_INSTRUCTIONS' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE'
>;

/** How a client pays: online when Stripe is set, and the instructions in any case. */
const payment = (env: ClientInvoiceEnv) => ({
  stripeEnabled: stripeOf(env) !== null,
  paymentInstructions: env.PAYMENT_INSTRUCTIONS,
});

/** Issued invoice `id` of client `clientId`, read with `db`, or NotFoundError. */
export async function visibleInvoice(db: SqlDb, clientId: string, id: string): Promise<InvoiceRow> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.clientId, clientId), ne(invoices.status, 'draft')));
  if (!row) throw new NotFoundError('Invoice');
  return row;
}

/** `{items, balanceCents, stripeEnabled, paymentInstructions, plan}` for client `clientId`. */
export async function clientInvoices(db: Database, clientId: string, env: ClientInvoiceEnv) {
  const rows = await db.read
    .select()
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), ne(invoices.status, 'draft')))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id));
  const today = todayIn(env.SITE_TIME_ZONE);
  return {
    items: rows.map((row) => clientInvoiceJson(row, today)),
    balanceCents: rows.reduce((sum, row) => sum + balanceOf(row), 0),
    ...payment(env),
    plan: await clientPlan(db.read, clientId),
  };
}

/** Invoice `id` of client `clientId` with its payments and how to pay. NotFoundError. */
export async function clientInvoice(db: Database, clientId: string, id: string, env: ClientInvoiceEnv) {
  const row = await visibleInvoice(db.read, clientId, id);
  const paid = await db.read
    .select()
    .from(payments)
    .where(eq(payments.invoiceId, id))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return { ...clientInvoiceJson(row, todayIn(env.SITE_TIME_ZONE)), payments: paid.map(paymentJson), ...payment(env) };
}
