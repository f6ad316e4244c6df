/**
 * What happens after a lead is stored (docs/product.md#lead-delivery): an email to LEADS_NOTIFY_TO
 * (made by emails/new-lead.tsx), and a copy posted to FORM_FORWARD_URL when set. Both run in the
 * background; a failure is logged and never loses the lead or fails the request.
 */
import type { BackgroundTasks } from './background.ts';
import { renderNewLead } from './emails/new-lead.tsx';
import type { Env } from './env.ts';
import type { Mailer } from './mail.ts';
import type { LeadRow as Lead } from './services/leads.ts';

/** Time allowed for the forward POST, in milliseconds. */
const FORWARD_TIMEOUT_MS = 5000;

/** Queues the email and the forward for `lead` on `tasks`. */
export function notifyNewLead(
  lead: Lead,
  deps: { env: Env; mailer: Mailer; tasks: BackgroundTasks; fetch: typeof fetch },
): void {
  const { env, mailer, tasks } = deps;
  if (env.LEADS_NOTIFY_TO.length > 0) {
    tasks.run('new-lead email', async () => {
      const email = await renderNewLead({ lead, dashboardUrl: new URL('/admin', env.SITE_URL).href });
      await mailer.send({
        to: env.LEADS_NOTIFY_TO,
        ...email,
        ...(lead.email ? { replyTo: lead.email } : {}),
      });
    });
  }
  const forwardUrl = env.FORM_FORWARD_URL;
  if (forwardUrl) {
    tasks.run('lead forward', async () => {
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
}
