/**
 * A client's invoices and plan (docs/product.md#invoices, docs/product.md#payments), behind the
 * portal's guard, for `owner` and `billing` members only (403 `forbidden_role` for a `member`):
 *
 * - GET /api/client/invoices → {items, balanceCents, stripeEnabled, paymentInstructions, plan};
 *   GET /api/client/invoices/:id → one with its payments (404 for a draft or another client's);
 *   GET /api/client/invoices/:id/pdf → the PDF.
 * - POST /api/client/invoices/:id/checkout → 200 {url} (Stripe Checkout for the balance); 409
 *   when paid or void; 404 without Stripe; 503 when Stripe cannot be reached (nothing recorded).
 * - POST /api/client/plan/cancel {reason?} → 200 {plan}: the request staff confirm;
 *   POST /api/client/plan/update-card → 200 {url} (Stripe's billing portal); 404 without Stripe.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { cancelPlanSchema } from '../../../shared/schemas/invoices.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { billingRoles } from '../../middleware/client-roles.ts';
import { notificationRoutes } from '../../services/email/notification-routes.ts';
import { invoiceCheckout } from '../../services/invoices/checkout.ts';
import { clientInvoice, clientInvoices, visibleInvoice } from '../../services/invoices/client-invoices.ts';
import { invoiceFileName, invoicePdfOf } from '../../services/invoices/invoice-files.ts';
import { requestCancellation, updateCardSession } from '../../services/invoices/plans.ts';
import { pdfResponse } from '../../pdf-response.ts';
import { validate } from '../../validation.ts';

const invoiceParam = z.object({ id: z.string().min(1).max(100) });

export function clientInvoiceRoutes(deps: AppDeps) {
  const { db, env } = deps;
  return new Hono<SessionEnv<'client'>>()
    .use('/invoices/*', billingRoles())
    .use('/invoices', billingRoles())
    .use('/plan/*', billingRoles())
    .get('/invoices', async (c) => c.json(await clientInvoices(db, c.var.user.clientId, env)))
    .get('/invoices/:id', validate('param', invoiceParam), async (c) =>
      c.json(await clientInvoice(db, c.var.user.clientId, c.req.valid('param').id, env)),
    )
    .get('/invoices/:id/pdf', validate('param', invoiceParam), async (c) => {
      const row = await visibleInvoice(db.read, c.var.user.clientId, c.req.valid('param').id);
      return pdfResponse(c, await invoicePdfOf(db.read, row, env), invoiceFileName(row));
    })
    .post('/invoices/:id/checkout', validate('param', invoiceParam), async (c) =>
      c.json(await invoiceCheckout(db, c.var.user, c.req.valid('param').id, env)),
    )
    .post('/plan/cancel', validate('json', cancelPlanSchema), async (c) => {
      const teamTo = (await notificationRoutes(db, env)).team;
      return c.json(await requestCancellation(db, c.var.user, c.req.valid('json').reason, teamTo, env));
    })
    .post('/plan/update-card', async (c) => c.json(await updateCardSession(db, c.var.user.clientId, env)));
}
