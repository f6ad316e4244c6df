/**
 * Projects for staff under /api/admin/projects (docs/product.md#project-form): GET / (one page:
 * search, filters, sort and cursor as docs/product.md#lists says, with the client's name and what a delete takes with it), GET /:id (one, in the same
 * shape; 404 when missing), POST /, PUT /:id, DELETE /:id
 * (with its milestones and messages). Budget in integer cents. 422 when the client does not
 * exist or a field is invalid; 404 for a missing project. Each write then publishes
 * `project-updated` (docs/product.md#live-updates), for the former client too when a project
 * changed hands.
 */
import { Hono } from 'hono';
import { adminProjectSchema } from '../../../shared/schemas/admin.ts';
import { projectListQuery } from '../../../shared/schemas/lists.ts';
import { requireSession } from '../../auth/identity.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { ownerOf, publishProjectUpdated } from '../../live/publish.ts';
import { createProject, deleteProject, getProject, listProjects, updateProject } from '../../services/projects.ts';
import { validate } from '../../validation.ts';
import { idParam } from './params.ts';

export function staffProjectRoutes({ db, bus }: AppDeps) {
  const staff = requireSession('staff');
  return new Hono<SessionEnv<'staff'>>()
    .get('/projects', staff, validate('query', projectListQuery), async (c) =>
      c.json(await listProjects(db, c.req.valid('query'))),
    )
    .get('/projects/:id', staff, validate('param', idParam), async (c) =>
      c.json(await getProject(db, c.req.valid('param').id)),
    )
    .post('/projects', staff, validate('json', adminProjectSchema), async (c) => {
      const project = await createProject(db, c.var.user, c.req.valid('json'));
      publishProjectUpdated(bus, { projectId: project.id, clientId: project.clientId });
      return c.json(project, 201);
    })
    .put('/projects/:id', staff, validate('param', idParam), validate('json', adminProjectSchema), async (c) => {
      const { id } = c.req.valid('param');
      const before = await ownerOf(db, { projectId: id });
      const project = await updateProject(db, c.var.user, id, c.req.valid('json'));
      publishProjectUpdated(bus, { projectId: project.id, clientId: project.clientId }, before);
      return c.json(project);
    })
    .delete('/projects/:id', staff, validate('param', idParam), async (c) => {
      const { id } = c.req.valid('param');
      const before = await ownerOf(db, { projectId: id });
      await deleteProject(db, c.var.user, id);
      publishProjectUpdated(bus, before);
      return c.body(null, 204);
    });
}
