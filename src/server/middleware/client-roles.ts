/**
 * The role check of the portal's routes (docs/product.md#client-teams): `allowRoles(...roles)`
 * lets a signed-in client member through only when their role is one of `roles`, read from the
 * session's member on this request (a role changed a moment ago applies at once); anyone else
 * gets 403 `forbidden_role`. Behind the client guard (middleware/area-guard.ts), so the caller
 * always has a session.
 */
import type { MiddlewareHandler } from 'hono';
import type { SessionEnv } from '../context.ts';
import { AppError } from '../errors.ts';
import type { ClientRole } from '../../shared/team.ts';

/** The message of a refusal by role. */
export const ROLE_REFUSED = 'Your role on this team does not allow this. An owner of your team can change it.';

function allowRoles(...roles: ClientRole[]): MiddlewareHandler<SessionEnv<'client'>> {
  return async (c, next) => {
    if (!roles.includes(c.var.user.role)) throw new AppError(403, 'forbidden_role', ROLE_REFUSED);
    await next();
  };
}

/** Everyone of a team but `billing`: a project's work (messages, files, milestones, approvals). */
export const workRoles = () => allowRoles('owner', 'member');
/** Those who may sign or decline a proposal: `owner` and `billing` (docs/product.md#proposals). */
export const signingRoles = () => allowRoles('owner', 'billing');
/** Those who pay: `owner` and `billing` see invoices, pay them and manage the plan (docs/product.md#invoices). */
export const billingRoles = () => allowRoles('owner', 'billing');
/** Owners only: the team's management. */
export const ownerOnly = () => allowRoles('owner');
