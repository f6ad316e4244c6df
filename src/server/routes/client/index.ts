/**
 * The client portal's API under /api/client (docs/product.md#api): session, the client's own
 * settings, password resets, projects, messages and the live-update stream.
 */
import { Hono } from 'hono';
import type { ApiEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { clientAccountRoutes } from './account.ts';
import { clientCommunicationRoutes } from './communications.ts';
import { passwordResetRoutes } from './password-resets.ts';
import { clientProjectRoutes } from './projects.ts';
import { clientSessionRoutes } from './session.ts';
import { clientStreamRoutes } from './stream.ts';

export function clientRoutes(deps: AppDeps) {
  return new Hono<ApiEnv>()
    .route('/', clientSessionRoutes(deps))
    .route('/', clientAccountRoutes(deps))
    .route('/password-reset', passwordResetRoutes(deps))
    .route('/', clientProjectRoutes(deps))
    .route('/', clientCommunicationRoutes(deps))
    .route('/', clientStreamRoutes());
}
