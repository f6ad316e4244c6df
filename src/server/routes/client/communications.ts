/**
 * A client's messages on its own project, under /api/client (docs/product.md#portal), behind the
 * client guard of routes/client/index.ts. Another client's project and a missing one answer 404.
 *
 * - POST /projects/:projectId/communications {subject, message} → 201 {communication}: shown to
 *   the team as unread.
 * - POST /projects/:projectId/communications/read → 200 {updated}: the team's messages on the
 *   project marked read.
 * Each records its live update with the change (docs/product.md#live-updates): `message`, and
 * `message-read` when any message changed.
 */
import { Hono } from 'hono';
import { projectMessageSchema } from '../../../shared/schemas/client.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { markTeamMessagesRead, sendClientMessage } from '../../services/projects/communications.ts';
import { validate } from '../../validation.ts';
import { projectParam } from './params.ts';
import { workRoles } from '../../middleware/client-roles.ts';

export function clientCommunicationRoutes({ db }: AppDeps) {
  return new Hono<SessionEnv<'client'>>()
    .use('/projects/:projectId/communications/*', workRoles())
    .post(
      '/projects/:projectId/communications',
      validate('param', projectParam),
      validate('json', projectMessageSchema),
      async (c) => {
        const { projectId } = c.req.valid('param');
        const communication = await sendClientMessage(db, c.var.user, projectId, c.req.valid('json'));
        return c.json({ communication }, 201);
      },
    )
    .post('/projects/:projectId/communications/read', validate('param', projectParam), async (c) => {
      const { projectId } = c.req.valid('param');
      const updated = await markTeamMessagesRead(db, c.var.user.clientId, projectId);
      return c.json({ updated });
    });
}
