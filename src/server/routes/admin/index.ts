/**
 * The staff dashboard's API under /api/admin (docs/product.md#api): sign-in, the staff session,
 * and one module per resource. Only sign-in (/auth/*) and POST /logout are public; every other
 * route sits behind the one staff guard here (middleware/area-guard.ts): 401 without a staff
 * session of a still-allowed email (a client session never passes), before any field is
 * validated (docs/decisions/0026-one-guard-per-area.md). Every create, update and delete is
 * recorded as an admin event in the same transaction.
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { passkeyRoutes } from '../account/passkeys.ts';
import { accountSecurityRoutes } from '../account/security.ts';
import { twoFactorSetupGate } from '../../middleware/two-factor-gate.ts';
import { areaGuard } from '../../middleware/area-guard.ts';
import { adminEventRoutes } from './admin-events.ts';
import { staffChatRoutes } from './chats.ts';
import { staffFileRoutes } from './files.ts';
import { staffApprovalRoutes } from './approvals.ts';
import { staffClientRoutes } from './clients.ts';
import { staffClientMemberRoutes } from './client-members.ts';
import { staffCommunicationRoutes } from './communications.ts';
import { staffLeadRoutes } from './leads.ts';
import { staffMilestoneRoutes } from './milestones.ts';
import { staffPrivacyRoutes } from './privacy.ts';
import { staffProjectRoutes } from './projects.ts';
import { staffProposalRoutes } from './proposals.ts';
import { staffInvoiceRoutes } from './invoices.ts';
import { staffSessionRoutes, staffSignOutRoutes } from './session.ts';
import { staffSecondFactorRoutes } from './second-factor.ts';
import { staffSignInRoutes } from './sign-in.ts';
import { staffInvitationRoutes, staffTeamRoutes } from './staff.ts';
import { heldEmailRoutes } from './held-emails.ts';
import { staffBookingRoutes } from './bookings.ts';
import { undeliveredEmailRoutes } from './undelivered-emails.ts';
import { notificationRouteRoutes } from './notification-routes.ts';
import { staffStreamRoutes } from './stream.ts';
import { staffTimeEntryRoutes } from './time-entries.ts';
import { staffSubscriberRoutes } from './newsletter-subscribers.ts';
import { adminSummaryRoutes } from './summary.ts';

export function adminRoutes(deps: AppDeps) {
  // Hono runs a request's matching handlers in the order they were added, so the public routes
  // answer before the guard's `*` is reached; everything mounted after the guard is staff-only.
  const staffOnly = new Hono<ApiEnv>()
    .use('*', areaGuard('staff'))
    .use('*', twoFactorSetupGate(deps))
    .route('/', staffSessionRoutes())
    .route('/', accountSecurityRoutes('staff', deps))
    .route('/', passkeyRoutes('staff', deps))
    .route('/', staffTeamRoutes(deps))
    .route('/', staffPrivacyRoutes(deps))
    .route('/', staffClientRoutes(deps))
    .route('/', staffClientMemberRoutes(deps))
    .route('/', staffProjectRoutes(deps))
    .route('/', staffMilestoneRoutes(deps))
    .route('/', staffTimeEntryRoutes(deps))
    .route('/', staffCommunicationRoutes(deps))
    .route('/', staffLeadRoutes(deps))
    .route('/', staffSubscriberRoutes(deps))
    .route('/', adminEventRoutes(deps))
    .route('/', undeliveredEmailRoutes(deps))
    .route('/', heldEmailRoutes(deps))
    .route('/', notificationRouteRoutes(deps))
    .route('/', adminSummaryRoutes(deps))
    .route('/', staffChatRoutes(deps))
    .route('/', staffFileRoutes(deps))
    .route('/', staffApprovalRoutes(deps))
    .route('/', staffProposalRoutes(deps))
    .route('/', staffInvoiceRoutes(deps))
    .route('/', staffBookingRoutes(deps))
    .route('/', staffStreamRoutes());
  return new Hono<ApiEnv>()
    .route('/auth', staffSignInRoutes(deps))
    .route('/', staffSecondFactorRoutes(deps))
    .route('/', staffInvitationRoutes(deps))
    .route('/', staffSignOutRoutes())
    .route('/', staffOnly);
}
