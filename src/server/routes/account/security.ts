/**
 * A signed-in person's own sign-in security, the same for a client (/api/client) and staff
 * (/api/admin), mounted behind the area's guard (docs/product.md#sign-in-security):
 *
 * - GET /sessions → [{id, current, device, ipAddress, method, createdAt, lastSeenAt}];
 *   DELETE /sessions/:id → 200 {signedOut: id}, 404 for a session not theirs; DELETE /sessions →
 *   200 {signedOut: n}, every session but the current one ('Sign out everywhere else').
 * - GET /totp → {enabled, recoveryCodesLeft, required}; POST /totp/setup → {secret, uri, qrSvg}
 *   (409 when already on); POST /totp/confirm {code} → {recoveryCodes} (ten, shown once; the
 *   other sessions end and an email tells of it); POST /totp/recovery-codes {code} →
 *   {recoveryCodes}, the old ones void; POST /totp/disable {code | recoveryCode} → 200 {enabled:
 *   false}, 409 `totp_required` for staff when STAFF_REQUIRE_2FA is on.
 * A wrong code answers 400 `invalid_code`; five in a row lock the checks (429, Retry-After).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { codeOrRecoverySchema, codeSchema } from '../../../shared/schemas/security.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { createLimiter } from '../../middleware/rate-limit.ts';
import { applySecurityChange, prepareSecurityNotice } from '../../services/sign-in/security-notices.ts';
import { listSessions, signOutSession } from '../../services/sign-in/session-list.ts';
import { revokeOtherSessions, type SessionKind } from '../../services/sign-in/sessions.ts';
import { disableTotp } from '../../services/sign-in/totp-off.ts';
import { confirmTotp, regenerateRecoveryCodes, startTotpSetup, totpStatus } from '../../services/sign-in/totp.ts';
import { validate } from '../../validation.ts';

const sessionParam = z.object({ id: z.string().min(1).max(200) });

export function accountSecurityRoutes<K extends SessionKind>(kind: K, deps: AppDeps) {
  const { db, env } = deps;
  const required = kind === 'staff' && env.STAFF_REQUIRE_2FA;
  const setups = createLimiter(db, {
    name: `${kind}-totp-setup`,
    points: 20,
    durationSeconds: 15 * 60,
    message: 'Too many attempts. Please wait a few minutes.',
  });
  const label = (user: SessionEnv<K>['Variables']['user']) => ('email' in user ? user.email : user.username);

  return new Hono<SessionEnv<K>>()
    .get('/sessions', async (c) => c.json(await listSessions(db, kind, c.var.user.id, c.var.session.id)))
    .delete('/sessions/:id', validate('param', sessionParam), async (c) => {
      const { id } = c.req.valid('param');
      await signOutSession(db, kind, c.var.user.id, id);
      return c.json({ signedOut: id });
    })
    .delete('/sessions', async (c) => {
      const before = await listSessions(db, kind, c.var.user.id, c.var.session.id);
      await revokeOtherSessions(db, kind, c.var.user.id, c.var.session.id);
      return c.json({ signedOut: before.filter((s) => !s.current).length });
    })
    .get('/totp', async (c) => c.json({ ...(await totpStatus(db, kind, c.var.user.id)), required }))
    .post('/totp/setup', async (c) => {
      await setups.consume(`${c.var.user.id}`);
      return c.json(await startTotpSetup(db, kind, c.var.user.id, label(c.var.user)));
    })
    .post('/totp/confirm', validate('json', codeSchema), async (c) => {
      const { user, session } = c.var;
      const notice = await prepareSecurityNotice(db, kind, user.id, 'two-step-on', c.req.header('user-agent') ?? null);
      const recoveryCodes = await confirmTotp(db, kind, user.id, c.req.valid('json').code, new Date(), (tx) =>
        applySecurityChange(tx, kind, user.id, session.id, notice),
      );
      return c.json({ recoveryCodes });
    })
    .post('/totp/recovery-codes', validate('json', codeSchema), async (c) =>
      c.json({
        recoveryCodes: await regenerateRecoveryCodes(db, kind, c.var.user.id, c.req.valid('json').code, new Date()),
      }),
    )
    .post('/totp/disable', validate('json', codeOrRecoverySchema), async (c) => {
      if (required) {
        throw new AppError(
          409,
          'totp_required',
          'Two-step verification is required for staff and cannot be turned off.',
        );
      }
      const { user, session } = c.var;
      const notice = await prepareSecurityNotice(db, kind, user.id, 'two-step-off', c.req.header('user-agent') ?? null);
      await disableTotp(db, kind, user.id, c.req.valid('json'), new Date(), (tx) =>
        applySecurityChange(tx, kind, user.id, session.id, notice),
      );
      return c.json({ enabled: false as const });
    });
}
