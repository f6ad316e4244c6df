/**
 * Projects for staff under /api/admin/projects (docs/product.md#project-form): GET / (one page:
 * search, filters, sort and cursor as docs/product.md#lists says, with the client's name and what a delete takes with it), GET /:id (one, in the same
 * shape; 404 when missing), POST /, PUT /:id, DELETE /:id
 * (with its milestones and messages). Budget in integer cents. 422 when the client does not
 * exist or a field is invalid; 404 for a missing project. Each write records `project-updated`
 * with the change (docs/product.md#live-updates), for the former client too when a project
 * changed hands.
 */
import { Hono } from 'hono';
import { adminProjectSchema } from '../../../shared/schemas/admin.ts';
import { projectListQuery } from '../../../shared/schemas/lists.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import {
  createProject,
  deleteProject,
  getProject,
  listProjects,
  updateProject,
} from '../../services/projects/projects.ts';
import { deleteStoredFiles } from '../../services/files/cleanup.ts';
import { validate } from '../../validation.ts';
import { idParam } from './params.ts';

export function staffProjectRoutes({ db, storage }: AppDeps) {
  return new Hono<SessionEnv<'staff'>>()
    .get('/projects', validate('query', projectListQuery), async (c) =>
      c.json(await listProjects(db, c.req.valid('query'))),
    )
    .get('/projects/:id', validate('param', idParam), async (c) =>
      c.json(await getProject(db, c.req.valid('param').id)),
    )
    .post('/projects', validate('json', adminProjectSchema), async (c) => {
      return c.json(await createProject(db, c.var.user, c.req.valid('json')), 201);
    })
    .put('/projects/:id', validate('param', idParam), validate('json', adminProjectSchema), async (c) => {
      return c.json(await updateProject(db, c.var.user, c.req.valid('param').id, c.req.valid('json')));
    })
    .delete('/projects/:id', validate('param', idParam), async (c) => {
      // The files' bytes go once the rows are gone; the sweep catches any left by a crash.
      await deleteStoredFiles(storage, await deleteProject(db, c.var.user, c.req.valid('param').id));
      return c.body(null, 204);
    });
}
