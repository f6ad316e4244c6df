/**
 * Messages for staff under /api/admin (docs/product.md#dashboard): GET /communications (newest
 * first, with the project's title), PATCH /communications/:id {isRead}, and
 * POST /projects/:id/communications {subject, message, inReplyTo?} → 201 {communication}: a
 * team reply, which marks the answered client message read in the same transaction.
 */
import { Hono } from 'hono';
import { messageReadSchema, teamMessageSchema } from '../../../shared/schemas/admin.ts';
import { requireSession } from '../../auth/identity.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { listCommunications, sendTeamReply, setMessageRead } from '../../services/communications.ts';
import { validate } from '../../validation.ts';
import { idParam } from './params.ts';

export function staffCommunicationRoutes({ db }: AppDeps) {
  const staff = requireSession('staff');
  return new Hono<SessionEnv<'staff'>>()
    .get('/communications', staff, async (c) => c.json(await listCommunications(db)))
    .patch('/communications/:id', staff, validate('param', idParam), validate('json', messageReadSchema), async (c) =>
      c.json(await setMessageRead(db, c.var.user, c.req.valid('param').id, c.req.valid('json').isRead)),
    )
    .post(
      '/projects/:id/communications',
      staff,
      validate('param', idParam),
      validate('json', teamMessageSchema),
      async (c) => {
        const communication = await sendTeamReply(db, c.var.user, c.req.valid('param').id, c.req.valid('json'));
        return c.json({ communication }, 201);
      },
    );
}
