/**
 * Staff's files on a project (docs/product.md#files), behind the dashboard's guard:
 * POST /api/admin/projects/:id/files (multipart, field `file`, optional `internal=true`) → 201
 * {id, name, size, type}; GET /api/admin/projects/:id/files → {items, storage: {used, quota}},
 * internal files included. 404 for a missing project. DELETE /api/admin/files/:id → 200
 * {deleted: {id, name}}; 404 when there is no such file.
 */
import { Hono } from 'hono';
import { staffName } from '../../../shared/staff-name.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { filesOfProject, projectFor, uploadToProject } from '../../services/files/files.ts';
import { deleteFile } from '../../services/files/delete.ts';
import { validate } from '../../validation.ts';
import { idParam } from './params.ts';

export function staffFileRoutes(deps: AppDeps) {
  return new Hono<SessionEnv<'staff'>>()
    .post('/projects/:id/files', validate('param', idParam), async (c) => {
      const project = await projectFor(deps.db, c.req.valid('param').id, null);
      return c.json(
        await uploadToProject(deps, c.req.raw, project, { kind: 'staff', name: staffName(c.var.user) }),
        201,
      );
    })
    .get('/projects/:id/files', validate('param', idParam), async (c) => {
      const project = await projectFor(deps.db, c.req.valid('param').id, null);
      return c.json(
        await filesOfProject(deps.db, project, {
          includeInternal: true,
          quotaBytes: deps.env.CLIENT_STORAGE_QUOTA_BYTES,
          fileMaxBytes: deps.env.UPLOAD_MAX_BYTES,
        }),
      );
    })
    .delete('/files/:id', validate('param', idParam), async (c) =>
      c.json({ deleted: await deleteFile(deps, c.req.valid('param').id, { staff: c.var.user }) }),
    );
}
