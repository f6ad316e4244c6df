/**
 * Milestones for staff under /api/admin (docs/product.md#milestones):
 * GET /projects/:id/milestones (in order), POST /projects/:id/milestones (added last),
 * PUT /projects/:id/milestones/order {ids} (every milestone of the project once, first to last),
 * PUT /milestones/:id, DELETE /milestones/:id. 404 for a missing project or milestone. Each
 * write then publishes `project-updated` for its project (docs/product.md#live-updates).
 */
import { Hono } from 'hono';
import { milestoneOrderSchema, milestoneSchema } from '../../../shared/schemas/admin.ts';
import { requireSession } from '../../auth/identity.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { ownerOf, publishProjectUpdated } from '../../live/publish.ts';
import {
  createMilestone,
  deleteMilestone,
  listProjectMilestones,
  reorderMilestones,
  updateMilestone,
} from '../../services/milestones.ts';
import { validate } from '../../validation.ts';
import { idParam } from './params.ts';

export function staffMilestoneRoutes({ db, bus }: AppDeps) {
  const staff = requireSession('staff');
  return new Hono<SessionEnv<'staff'>>()
    .get('/projects/:id/milestones', staff, validate('param', idParam), async (c) =>
      c.json(await listProjectMilestones(db.read, c.req.valid('param').id)),
    )
    .post(
      '/projects/:id/milestones',
      staff,
      validate('param', idParam),
      validate('json', milestoneSchema),
      async (c) => {
        const milestone = await createMilestone(db, c.var.user, c.req.valid('param').id, c.req.valid('json'));
        publishProjectUpdated(bus, await ownerOf(db, { projectId: milestone.projectId }));
        return c.json(milestone, 201);
      },
    )
    .put(
      '/projects/:id/milestones/order',
      staff,
      validate('param', idParam),
      validate('json', milestoneOrderSchema),
      async (c) => {
        const { id } = c.req.valid('param');
        const ordered = await reorderMilestones(db, c.var.user, id, c.req.valid('json').ids);
        publishProjectUpdated(bus, await ownerOf(db, { projectId: id }));
        return c.json(ordered);
      },
    )
    .put('/milestones/:id', staff, validate('param', idParam), validate('json', milestoneSchema), async (c) => {
      const milestone = await updateMilestone(db, c.var.user, c.req.valid('param').id, c.req.valid('json'));
      publishProjectUpdated(bus, await ownerOf(db, { projectId: milestone.projectId }));
      return c.json(milestone);
    })
    .delete('/milestones/:id', staff, validate('param', idParam), async (c) => {
      const { id } = c.req.valid('param');
      const before = await ownerOf(db, { milestoneId: id });
      await deleteMilestone(db, c.var.user, id);
      publishProjectUpdated(bus, before);
      return c.body(null, 204);
    });
}
