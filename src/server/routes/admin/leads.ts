/**
 * Leads for staff under /api/admin (docs/product.md#leads): GET /contact-submissions (one page:
 * search, filters, sort and cursor as docs/product.md#lists says), GET /contact-submissions/:id,
 * PATCH /contact-submissions/:id {status}, POST /contact-submissions/bulk-status {ids, status}
 * → {updated} (one transaction), GET /contact-submissions.csv (the same query without paging):
 * every lead the list finds as a streamed CSV download, formulas neutralised, and the lead's notes: GET
 * /contact-submissions/:id/notes (oldest first) and POST /contact-submissions/:id/notes {body} →
 * 201 {note}. 404 for a missing lead; 422 for an empty or too long note.
 * POST /contact-submissions/:id/convert {company?, projectTitle?} → 201 {client, project}: the
 * lead becomes a client in one transaction and is emailed an invitation to choose a password
 * (a single-use link valid 72 hours, its token after `#`); 409 when converted before or the email
 * is taken, 422 for a lead without an email.
 */
import { Hono } from 'hono';
import {
  convertLeadSchema,
  leadBulkStatusSchema,
  leadNoteSchema,
  leadStatusSchema,
} from '../../../shared/schemas/admin.ts';
import { leadListQuery } from '../../../shared/schemas/lists.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { leadsCsvStream } from '../../services/leads/csv.ts';
import {
  addLeadNote,
  listLeadNotes,
  getLead,
  leadRowsForExport,
  listLeads,
  setLeadStatus,
  setLeadsStatus,
} from '../../services/leads/leads.ts';
import { convertLeadToClient } from '../../services/leads/conversion.ts';
import { validate } from '../../validation.ts';
import { idParam } from './params.ts';

/** The invitation's plain text: who invites, the link, and how long it works. */
export function staffLeadRoutes(deps: AppDeps) {
  const { db, env } = deps;
  return new Hono<SessionEnv<'staff'>>()
    .get('/contact-submissions', validate('query', leadListQuery), async (c) =>
      c.json(await listLeads(db, c.req.valid('query'), deps.env.SITE_TIME_ZONE)),
    )
    .get('/contact-submissions.csv', validate('query', leadListQuery), (c) => {
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`);
      c.header('Cache-Control', 'no-store');
      return c.body(leadsCsvStream(leadRowsForExport(db, c.req.valid('query'))));
    })
    .post('/contact-submissions/bulk-status', validate('json', leadBulkStatusSchema), async (c) => {
      const { ids, status } = c.req.valid('json');
      return c.json({ updated: await setLeadsStatus(db, c.var.user, ids, status) });
    })
    .get('/contact-submissions/:id', validate('param', idParam), async (c) =>
      c.json(await getLead(db, c.req.valid('param').id, deps.env.SITE_TIME_ZONE)),
    )
    .patch('/contact-submissions/:id', validate('param', idParam), validate('json', leadStatusSchema), async (c) =>
      c.json(await setLeadStatus(db, c.var.user, c.req.valid('param').id, c.req.valid('json').status)),
    )
    .get('/contact-submissions/:id/notes', validate('param', idParam), async (c) =>
      c.json(await listLeadNotes(db, c.req.valid('param').id)),
    )
    .post('/contact-submissions/:id/notes', validate('param', idParam), validate('json', leadNoteSchema), async (c) => {
      const note = await addLeadNote(db, c.var.user, c.req.valid('param').id, c.req.valid('json').body);
      return c.json({ note }, 201);
    })
    .post(
      '/contact-submissions/:id/convert',
      validate('param', idParam),
      validate('json', convertLeadSchema),
      async (c) => {
        const converted = await convertLeadToClient(
          db,
          c.var.user,
          c.req.valid('param').id,
          c.req.valid('json'),
          env.SITE_URL,
        );
        return c.json(converted, 201);
      },
    );
}
