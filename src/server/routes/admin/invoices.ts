/**
 * Invoices, payments and plans for staff under /api/admin (docs/product.md#invoices,
 * docs/product.md#payments), behind the dashboard's guard:
 *
 * - GET /invoices → `{items, nextCursor, total}` (docs/product.md#lists: `q`, `status` with
 *   `overdue`, `kind`, `clientId`, `sort`, `limit`, `cursor`); `format=csv` every matching invoice
 *   as CSV, `format=payments-csv` their payments. GET /invoices/:id → one with its payments.
 * - POST /invoices {clientId, projectId?, items, dueDate?, notes?} → 201 {id, status: "draft"};
 *   PUT /invoices/:id (the same body) → 200; DELETE /invoices/:id → 204; both 409 once issued.
 * - POST /invoices/:id/issue → 200 {id, number, status: "open", totalCents};
 *   /void {reason?} → 200 {invoice, creditNote}; /payments {amountCents, method, receivedOn,
 *   reference?, asCredit?} → 201 {payment, invoice}; GET /invoices/:id/pdf → the PDF.
 * - GET /finance/summary (with the tax rate in force, `taxBasisPoints`); GET /clients/:id/balance → {balanceCents, overdueCents, creditCents};
 *   POST /subscriptions/:id/confirm-cancel → 200 the plan.
 */
import { Hono } from 'hono';
import { invoiceBodySchema, paymentBodySchema, voidInvoiceSchema } from '../../../shared/schemas/invoices.ts';
import { invoiceListQuery } from '../../../shared/schemas/lists.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { clientBalance, financeSummary } from '../../services/invoices/finance.ts';
import { invoiceFileName, invoicePdfOf } from '../../services/invoices/invoice-files.ts';
import { invoicesCsv, listInvoices, paymentsCsv } from '../../services/invoices/invoice-list.ts';
import { invoiceRow } from '../../services/invoices/invoice-rows.ts';
import { createInvoice, deleteInvoice, getInvoice, updateInvoice } from '../../services/invoices/invoices.ts';
import { issueInvoice, voidInvoice } from '../../services/invoices/issuing.ts';
import { recordPayment } from '../../services/invoices/payments.ts';
import { confirmCancellation } from '../../services/invoices/plans.ts';
import { stripeOf } from '../../services/invoices/stripe.ts';
import { pdfResponse } from '../../pdf-response.ts';
import { validate } from '../../validation.ts';
import { idParam } from './params.ts';

export function staffInvoiceRoutes({ db, env }: AppDeps) {
  const zone = env.SITE_TIME_ZONE;
  const settings = { taxBasisPoints: env.TAX_RATE_BASIS_POINTS, timeZone: zone };
  return new Hono<SessionEnv<'staff'>>()
    .get('/invoices', validate('query', invoiceListQuery), async (c) => {
      const query = c.req.valid('query');
      if (query.format === 'csv' || query.format === 'payments-csv') {
        const [csv, name] =
          query.format === 'csv'
            ? [await invoicesCsv(db, query, zone), 'invoices']
            : [await paymentsCsv(db, query, zone), 'payments'];
        c.header('Content-Type', 'text/csv; charset=utf-8');
        c.header('Content-Disposition', `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`);
        return c.body(csv);
      }
      return c.json(await listInvoices(db, query, zone));
    })
    .post('/invoices', validate('json', invoiceBodySchema), async (c) =>
      c.json(await createInvoice(db, c.var.user, c.req.valid('json'), settings), 201),
    )
    .get('/invoices/:id', validate('param', idParam), async (c) =>
      c.json({
        ...(await getInvoice(db, c.req.valid('param').id, zone)),
        stripeEnabled: stripeOf(env) !== null,
        paymentInstructions: env.PAYMENT_INSTRUCTIONS,
      }),
    )
    .put('/invoices/:id', validate('param', idParam), validate('json', invoiceBodySchema), async (c) =>
      c.json(await updateInvoice(db, c.var.user, c.req.valid('param').id, c.req.valid('json'), settings)),
    )
    .delete('/invoices/:id', validate('param', idParam), async (c) => {
      await deleteInvoice(db, c.var.user, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .post('/invoices/:id/issue', validate('param', idParam), async (c) =>
      c.json(await issueInvoice(db, c.var.user, c.req.valid('param').id, env)),
    )
    .post('/invoices/:id/void', validate('param', idParam), validate('json', voidInvoiceSchema), async (c) =>
      c.json(await voidInvoice(db, c.var.user, c.req.valid('param').id, c.req.valid('json').reason, env)),
    )
    .post('/invoices/:id/payments', validate('param', idParam), validate('json', paymentBodySchema), async (c) =>
      c.json(await recordPayment(db, c.var.user, c.req.valid('param').id, c.req.valid('json'), env), 201),
    )
    .get('/invoices/:id/pdf', validate('param', idParam), async (c) => {
      const row = await invoiceRow(db.read, c.req.valid('param').id);
      return pdfResponse(c, await invoicePdfOf(db.read, row, env), invoiceFileName(row));
    })
    .get('/finance/summary', async (c) =>
      c.json({ ...(await financeSummary(db, zone)), taxBasisPoints: env.TAX_RATE_BASIS_POINTS }),
    )
    .get('/clients/:id/balance', validate('param', idParam), async (c) =>
      c.json(await clientBalance(db, c.req.valid('param').id, zone)),
    )
    .post('/subscriptions/:id/confirm-cancel', validate('param', idParam), async (c) =>
      c.json(await confirmCancellation(db, c.var.user, c.req.valid('param').id, env)),
    );
}
