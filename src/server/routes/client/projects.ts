/**
 * A client's projects under /api/client (docs/product.md#portal), behind the client guard of
 * routes/client/index.ts. Another client's project and a missing one both answer 404
 * 'Project not found'.
 *
 * - GET /projects → the client's projects, newest first, each with `unreadCount` (team messages unread).
 * - GET /projects/:projectId → {project, milestones, communications}.
 * Its messages are in communications.ts.
 */
import { Hono } from 'hono';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { getClientProject } from '../../services/projects/client-project.ts';
import { listClientProjects } from '../../services/projects/projects.ts';
import { validate } from '../../validation.ts';
import { projectParam } from './params.ts';
import { workRoles } from '../../middleware/client-roles.ts';

export function clientProjectRoutes({ db }: AppDeps) {
  return new Hono<SessionEnv<'client'>>()
    .get('/projects', async (c) => c.json(await listClientProjects(db, c.var.user.clientId)))
    .get('/projects/:projectId', workRoles(), validate('param', projectParam), async (c) =>
      c.json(await getClientProject(db, c.var.user.clientId, c.req.valid('param').projectId)),
    );
}
