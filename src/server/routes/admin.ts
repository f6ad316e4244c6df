/**
 * The admin API under /api/admin (SPEC.md 2.11, 3.2, 7; issue 4). Every route needs a staff
 * session (401 otherwise; a client session never passes).
 *
 * - GET /me → {id, username}; POST /logout → 204.
 * - GET /clients, /projects, /communications, /contact-submissions → lists, newest first.
 * - POST /clients, PUT /clients/:id, DELETE /clients/:id (with its projects, milestones and
 *   messages); 409 when the email exists in any case; 422 with the spec's messages.
 * - POST /projects, PUT /projects/:id, DELETE /projects/:id; budget in integer cents.
 * - POST /projects/:id/communications → a team reply; PATCH /communications/:id {isRead}.
 * - GET/POST /projects/:id/milestones, PUT /projects/:id/milestones/order {ids},
 *   PUT/DELETE /milestones/:id.
 * - PATCH /contact-submissions/:id {status}; GET /contact-submissions.csv → every lead as CSV.
 * - GET /events → the latest audit events.
 * Every create, update and delete is recorded in admin_events in the same transaction.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import {
  adminClientSchema,
  adminProjectSchema,
  leadStatusSchema,
  messageReadSchema,
  milestoneOrderSchema,
  milestoneSchema,
  teamMessageSchema,
} from '../../shared/schemas/admin.ts';
import { adminRequestToken, clearAdminSessionCookie, requireAdmin, type AdminEnv } from '../auth/admin-auth.ts';
import { revokeAdminSession, validateAdminSession } from '../auth/admin-sessions.ts';
import type { AppDeps } from '../deps.ts';
import { isHttpsSite } from '../env.ts';
import { AppError } from '../errors.ts';
import {
  MilestoneOrderError,
  MissingPasswordError,
  UnknownClientError,
  UnknownMessageError,
  adminCreateClient,
  adminCreateMilestone,
  adminDeleteMilestone,
  adminListMilestones,
  adminReorderMilestones,
  adminReply,
  adminSetLeadStatus,
  adminSetMessageRead,
  adminUpdateMilestone,
  adminCreateProject,
  adminDeleteClient,
  adminDeleteProject,
  adminUpdateClient,
  adminUpdateProject,
  listClients,
  listCommunications,
  listLeads,
  listProjects,
} from '../services/admin.ts';
import { latestEvents } from '../services/audit.ts';
import { DuplicateEmailError } from '../services/clients.ts';
import { leadsToCsv } from '../services/leads-csv.ts';
import { validate } from '../validation.ts';

const idParam = z.object({ id: z.string().min(1).max(100) });

/** Maps the services' domain errors to API errors. */
function asApiError(error: unknown): unknown {
  if (error instanceof DuplicateEmailError)
    return new AppError(409, 'email_taken', error.message, { email: error.message });
  if (error instanceof MissingPasswordError) {
    return new AppError(422, 'invalid_fields', error.message, { password: error.message });
  }
  if (error instanceof UnknownClientError)
    return new AppError(422, 'invalid_fields', error.message, { clientId: error.message });
  if (error instanceof UnknownMessageError)
    return new AppError(422, 'invalid_fields', error.message, { inReplyTo: error.message });
  if (error instanceof MilestoneOrderError)
    return new AppError(422, 'invalid_fields', error.message, { ids: error.message });
  return error;
}

async function mapped<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asApiError(error);
  }
}

export function adminRoutes(deps: AppDeps) {
  const { db, env } = deps;
  const secure = isHttpsSite(env);
  const staff = requireAdmin(db, secure, env.ADMIN_EMAILS);
  const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found`);

  return new Hono<AdminEnv>()
    .post('/logout', async (c) => {
      const token = adminRequestToken(c);
      const result = token ? await validateAdminSession(db, token) : null;
      if (result) await revokeAdminSession(db, result.session.id);
      clearAdminSessionCookie(c, secure);
      return c.body(null, 204);
    })
    .use('*', staff)
    .get('/me', (c) => c.json({ id: c.get('user').id, username: c.get('user').username }))
    .get('/clients', async (c) => c.json(await listClients(db)))
    .post('/clients', validate('json', adminClientSchema), async (c) =>
      c.json(await mapped(() => adminCreateClient(db, c.get('user'), c.req.valid('json'))), 201),
    )
    .put('/clients/:id', validate('param', idParam), validate('json', adminClientSchema), async (c) => {
      const client = await mapped(() =>
        adminUpdateClient(db, c.get('user'), c.req.valid('param').id, c.req.valid('json')),
      );
      if (!client) throw notFound('Client');
      return c.json(client);
    })
    .delete('/clients/:id', validate('param', idParam), async (c) => {
      if (!(await adminDeleteClient(db, c.get('user'), c.req.valid('param').id))) throw notFound('Client');
      return c.body(null, 204);
    })
    .get('/projects', async (c) => c.json(await listProjects(db)))
    .post('/projects', validate('json', adminProjectSchema), async (c) =>
      c.json(await mapped(() => adminCreateProject(db, c.get('user'), c.req.valid('json'))), 201),
    )
    .put('/projects/:id', validate('param', idParam), validate('json', adminProjectSchema), async (c) => {
      const project = await mapped(() =>
        adminUpdateProject(db, c.get('user'), c.req.valid('param').id, c.req.valid('json')),
      );
      if (!project) throw notFound('Project');
      return c.json(project);
    })
    .delete('/projects/:id', validate('param', idParam), async (c) => {
      if (!(await adminDeleteProject(db, c.get('user'), c.req.valid('param').id))) throw notFound('Project');
      return c.body(null, 204);
    })
    .post(
      '/projects/:id/communications',
      validate('param', idParam),
      validate('json', teamMessageSchema),
      async (c) => {
        const reply = await mapped(() => adminReply(db, c.get('user'), c.req.valid('param').id, c.req.valid('json')));
        if (!reply) throw notFound('Project');
        return c.json({ communication: reply }, 201);
      },
    )
    .get('/projects/:id/milestones', validate('param', idParam), async (c) => {
      const list = await adminListMilestones(db, c.req.valid('param').id);
      if (!list) throw notFound('Project');
      return c.json(list);
    })
    .post('/projects/:id/milestones', validate('param', idParam), validate('json', milestoneSchema), async (c) => {
      const milestone = await adminCreateMilestone(db, c.get('user'), c.req.valid('param').id, c.req.valid('json'));
      if (!milestone) throw notFound('Project');
      return c.json(milestone, 201);
    })
    .put(
      '/projects/:id/milestones/order',
      validate('param', idParam),
      validate('json', milestoneOrderSchema),
      async (c) => {
        const list = await mapped(() =>
          adminReorderMilestones(db, c.get('user'), c.req.valid('param').id, c.req.valid('json').ids),
        );
        if (!list) throw notFound('Project');
        return c.json(list);
      },
    )
    .put('/milestones/:id', validate('param', idParam), validate('json', milestoneSchema), async (c) => {
      const milestone = await adminUpdateMilestone(db, c.get('user'), c.req.valid('param').id, c.req.valid('json'));
      if (!milestone) throw notFound('Milestone');
      return c.json(milestone);
    })
    .delete('/milestones/:id', validate('param', idParam), async (c) => {
      if (!(await adminDeleteMilestone(db, c.get('user'), c.req.valid('param').id))) throw notFound('Milestone');
      return c.body(null, 204);
    })
    .get('/communications', async (c) => c.json(await listCommunications(db)))
    .patch('/communications/:id', validate('param', idParam), validate('json', messageReadSchema), async (c) => {
      const message = await adminSetMessageRead(db, c.get('user'), c.req.valid('param').id, c.req.valid('json').isRead);
      if (!message) throw notFound('Message');
      return c.json(message);
    })
    .get('/contact-submissions', async (c) => c.json(await listLeads(db)))
    .get('/contact-submissions.csv', async (c) => {
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`);
      return c.body(leadsToCsv(await listLeads(db)));
    })
    .patch('/contact-submissions/:id', validate('param', idParam), validate('json', leadStatusSchema), async (c) => {
      const lead = await adminSetLeadStatus(db, c.get('user'), c.req.valid('param').id, c.req.valid('json').status);
      if (!lead) throw notFound('Lead');
      return c.json(lead);
    })
    .get('/events', async (c) => c.json(await latestEvents(db)));
}
