/**
 * A client's people for staff under /api/admin/clients/:id/members (docs/product.md#client-teams),
 * behind the staff guard:
 *
 * - GET /clients/:id/members → 200 {members: [{id, name, email, role, status}]}; 404 for a
 *   missing client.
 * - POST /clients/:id/members {email, name, role} → 201 the invited member (a 7-day invitation is
 *   emailed); 409 `email_taken` when the address is any client's member's.
 * - PATCH /clients/:id/members/:memberId {role} → 200; 409 `last_owner`.
 * - DELETE /clients/:id/members/:memberId → 204; 409 `last_owner`; the person's sessions end.
 * Each change is an admin event naming the staff member.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { roleChangeSchema, teamInvitationSchema } from '../../../shared/schemas/team.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { getClient } from '../../services/clients/client-admin.ts';
import { changeRole, inviteMember, listTeam, removeMember } from '../../services/clients/team.ts';
import { validate } from '../../validation.ts';
import { idParam } from './params.ts';

const memberParam = idParam.extend({ memberId: z.string().min(1).max(100) });

export function staffClientMemberRoutes({ db, env }: AppDeps) {
  return new Hono<SessionEnv<'staff'>>()
    .get('/clients/:id/members', validate('param', idParam), async (c) => {
      const { id } = c.req.valid('param');
      await getClient(db, id);
      return c.json(await listTeam(db, id));
    })
    .post('/clients/:id/members', validate('param', idParam), validate('json', teamInvitationSchema), async (c) => {
      const by = { kind: 'staff' as const, staff: c.var.user };
      return c.json(await inviteMember(db, by, c.req.valid('param').id, c.req.valid('json'), env.SITE_URL), 201);
    })
    .patch(
      '/clients/:id/members/:memberId',
      validate('param', memberParam),
      validate('json', roleChangeSchema),
      async (c) => {
        const { id, memberId } = c.req.valid('param');
        const by = { kind: 'staff' as const, staff: c.var.user };
        return c.json(await changeRole(db, by, id, memberId, c.req.valid('json').role));
      },
    )
    .delete('/clients/:id/members/:memberId', validate('param', memberParam), async (c) => {
      const { id, memberId } = c.req.valid('param');
      await removeMember(db, { kind: 'staff', staff: c.var.user }, id, memberId);
      return c.body(null, 204);
    });
}
