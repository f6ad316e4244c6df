/**
 * GET /api/client/stream (docs/product.md#live-updates): the signed-in member's live updates as
 * Server-Sent Events, only about their client's projects, each carrying just `{projectId}` (and its
 * proposals, each carrying just `{proposalId}`), and
 * only what the member's role may see (docs/product.md#client-teams: a `billing` member gets no
 * message events); a role changed while the stream is open applies from the next event. 401
 * without a client session (the client guard of routes/client/index.ts); the stream ends with the
 * session (docs/decisions/0009-live-updates.md).
 */
import { Hono } from 'hono';
import type { SessionEnv } from '../../context.ts';
import { liveStream } from '../../live/stream.ts';
import { roleMay } from '../../../shared/team.ts';

export function clientStreamRoutes() {
  return new Hono<SessionEnv<'client'>>().get('/stream', (c) => {
    const clientId = c.var.user.clientId;
    return liveStream(c, 'client', { clientId }, (event, member) => {
      if (!('clientId' in event) || event.clientId !== clientId) return null;
      // Every role sees the team's proposals (docs/product.md#proposals).
      if (event.type === 'proposal-updated') return { proposalId: event.proposalId };
      // Invoices are for those who pay: `owner` and `billing` (docs/product.md#invoices).
      if (event.type === 'invoice-updated') return member.role === 'member' ? null : { invoiceId: event.invoiceId };
      if (event.type !== 'project-updated' && !roleMay(member.role, 'work')) return null;
      return { projectId: event.projectId };
    });
  });
}
