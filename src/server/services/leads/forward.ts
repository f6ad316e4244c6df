/**
 * What happens after a lead is stored besides its email (docs/product.md#lead-delivery): a copy
 * posted to FORM_FORWARD_URL when set. It runs in the background; a failure is logged and never
 * loses the lead or fails the request. The new-lead email itself is queued with the lead, in the
 * same transaction (src/server/services/leads/leads.ts, docs/product.md#notifications).
 */
import type { BackgroundTasks } from '../../background.ts';
import type { Env } from '../../env/index.ts';
import type { LeadRow as Lead } from './leads.ts';

/** Time allowed for the forward POST, in milliseconds. */
const FORWARD_TIMEOUT_MS = 5000;

/** Queues the forward of `lead` to FORM_FORWARD_URL on `tasks` (nothing when it is unset). */
export function forwardLead(lead: Lead, deps: { env: Env; tasks: BackgroundTasks; fetch: typeof fetch }): void {
  const forwardUrl = deps.env.FORM_FORWARD_URL;
  if (!forwardUrl) return;
  deps.tasks.run('lead forward', async () => {
    const response = await deps.fetch(forwardUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        message: lead.message,
        'How did you find us': lead.howDidYouFindUs,
        subject: lead.subject,
        services: lead.services,
        source: lead.source,
        urgent: lead.urgent,
        createdAt: lead.createdAt.toISOString(),
      }),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`forward answered ${response.status}`);
  });
}
