/**
 * The client portal's API under /api/client (docs/product.md#api): sign-in and registration,
 * password resets, invitations, and, behind the one client guard here (middleware/area-guard.ts), the
 * client's own account, projects, messages and live-update stream. Without a client session (a
 * staff session never passes) those answer 401, before any field is validated
 * (docs/decisions/0026-one-guard-per-area.md).
 */
import { clientFileRoutes } from './files.ts';
import { clientApprovalRoutes } from './approvals.ts';
import { clientExportRoutes } from './export.ts';
import { Hono } from 'hono';
import type { ApiEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { passkeyRoutes } from '../account/passkeys.ts';
import { accountSecurityRoutes } from '../account/security.ts';
import { areaGuard } from '../../middleware/area-guard.ts';
import { clientAccountRoutes } from './account.ts';
import { clientCommunicationRoutes } from './communications.ts';
import { clientInvitationRoutes } from './invitation.ts';
import { passwordResetRoutes } from './password-resets.ts';
import { clientProjectRoutes } from './projects.ts';
import { clientProposalRoutes } from './proposals.ts';
import { clientInvoiceRoutes } from './invoices.ts';
import { clientSessionRoutes } from './session.ts';
import { clientPasskeySignInRoutes, clientSignInLinkRoutes } from './sign-in-link.ts';
import { clientStreamRoutes } from './stream.ts';
import { clientTeamRoutes } from './team.ts';

export function clientRoutes(deps: AppDeps) {
  // Hono runs a request's matching handlers in the order they were added, so the public routes
  // answer before the guard's `*` is reached; everything mounted after the guard is for clients.
  const signedIn = new Hono<ApiEnv>()
    .use('*', areaGuard('client'))
    .route('/', clientAccountRoutes(deps))
    .route('/', clientProjectRoutes(deps))
    .route('/', clientCommunicationRoutes(deps))
    .route('/', clientFileRoutes(deps))
    .route('/', clientApprovalRoutes(deps))
    .route('/', clientProposalRoutes(deps))
    .route('/', clientInvoiceRoutes(deps))
    .route('/', clientExportRoutes(deps))
    .route('/', clientTeamRoutes(deps))
    .route('/', accountSecurityRoutes('client', deps))
    .route('/', passkeyRoutes('client', deps))
    .route('/', clientStreamRoutes());
  return new Hono<ApiEnv>()
    .route('/', clientSessionRoutes(deps))
    .route('/', clientSignInLinkRoutes(deps))
    .route('/', clientPasskeySignInRoutes(deps))
    .route('/', clientInvitationRoutes(deps))
    .route('/password-reset', passwordResetRoutes(deps))
    .route('/', signedIn);
}
