/**
 * What one due group of notifications becomes (docs/product.md#notifications): one email to the
 * team (a client's messages, files and answered approvals; a new lead) or to a client (everything
 * on one project), or nothing when its messages were read meanwhile, the person turned emails
 * off, or nobody is to be told.
 * `settle(group, options)` resolves with the rows batched into the email, the rows skipped, and
 * the email's draft (null for none). Used by the notification worker (notification-worker.ts).
 */
import { renderClientDigest } from '../services/email/templates/client-digest.tsx';
import { renderNewLead } from '../services/email/templates/new-lead.tsx';
import { renderTeamDigest } from '../services/email/templates/team-digest.tsx';
import type { Env } from '../env/index.ts';
import type { Mailer } from '../services/email/mailer.ts';
import type { Database } from '../db/database.ts';
import { type EmailDraft, type loadGroup } from '../services/email/notifications.ts';
import { leadRecipients, notificationRoutes } from '../services/email/notification-routes.ts';
import { createClientSignInLink, signInLinkUrl } from '../services/sign-in/client-sign-in-links.ts';
import { unsubscribeLinks } from '../services/email/unsubscribe.ts';
import { clientItems, teamItems } from './notification-items.ts';

export interface NotificationWorkerOptions {
  db: Database;
  env: Pick<
    Env,
    | 'SITE_URL'
    | 'SITE_TIME_ZONE'
    | 'NOTIFY_DELAY_SECONDS'
    | 'NOTIFY_LEASE_SECONDS'
    | 'TEAM_NOTIFY_TO'
    | 'ADMIN_EMAILS'
    | 'LEADS_NOTIFY_TO'
    | 'MAGIC_LINK_HOURS'
  >;
  mailer: Mailer;
  pollMs?: number;
  /** Whether a lead stored by this process starts a round at once (default true; tests that drive rounds set false). */
  wakeOnLead?: boolean;
  retryBaseMs?: number;
  /** The clock (tests move it). */
  now?: () => Date;
  onError?: (error: unknown) => void;
}

type Group = NonNullable<Awaited<ReturnType<typeof loadGroup>>>;
interface Settlement {
  batched: string[];
  skipped: string[];
  draft: EmailDraft | null;
}

/** Decides what one group becomes. */
export async function settle(group: Group, options: NotificationWorkerOptions): Promise<Settlement> {
  const { env, db } = options;
  const all = group.items.map((i) => i.id);
  const nothing = { batched: [], skipped: all, draft: null };
  const site = (path: string) => new URL(path, env.SITE_URL).href;

  if (group.items[0]?.kind === 'new_lead') {
    const { lead } = group;
    if (!lead) return nothing;
    // One team-inbox rule for every staff email (services/email/notification-routes.ts).
    const to = await leadRecipients(db, env, lead.urgent);
    if (to.length === 0) return nothing;
    const email = await renderNewLead({
      lead,
      leadUrl: site(`/admin#lead/${encodeURIComponent(lead.id)}`),
      timeZone: env.SITE_TIME_ZONE,
    });
    return {
      batched: all,
      skipped: [],
      draft: {
        audience: 'team',
        to,
        ...email,
        headers: lead.email ? { 'Reply-To': lead.email } : {},
      },
    };
  }

  // A message read, or a file deleted, before its email was due needs no email
  // (docs/product.md#notifications); notification-items.ts says which rows are still news.
  const { client, project } = group;
  if (!client) return nothing;

  if (group.audience === 'team') {
    const { messages, files, decisions, batched, skipped } = await teamItems(db, group.items);
    if (batched.length === 0) return nothing;
    const to = (await notificationRoutes(db, env)).team;
    if (to.length === 0) return nothing;
    const email = await renderTeamDigest({
      client: { name: client.name, email: client.email, company: client.company },
      messages,
      files,
      decisions,
      dashboardUrl: site(messages.length > 0 ? '/admin#messages' : `/admin#client/${client.id}`),
      timeZone: env.SITE_TIME_ZONE,
    });
    return { batched, skipped, draft: { audience: 'team', to, ...email, headers: { 'Reply-To': client.email } } };
  }

  if (!project || !client.isActive || !client.emailNotifications) return nothing;
  const { updates: items, batched, skipped } = await clientItems(db, group.items);
  if (batched.length === 0) return nothing;
  const links = await unsubscribeLinks(db, env.SITE_URL, client.id);
  // The button signs the client in and lands on the project (docs/product.md#sign-in-security).
  const signIn = await createClientSignInLink(db, client.id, `/portal/projects/${project.id}`, env.MAGIC_LINK_HOURS);
  const email = await renderClientDigest({
    client: { name: client.name },
    project: { title: project.title },
    items,
    projectUrl: signInLinkUrl(env.SITE_URL, signIn),
    linkHours: env.MAGIC_LINK_HOURS,
    unsubscribeUrl: links.pageUrl,
    settingsUrl: site('/portal/settings'),
    timeZone: env.SITE_TIME_ZONE,
  });
  return {
    batched,
    skipped,
    draft: {
      audience: 'client',
      to: [client.email],
      ...email,
      // RFC 8058 one-click unsubscribe: the mail provider POSTs to this address.
      headers: {
        'List-Unsubscribe': `<${links.postUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    },
  };
}
