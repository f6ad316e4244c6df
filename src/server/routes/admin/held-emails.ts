/**
 * Held emails for staff (docs/product.md#email-replies): GET /held-emails → {items: [{id, from
 * {address, name}, subject, text, reason ('sender' | 'dmarc'), attachmentCount, receivedAt,
 * recipient {kind, email}, project {id, title} | null, client {name} | null}]} (newest first, at
 * most 200); POST /held-emails/:id/release → 200 {status: 'posted'} (posted as the address's
 * recipient) and POST /held-emails/:id/discard → 200 {status: 'discarded'}. 404 for an unknown id;
 * 409 `already_decided` for one released or discarded before, 409 `conversation_closed` to release
 * one whose conversation has closed since.
 */
import { Hono } from 'hono';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { discardHeldEmail, listHeldEmails, releaseHeldEmail } from '../../services/inbound/held.ts';
import { inboundDeps } from '../../services/inbound/inbound-deps.ts';
import { validate } from '../../validation.ts';
import { idParam } from './params.ts';

export function heldEmailRoutes(deps: AppDeps) {
  const pipeline = inboundDeps(deps);
  return new Hono<SessionEnv<'staff'>>()
    .get('/held-emails', async (c) => c.json(await listHeldEmails(deps.db)))
    .post('/held-emails/:id/release', validate('param', idParam), async (c) =>
      c.json(await releaseHeldEmail(pipeline, c.var.user, c.req.valid('param').id)),
    )
    .post('/held-emails/:id/discard', validate('param', idParam), async (c) =>
      c.json(await discardHeldEmail(pipeline, c.var.user, c.req.valid('param').id)),
    );
}
