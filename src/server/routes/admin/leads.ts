/**
 * Leads for staff under /api/admin (docs/product.md#leads): GET /contact-submissions (newest
 * first), PATCH /contact-submissions/:id {status}, GET /contact-submissions.csv: every lead
 * as a CSV download, formulas neutralised, and the lead's notes: GET
 * /contact-submissions/:id/notes (oldest first) and POST /contact-submissions/:id/notes {body} →
 * 201 {note}. 404 for a missing lead; 422 for an empty or too long note.
 */
import { Hono } from 'hono';
import { leadNoteSchema, leadStatusSchema } from '../../../shared/schemas/admin.ts';
import { requireSession } from '../../auth/identity.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { leadsToCsv } from '../../services/leads-csv.ts';
import { addLeadNote, listLeadNotes, listLeadRows, listLeads, setLeadStatus } from '../../services/leads.ts';
import { validate } from '../../validation.ts';
import { idParam } from './params.ts';

export function staffLeadRoutes({ db }: AppDeps) {
  const staff = requireSession('staff');
  return new Hono<SessionEnv<'staff'>>()
    .get('/contact-submissions', staff, async (c) => c.json(await listLeads(db)))
    .get('/contact-submissions.csv', staff, async (c) => {
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`);
      return c.body(leadsToCsv(await listLeadRows(db)));
    })
    .patch(
      '/contact-submissions/:id',
      staff,
      validate('param', idParam),
      validate('json', leadStatusSchema),
      async (c) => c.json(await setLeadStatus(db, c.var.user, c.req.valid('param').id, c.req.valid('json').status)),
    )
    .get('/contact-submissions/:id/notes', staff, validate('param', idParam), async (c) =>
      c.json(await listLeadNotes(db, c.req.valid('param').id)),
    )
    .post(
      '/contact-submissions/:id/notes',
      staff,
      validate('param', idParam),
      validate('json', leadNoteSchema),
      async (c) => {
        const note = await addLeadNote(db, c.var.user, c.req.valid('param').id, c.req.valid('json').body);
        return c.json({ note }, 201);
      },
    );
}
