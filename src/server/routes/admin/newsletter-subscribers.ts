/**
 * The newsletter's subscribers for staff (docs/product.md#newsletter): GET
 * /newsletter-subscribers (search `q`, `sort` createdAt or email, `from`/`to`, `limit`, `cursor`
 * as docs/product.md#lists says) → {items: [{id, email, createdAt}], nextCursor, total}; with
 * `format=csv`, every matching subscriber as a CSV download (formula-safe cells).
 */
import { Hono } from 'hono';
import { subscriberListQuery } from '../../../shared/schemas/lists.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { listSubscribers, subscribersCsv } from '../../services/newsletter/subscribers.ts';
import { validate } from '../../validation.ts';

export function staffSubscriberRoutes({ db }: AppDeps) {
  return new Hono<SessionEnv<'staff'>>().get(
    '/newsletter-subscribers',
    validate('query', subscriberListQuery),
    async (c) => {
      const query = c.req.valid('query');
      if (query.format === 'csv') {
        const csv = await subscribersCsv(db, query);
        c.header('Content-Type', 'text/csv; charset=utf-8');
        c.header(
          'Content-Disposition',
          `attachment; filename="newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv"`,
        );
        return c.body(csv);
      }
      return c.json(await listSubscribers(db, query));
    },
  );
}
