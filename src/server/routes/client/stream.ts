/**
 * GET /api/client/stream (docs/product.md#live-updates): the signed-in client's live updates as
 * Server-Sent Events, only about its own projects, each carrying just `{projectId}`. 401 without
 * a client session (the client guard of routes/client/index.ts); the stream ends with the session
 * (docs/decisions/0009-live-updates.md).
 */
import { Hono } from 'hono';
import type { SessionEnv } from '../../context.ts';
import { liveStream } from '../../live/stream.ts';

export function clientStreamRoutes() {
  return new Hono<SessionEnv<'client'>>().get('/stream', (c) => {
    const clientId = c.var.user.id;
    return liveStream(c, 'client', { clientId }, (event) =>
      'clientId' in event && event.clientId === clientId ? { projectId: event.projectId } : null,
    );
  });
}
