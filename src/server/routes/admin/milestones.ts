/**
 * Milestones for staff under /api/admin (docs/product.md#milestones):
 * GET /projects/:id/milestones (in order), POST /projects/:id/milestones (added last),
 * PUT /projects/:id/milestones/order {ids} (every milestone of the project once, first to last),
 * PUT /milestones/:id, DELETE /milestones/:id. 404 for a missing project or milestone. Each
 * write records `project-updated` for its project with the change (docs/product.md#live-updates).
 */
import { Hono } from 'hono';
import { milestoneOrderSchema, milestoneSchema } from '../../../shared/schemas/admin.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import {
  createMilestone,
  deleteMilestone,
  listProjectMilestones,
  reorderMilestones,
  updateMilestone,
} from '../../services/projects/milestones.ts';
import { validate } from '../../validation.ts';
import { idParam } from './params.ts';

export function staffMilestoneRoutes({ db }: AppDeps) {
  return new Hono<SessionEnv<'staff'>>()
    .get('/projects/:id/milestones', validate('param', idParam), async (c) =>
      c.json(await listProjectMilestones(db.read, c.req.valid('param').id)),
    )
    .post('/projects/:id/milestones', validate('param', idParam), validate('json', milestoneSchema), async (c) => {
      return c.json(await createMilestone(db, c.var.user, c.req.valid('param').id, c.req.valid('json')), 201);
    })
    .put(
      '/projects/:id/milestones/order',
      validate('param', idParam),
      validate('json', milestoneOrderSchema),
      async (c) => {
        return c.json(await reorderMilestones(db, c.var.user, c.req.valid('param').id, c.req.valid('json').ids));
      },
    )
    .put('/milestones/:id', validate('param', idParam), validate('json', milestoneSchema), async (c) => {
      return c.json(await updateMilestone(db, c.var.user, c.req.valid('param').id, c.req.valid('json')));
    })
    .delete('/milestones/:id', validate('param', idParam), async (c) => {
      await deleteMilestone(db, c.var.user, c.req.valid('param').id);
      return c.body(null, 204);
    });
}
