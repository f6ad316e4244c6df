/**
 * A client's invitation and the password links' pages, under /api/client, public
 * (docs/product.md#invitations):
 *
 * - POST /password-link {token} → 200 {state: 'usable' | 'used' | 'expired' | 'unknown', purpose:
 *   'invitation' | 'reset', name}: what the welcome and reset pages show, without spending the link.
 * - POST /invitation/accept {token, password?} → 200 {twoFactorRequired: false, token, client}
 *   with a session (the client chose a password, or chose none and adds a passkey next), or
 *   {twoFactorRequired: true, challenge}; 410 `invitation_used` or `invitation_expired` (also for
 *   an unknown link or a reset link); 422 on `password` for a common one.
 * - POST /invitations/accept {token, name, password?}: the same for a person invited to a client's
 *   team (docs/product.md#client-teams), who also gives the name they go by; 410 as above (also
 *   for a removed member's link).
 * - POST /invitation/new-link {email} → 202 {} whatever the address: a client who has not set up
 *   the account gets a new invitation at that address.
 * 429 past 5 × AUTH_RATE_LIMIT per 15 minutes per address, and AUTH_RATE_LIMIT per email for a
 * new link (docs/product.md#limits).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { emailField } from '../../../shared/schemas/fields.ts';
import { acceptInvitationSchema, passwordLinkSchema } from '../../../shared/schemas/client.ts';
import { assertStrongPassword } from '../../services/sign-in/password-strength.ts';
import { hashPassword } from '../../services/sign-in/passwords.ts';
import { finishSignIn } from '../../middleware/sign-in-flow.ts';
import type { ApiEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { authLimiter } from '../../middleware/limits.ts';
import { limitByAddress } from '../../middleware/rate-limit.ts';
import { normalizeEmail, toPublicMe } from '../../services/clients/clients.ts';
import { acceptTeamInvitationSchema } from '../../../shared/schemas/team.ts';
import {
  acceptInvitation,
  describePasswordLink,
  findInvitedClient,
  InvitationUnusableError,
  requestNewInvitation,
} from '../../services/sign-in/invitations.ts';
import { validate } from '../../validation.ts';

/** The 410 of an invitation that cannot be used, in plain words. */
function unusable(error: InvitationUnusableError): AppError {
  return error.state === 'used'
    ? new AppError(
        410,
        'invitation_used',
        'This invitation has already been used. Sign in with your password or passkey.',
      )
    : new AppError(410, 'invitation_expired', 'This invitation has expired. We can email you a new link.');
}

export function clientInvitationRoutes(deps: AppDeps) {
  const { db, env } = deps;

  /** Accepts an invitation with a password or none, and a name when given; signs the person in. */
  const accept = async (c: Context<ApiEnv>, body: { token: string; password?: string; name?: string }) => {
    const { token, password, name } = body;
    if (password) {
      const invited = await findInvitedClient(db, token);
      assertStrongPassword(password, invited ? [name ?? invited.name, invited.email] : []);
    }
    const member = await acceptInvitation(
      db,
      token,
      password ? await hashPassword(password) : null,
      new Date(),
      name,
    ).catch((error: unknown) => {
      throw error instanceof InvitationUnusableError ? unusable(error) : error;
    });
    const outcome = await finishSignIn(c, 'client', member.id, 'invitation');
    if (outcome.twoFactorRequired) return c.json({ twoFactorRequired: true as const, challenge: outcome.challenge });
    return c.json({ twoFactorRequired: false as const, token: outcome.token, client: toPublicMe(member) });
  };
  const byAddress = authLimiter(deps, 'invitation-address', 'address');
  const byEmail = authLimiter(deps, 'invitation-email');

  return new Hono<ApiEnv>()
    .post('/password-link', validate('json', passwordLinkSchema), limitByAddress(byAddress, 'look:'), async (c) =>
      c.json(await describePasswordLink(db, c.req.valid('json').token)),
    )
    .post('/invitation/accept', validate('json', acceptInvitationSchema), limitByAddress(byAddress, 'accept:'), (c) =>
      accept(c, c.req.valid('json')),
    )
    .post(
      '/invitations/accept',
      validate('json', acceptTeamInvitationSchema),
      limitByAddress(byAddress, 'accept:'),
      (c) => accept(c, c.req.valid('json')),
    )
    .post(
      '/invitation/new-link',
      validate('json', z.object({ email: emailField })),
      limitByAddress(byAddress, 'new-link:'),
      async (c) => {
        const { email } = c.req.valid('json');
        await byEmail.consume(`new-link:${normalizeEmail(email)}`);
        await requestNewInvitation(db, email, env.SITE_URL);
        return c.json({}, 202);
      },
    );
}
