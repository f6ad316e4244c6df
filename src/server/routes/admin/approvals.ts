/**
 * Approvals for staff (docs/product.md#approvals), behind the dashboard's guard:
 * POST /api/admin/approvals {projectId, milestoneId | fileId, title} → 201 {id}; 404 for a missing
 * project, 422 for a milestone or file of another project or an internal file;
 * GET /api/admin/projects/:id/approvals → the project's approvals in the order asked.
 */
import { Hono } from 'hono';
import { approvalRequestSchema } from '../../../shared/schemas/approvals.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { projectApprovals, requestApproval } from '../../services/projects/approvals.ts';
import { validate } from '../../validation.ts';
import { idParam } from './params.ts';

export function staffApprovalRoutes({ db }: AppDeps) {
  return new Hono<SessionEnv<'staff'>>()
    .post('/approvals', validate('json', approvalRequestSchema), async (c) =>
      c.json({ id: await requestApproval(db, c.var.user, c.req.valid('json')) }, 201),
    )
    .get('/projects/:id/approvals', validate('param', idParam), async (c) =>
      c.json(await projectApprovals(db, c.req.valid('param').id)),
    );
}
