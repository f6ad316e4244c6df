/**
 * Notification emails that failed after every try, for staff (docs/product.md#notifications):
 * GET /undelivered-emails → [{id, audience, to, subject, attempts, lastError, createdAt}] (newest
 * first, at most 100; no bodies), and POST /undelivered-emails/:id/retry → 200 {queued: true}:
 * the email is queued again with a fresh set of tries (404 unless it had failed).
 */
import { Hono } from 'hono';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { listFailedEmails, retryFailedEmail } from '../../services/email/queue.ts';
import { validate } from '../../validation.ts';
import { idParam } from './params.ts';

export function undeliveredEmailRoutes({ db }: AppDeps) {
  return new Hono<SessionEnv<'staff'>>()
    .get('/undelivered-emails', async (c) => c.json(await listFailedEmails(db)))
    .post('/undelivered-emails/:id/retry', validate('param', idParam), async (c) => {
      await retryFailedEmail(db, c.req.valid('param').id);
      return c.json({ queued: true } as const);
    });
}
