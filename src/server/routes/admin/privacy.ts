/**
 * Privacy requests handled by staff (docs/product.md#privacy), behind the dashboard's guard:
 *
 * - POST /clients/:id/erase {legalBasis?} → 200 {id, name, erased}: the client erased as
 *   services/erasure.ts says (`erased` false when it was already); 404 for a missing client.
 * - POST /contact-submissions/:id/erase → 200 the same for a lead; 404 for a missing lead.
 * Each is recorded as an admin event that names the record by id only.
 * - GET /clients/:id/consents → the client's consent records (as a client, its leads and its
 *   newsletter subscription), oldest first; 404 for a missing client.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { consentsOfClient } from '../../services/consent.ts';
import { eraseClient, eraseLead } from '../../services/erasure.ts';
import { deleteStoredFiles } from '../../services/file-cleanup.ts';
import { validate } from '../../validation.ts';
import { idParam } from './params.ts';

const eraseBody = z.object({ legalBasis: z.string().trim().min(3).max(500).optional() });

export function staffPrivacyRoutes({ db, storage }: AppDeps) {
  return new Hono<SessionEnv<'staff'>>()
    .post('/clients/:id/erase', validate('param', idParam), validate('json', eraseBody), async (c) => {
      const { storageKeys, ...result } = await eraseClient(
        db,
        c.var.user,
        c.req.valid('param').id,
        c.req.valid('json').legalBasis,
      );
      await deleteStoredFiles(storage, storageKeys);
      return c.json(result);
    })
    .get('/clients/:id/consents', validate('param', idParam), async (c) =>
      c.json(await consentsOfClient(db, c.req.valid('param').id)),
    )
    .post('/contact-submissions/:id/erase', validate('param', idParam), async (c) => {
      const { storageKeys: _none, ...result } = await eraseLead(db, c.var.user, c.req.valid('param').id);
      return c.json(result);
    });
}
