/**
 * Time entries for staff (docs/product.md#time-tracking): GET /projects/:id/time-entries → the
 * project's entries, newest day first; POST /projects/:id/time-entries {date, hours, note} → 201
 * {entry, actualHours} (hours in quarter hours, > 0 and ≤ 24; 422 otherwise); DELETE
 * /projects/:id/time-entries/:entryId → 204. Adding or deleting moves the project's Hours Used.
 * 404 for a missing project or entry.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { timeEntrySchema } from '../../../shared/schemas/admin.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { addTimeEntry, deleteTimeEntry, listTimeEntries } from '../../services/projects/time-entries.ts';
import { validate } from '../../validation.ts';
import { idParam } from './params.ts';

const entryParam = idParam.extend({ entryId: z.string().min(1).max(100) });

export function staffTimeEntryRoutes({ db }: AppDeps) {
  return new Hono<SessionEnv<'staff'>>()
    .get('/projects/:id/time-entries', validate('param', idParam), async (c) =>
      c.json(await listTimeEntries(db, c.req.valid('param').id)),
    )
    .post('/projects/:id/time-entries', validate('param', idParam), validate('json', timeEntrySchema), async (c) =>
      c.json(await addTimeEntry(db, c.var.user, c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .delete('/projects/:id/time-entries/:entryId', validate('param', entryParam), async (c) => {
      const { id, entryId } = c.req.valid('param');
      await deleteTimeEntry(db, c.var.user, id, entryId);
      return c.body(null, 204);
    });
}
