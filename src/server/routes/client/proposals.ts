/**
 * A client's proposals (docs/product.md#proposals), behind the portal's guard:
 *
 * - GET /api/client/proposals → {items}: every role reads them.
 * - GET /api/client/proposals/:id[?optionalItems=0,2] → the document as sent, its `documentHash`,
 *   and `totals {oneOffCents, monthlyCents, depositCents}` for the optional items named (computed
 *   by the server); 404 for a draft or another client's. Opening it records the view.
 * - POST /api/client/proposals/:id/accept {signerName, consent: true, documentHash,
 *   optionalItems: [index], signatureSvg?} → 200 {agreementId, projectId}; 403 `forbidden_role`
 *   unless `owner` or `billing`; 409 for a stale hash, an expired, withdrawn or decided proposal;
 *   422 without consent or a name.
 * - POST /api/client/proposals/:id/decline {reason} → 200 the proposal; 403 and 409 as above.
 */
import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { acceptProposalSchema, declineProposalSchema, optionalItemsQuery } from '../../../shared/schemas/proposals.ts';
import { callerAddress, type SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { log } from '../../log.ts';
import { signingRoles } from '../../middleware/client-roles.ts';
import { notificationRoutes } from '../../services/email/notification-routes.ts';
import { finishAgreement } from '../../services/proposals/agreements.ts';
import { clientProposal, clientProposals } from '../../services/proposals/client-proposals.ts';
import { acceptProposal, declineProposal } from '../../services/proposals/signing.ts';
import { validate } from '../../validation.ts';

const proposalParam = z.object({ id: z.string().min(1).max(100) });

export function clientProposalRoutes(deps: AppDeps) {
  const { db, env } = deps;
  const zone = env.SITE_TIME_ZONE;
  const team = async () => (await notificationRoutes(db, env)).team;
  const signers: MiddlewareHandler<SessionEnv<'client'>> = signingRoles();
  return new Hono<SessionEnv<'client'>>()
    .get('/proposals', async (c) => c.json(await clientProposals(db, c.var.user.clientId, zone)))
    .get('/proposals/:id', validate('param', proposalParam), validate('query', optionalItemsQuery), async (c) =>
      c.json(await clientProposal(db, c.var.user, c.req.valid('param').id, c.req.valid('query').optionalItems, zone)),
    )
    .post(
      '/proposals/:id/accept',
      signers,
      validate('param', proposalParam),
      validate('json', acceptProposalSchema),
      async (c) => {
        const teamTo = await team();
        const result = await acceptProposal(
          db,
          c.var.user,
          c.req.valid('param').id,
          c.req.valid('json'),
          {
            ipAddress: callerAddress(c.req.header('x-forwarded-for'), c.env?.clientAddress, env.TRUST_PROXY),
            userAgent: c.req.header('user-agent') ?? 'unknown',
          },
          teamTo,
          env,
        );
        // The PDF, its file and the emails: right away, outside the signature's write; the
        // proposals job finishes it if this fails or the process dies first.
        await finishAgreement(deps, result.agreementId, teamTo).catch((error: unknown) =>
          log.warn(
            { component: 'proposals', err: error, agreementId: result.agreementId },
            'agreement PDF left for the sweep',
          ),
        );
        return c.json(result);
      },
    )
    .post(
      '/proposals/:id/decline',
      signers,
      validate('param', proposalParam),
      validate('json', declineProposalSchema),
      async (c) =>
        c.json(
          await declineProposal(db, c.var.user, c.req.valid('param').id, c.req.valid('json').reason, await team(), env),
        ),
    );
}
