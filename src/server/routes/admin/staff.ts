/**
 * The staff and their invitations (docs/product.md#roles; docs/decisions/0031-sign-in-methods.md).
 *
 * For signed-in staff (`staffTeamRoutes`, behind the guard): GET /staff → {members, invitations};
 * owners only (403 `owners_only` for staff): POST /invitations {email, role} → 201 the invitation
 * (an email goes out; 409 `already_staff`); DELETE /invitations/:id → 200; DELETE /staff/:id →
 * 200 {removed, meetings: {handedOver, unassigned}}, an invited member's role removed, their
 * sessions ended and their meetings ahead handed over (404 for an ADMIN_EMAILS owner).
 *
 * Public (`staffInvitationRoutes`): POST /invitations/accept {token} → 200 {user} with a session;
 * 410 `invitation_expired` for a used, expired or unknown invitation. POST /auth/email-link
 * {email} → 202 whatever the address: staff get a 15-minute sign-in link by email.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { emailField } from '../../../shared/schemas/fields.ts';
import { invitationSchema } from '../../../shared/schemas/staff.ts';
import { startSession } from '../../middleware/identity.ts';
import { staffRoleOf } from '../../services/sign-in/staff-access.ts';
import type { ApiEnv, SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { authLimiter } from '../../middleware/limits.ts';
import { limitByAddress } from '../../middleware/rate-limit.ts';
import { emailStaffSignInLink } from '../../services/sign-in/sign-in-links.ts';
import {
  acceptInvitation,
  inviteStaff,
  listStaff,
  pendingInvitations,
  removeStaffMember,
  withdrawInvitation,
} from '../../services/sign-in/staff-invitations.ts';
import { handOverMeetings } from '../../services/bookings/hand-over.ts';
import { validate } from '../../validation.ts';
import { idParam } from './params.ts';

const ownersOnly = () => new AppError(403, 'owners_only', 'Only owners can manage the staff.');

export function staffTeamRoutes({ db, env }: AppDeps) {
  const owner = (user: SessionEnv<'staff'>['Variables']['user']) => {
    if (staffRoleOf(env, user) !== 'owner') throw ownersOnly();
    return user;
  };
  return new Hono<SessionEnv<'staff'>>()
    .get('/staff', async (c) =>
      c.json({ members: await listStaff(db, env.ADMIN_EMAILS), invitations: await pendingInvitations(db) }),
    )
    .post('/invitations', validate('json', invitationSchema), async (c) =>
      c.json(await inviteStaff(db, owner(c.var.user), c.req.valid('json'), env.ADMIN_EMAILS, env.SITE_URL), 201),
    )
    .delete('/invitations/:id', validate('param', idParam), async (c) => {
      await withdrawInvitation(db, owner(c.var.user), c.req.valid('param').id);
      return c.json({ withdrawn: c.req.valid('param').id });
    })
    .delete('/staff/:id', validate('param', idParam), async (c) => {
      const id = c.req.valid('param').id;
      const name = await removeStaffMember(db, owner(c.var.user), id);
      return c.json({ removed: id, meetings: await handOverMeetings(db, env, id, name) });
    });
}

export function staffInvitationRoutes(deps: AppDeps) {
  const { db, env } = deps;
  const limiter = authLimiter(deps, 'staff-invitation');
  return new Hono<ApiEnv>()
    .post(
      '/invitations/accept',
      validate('json', z.object({ token: z.string().min(10).max(200) })),
      limitByAddress(limiter, 'accept:'),
      async (c) => {
        const userId = await acceptInvitation(db, c.req.valid('json').token);
        if (!userId) {
          throw new AppError(
            410,
            'invitation_expired',
            'This invitation has been used or has expired. Ask for a new one.',
          );
        }
        await startSession(c, 'staff', userId, 'invitation');
        return c.json({ user: { id: userId } });
      },
    )
    .post(
      '/auth/email-link',
      validate('json', z.object({ email: emailField })),
      limitByAddress(limiter, 'email-link:'),
      async (c) => {
        await emailStaffSignInLink(db, env, c.req.valid('json').email);
        return c.json({}, 202);
      },
    );
}
