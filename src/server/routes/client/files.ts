/**
 * A client's files (docs/product.md#files), behind the portal's guard:
 * POST /api/client/projects/:projectId/files (multipart, field `file`) → 201 {id, name, size, type};
 * GET /api/client/projects/:projectId/files → {items, storage: {used, quota}}, internal files left
 * out. 404 for a project that is not the client's; the upload's refusals as services/files/files.ts says.
 * DELETE /api/client/files/:id → 200 {deleted: {id, name}} for a file the client uploaded; 404 else.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { filesOfProject, projectFor, uploadToProject } from '../../services/files/files.ts';
import { deleteFile } from '../../services/files/delete.ts';
import { validate } from '../../validation.ts';
import { projectParam } from './params.ts';
import { memberLabel } from '../../../shared/team.ts';
import { workRoles } from '../../middleware/client-roles.ts';

const fileParam = z.object({ id: z.string().min(1).max(100) });

export function clientFileRoutes(deps: AppDeps) {
  return new Hono<SessionEnv<'client'>>()
    .use('/projects/:projectId/files', workRoles())
    .use('/files/*', workRoles())
    .post('/projects/:projectId/files', validate('param', projectParam), async (c) => {
      const { user } = c.var;
      const project = await projectFor(deps.db, c.req.valid('param').projectId, user.clientId);
      const uploader = { kind: 'client' as const, name: memberLabel(user.name, user.client), memberId: user.id };
      return c.json(await uploadToProject(deps, c.req.raw, project, uploader), 201);
    })
    .get('/projects/:projectId/files', validate('param', projectParam), async (c) => {
      const project = await projectFor(deps.db, c.req.valid('param').projectId, c.var.user.clientId);
      return c.json(
        await filesOfProject(deps.db, project, {
          includeInternal: false,
          quotaBytes: deps.env.CLIENT_STORAGE_QUOTA_BYTES,
          fileMaxBytes: deps.env.UPLOAD_MAX_BYTES,
        }),
      );
    })
    .delete('/files/:id', validate('param', fileParam), async (c) =>
      c.json({ deleted: await deleteFile(deps, c.req.valid('param').id, { clientId: c.var.user.clientId }) }),
    );
}
