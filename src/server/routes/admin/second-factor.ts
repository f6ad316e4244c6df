/**
 * The second step of a staff sign-in and the sign-in with a passkey, public under /api/admin
 * (docs/product.md#sign-in-security; passkeys: routes/account/passkeys.ts):
 * POST /login/second-factor {challenge, code | recoveryCode} → 200 {user} with a session, after
 * Google or a one-time link gave a challenge; 400 `challenge_expired` or `invalid_code`; 403 when
 * the person may no longer use the dashboard; 429 after repeated wrong codes.
 */
import { Hono, type Context } from 'hono';
import { secondFactorSchema } from '../../../shared/schemas/security.ts';
import { startSession } from '../../middleware/identity.ts';
import { passkeySignInRoutes } from '../account/passkeys.ts';
import { staffRoleOf } from '../../services/sign-in/staff-access.ts';
import type { ApiEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { authLimiter } from '../../middleware/limits.ts';
import { limitByAddress } from '../../middleware/rate-limit.ts';
import { completeSecondFactor } from '../../services/sign-in/second-factor.ts';
import { findStaffUser } from '../../services/staff-users.ts';
import { validate } from '../../validation.ts';

export function staffSecondFactorRoutes(deps: AppDeps) {
  const { db, env } = deps;
  const codes = authLimiter(deps, 'staff-second-factor');
  /** A session for staff user `userId` after `method`, when they may still use the dashboard. */
  const staffSession = async (c: Context<ApiEnv>, userId: string, method: string) => {
    const user = await findStaffUser(db, userId);
    if (!user || !staffRoleOf(env, user)) {
      throw new AppError(
        403,
        'forbidden',
        'Access denied. Only authorized email addresses can access the admin panel.',
      );
    }
    await startSession(c, 'staff', user.id, method);
    return c.json({ user: { id: user.id, username: user.username } });
  };
  const passkeys = passkeySignInRoutes('staff', deps, (c, userId) => staffSession(c, userId, 'passkey'));
  return new Hono<ApiEnv>()
    .route('/', passkeys)
    .post('/login/second-factor', validate('json', secondFactorSchema), limitByAddress(codes, 'code:'), async (c) => {
      const { challenge, code, recoveryCode } = c.req.valid('json');
      const done = await completeSecondFactor(db, 'staff', challenge, { code, recoveryCode });
      return staffSession(c, done.userId, `${done.method}+code`);
    });
}
