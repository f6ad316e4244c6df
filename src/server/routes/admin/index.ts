/**
 * The staff dashboard's API under /api/admin (docs/product.md#api): sign-in, the staff session,
 * and one module per resource. Every route but sign-in and logout needs a staff session (401
 * otherwise; a client session never passes). Every create, update and delete is recorded as an
 * admin event in the same transaction.
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { adminEventRoutes } from './admin-events.ts';
import { staffClientRoutes } from './clients.ts';
import { staffCommunicationRoutes } from './communications.ts';
import { staffLeadRoutes } from './leads.ts';
import { staffMilestoneRoutes } from './milestones.ts';
import { staffProjectRoutes } from './projects.ts';
import { staffSessionRoutes } from './session.ts';
import { staffSignInRoutes } from './sign-in.ts';
import { undeliveredEmailRoutes } from './undelivered-emails.ts';
import { staffStreamRoutes } from './stream.ts';
import { adminSummaryRoutes } from './summary.ts';

export function adminRoutes(deps: AppDeps) {
  return new Hono<ApiEnv>()
    .route('/auth', staffSignInRoutes(deps))
    .route('/', staffSessionRoutes())
    .route('/', staffClientRoutes(deps))
    .route('/', staffProjectRoutes(deps))
    .route('/', staffMilestoneRoutes(deps))
    .route('/', staffCommunicationRoutes(deps))
    .route('/', staffLeadRoutes(deps))
    .route('/', adminEventRoutes(deps))
    .route('/', undeliveredEmailRoutes(deps))
    .route('/', adminSummaryRoutes(deps))
    .route('/', staffStreamRoutes());
}
