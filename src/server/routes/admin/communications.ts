/**
 * Messages for staff under /api/admin (docs/product.md#dashboard): GET /communications (one page as
 * docs/product.md#lists says, with the project's title and the client), PATCH /communications/:id {isRead}, and
 * POST /projects/:id/communications {subject, message, inReplyTo?} → 201 {communication}: a
 * team reply, which marks the answered client message read in the same transaction. Each
 * records its live update with the change (docs/product.md#live-updates): `message-read` for a
 * PATCH; `message` for a reply, and `message-read` too when it answered a client message.
 */
import { Hono } from 'hono';
import { messageReadSchema, teamMessageSchema } from '../../../shared/schemas/admin.ts';
import { communicationListQuery } from '../../../shared/schemas/lists.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { sendTeamReply, setMessageRead } from '../../services/projects/communications.ts';
import { listCommunications } from '../../services/projects/communication-list.ts';
import { validate } from '../../validation.ts';
import { idParam } from './params.ts';

export function staffCommunicationRoutes({ db }: AppDeps) {
  return new Hono<SessionEnv<'staff'>>()
    .get('/communications', validate('query', communicationListQuery), async (c) =>
      c.json(await listCommunications(db, c.req.valid('query'))),
    )
    .patch('/communications/:id', validate('param', idParam), validate('json', messageReadSchema), async (c) => {
      const message = await setMessageRead(db, c.var.user, c.req.valid('param').id, c.req.valid('json').isRead);
      return c.json(message);
    })
    .post(
      '/projects/:id/communications',
      validate('param', idParam),
      validate('json', teamMessageSchema),
      async (c) => {
        const body = c.req.valid('json');
        const communication = await sendTeamReply(db, c.var.user, c.req.valid('param').id, body);
        return c.json({ communication }, 201);
      },
    );
}
