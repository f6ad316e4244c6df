/**
 * STAFF_REQUIRE_2FA (docs/product.md#sign-in-security): a staff member signed in without
 * two-step verification set up may only read who they are, set it up, and manage their sessions
 * and passkeys; every other dashboard request answers 403 `two_factor_setup_required`, and the
 * dashboard shows the set-up instead. Runs after the staff guard, which set `user`.
 */
import type { MiddlewareHandler } from 'hono';
import type { SessionEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { totpEnabled } from '../services/sign-in/totp.ts';

/** The paths under /api/admin that stay open before set-up. */
const OPEN = /^\/api\/admin\/(me|totp(\/.*)?|sessions(\/.*)?|passkeys(\/.*)?|logout)$/;

export function twoFactorSetupGate(deps: AppDeps): MiddlewareHandler<SessionEnv<'staff'>> {
  return async (c, next) => {
    const user = c.get('user') as SessionEnv<'staff'>['Variables']['user'] | undefined;
    if (!deps.env.STAFF_REQUIRE_2FA || !user || OPEN.test(c.req.path)) return next();
    if (await totpEnabled(deps.db.read, 'staff', user.id)) return next();
    throw new AppError(403, 'two_factor_setup_required', 'Set up two-step verification to use the dashboard.');
  };
}
