/**
 * The signed-in member's team under /api/client/team (docs/product.md#client-teams), behind the
 * client guard of routes/client/index.ts:
 *
 * - GET /team → 200 {members: [{id, name, email, role, status: 'active' | 'invited'}]}, for every role.
 * - POST /team/invitations {email, name, role} → 201 the invited member; owners only (403
 *   `forbidden_role` otherwise); 409 `email_taken` when the address is a member's of any client.
 * - PATCH /team/members/:memberId {role} → 200 the member; owners only; 409 `last_owner` when it
 *   would leave no owner; 404 for someone not on this team.
 * - DELETE /team/members/:memberId → 204; owners only; 409 `last_owner`; 404 as above. The
 *   removed person's sessions end at once.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { roleChangeSchema, teamInvitationSchema } from '../../../shared/schemas/team.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { ownerOnly } from '../../middleware/client-roles.ts';
import { changeRole, inviteMember, listTeam, removeMember } from '../../services/clients/team.ts';
import { validate } from '../../validation.ts';

const memberParam = z.object({ memberId: z.string().min(1).max(100) });

export function clientTeamRoutes({ db, env }: AppDeps) {
  return new Hono<SessionEnv<'client'>>()
    .get('/team', async (c) => c.json(await listTeam(db, c.var.user.clientId)))
    .post('/team/invitations', ownerOnly(), validate('json', teamInvitationSchema), async (c) => {
      const by = { kind: 'member' as const, member: c.var.user };
      return c.json(await inviteMember(db, by, c.var.user.clientId, c.req.valid('json'), env.SITE_URL), 201);
    })
    .patch(
      '/team/members/:memberId',
      ownerOnly(),
      validate('param', memberParam),
      validate('json', roleChangeSchema),
      async (c) => {
        const by = { kind: 'member' as const, member: c.var.user };
        const { memberId } = c.req.valid('param');
        return c.json(await changeRole(db, by, c.var.user.clientId, memberId, c.req.valid('json').role));
      },
    )
    .delete('/team/members/:memberId', ownerOnly(), validate('param', memberParam), async (c) => {
      const by = { kind: 'member' as const, member: c.var.user };
      await removeMember(db, by, c.var.user.clientId, c.req.valid('param').memberId);
      return c.body(null, 204);
    });
}
