/**
 * GET /api/admin/stream (docs/product.md#live-updates): every live update, as Server-Sent
 * Events, for signed-in staff: `message` {projectId, clientId, communicationId, fromClient},
 * `message-read` and `project-updated` {projectId, clientId}. Behind the staff guard of
 * routes/admin/index.ts; the stream ends with the session (docs/decisions/0009-live-updates.md).
 */
import { Hono } from 'hono';
import type { SessionEnv } from '../../context.ts';
import { liveStream } from '../../live/stream.ts';

export function staffStreamRoutes() {
  return new Hono<SessionEnv<'staff'>>().get('/stream', (c) =>
    liveStream(c, 'staff', { staff: true }, ({ type: _type, ...data }) => data),
  );
}
