/**
 * GET /api/admin/stream (docs/product.md#live-updates): every live update, as Server-Sent
 * Events, for signed-in staff: `message` {projectId, clientId, communicationId, fromClient},
 * `message-read` and `project-updated` {projectId, clientId}. 401 without a staff session; the
 * stream ends with the session (docs/decisions/0009-live-updates.md).
 */
import { Hono } from 'hono';
import { requireSession } from '../../auth/identity.ts';
import type { SessionEnv } from '../../context.ts';
import { liveStream } from '../../live/stream.ts';

export function staffStreamRoutes() {
  return new Hono<SessionEnv<'staff'>>().get('/stream', requireSession('staff'), (c) =>
    liveStream(c, 'staff', { staff: true }, ({ type: _type, ...data }) => data),
  );
}
