/**
 * A client's approvals (docs/product.md#approvals), behind the portal's guard:
 * GET /api/client/approvals → its approvals, pending first;
 * POST /api/client/approvals/:approvalId/decision {decision: "approved" | "changes-requested", comment}
 * → 200 the approval; 404 for another client's; 409 once decided; 422 for changes without a comment.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { approvalDecisionSchema } from '../../../shared/schemas/approvals.ts';
import { callerAddress, type SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { clientApprovals, decideApproval } from '../../services/projects/approvals.ts';
import { validate } from '../../validation.ts';
import { workRoles } from '../../middleware/client-roles.ts';

const approvalParam = z.object({ approvalId: z.string().min(1).max(100) });

export function clientApprovalRoutes({ db }: AppDeps) {
  return new Hono<SessionEnv<'client'>>()
    .use('/approvals/*', workRoles())
    .get('/approvals', async (c) => c.json(await clientApprovals(db, c.var.user.clientId)))
    .post(
      '/approvals/:approvalId/decision',
      validate('param', approvalParam),
      validate('json', approvalDecisionSchema),
      async (c) => {
        const address = callerAddress(
          c.req.header('x-forwarded-for'),
          c.env?.clientAddress,
          c.var.deps.env.TRUST_PROXY,
        );
        return c.json(
          await decideApproval(db, c.var.user, c.req.valid('param').approvalId, c.req.valid('json'), address),
        );
      },
    );
}
