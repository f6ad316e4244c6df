/**
 * What one due group of notifications becomes (docs/product.md#notifications): one email to the
 * team (a client's messages, files and answered approvals; a new lead) or one to each person of a
 * client whose role may see it (everything on one project; docs/product.md#client-teams), or
 * nothing when its messages were read meanwhile, the people turned emails off, or nobody is to be told.
 * `settle(group, options)` resolves with the rows batched into the emails, the rows skipped, and
 * the emails' drafts (none for none). Used by the notification worker (notification-worker.ts).
 */
import { renderClientDigest } from '../services/email/templates/client-digest.tsx';
import { renderNewLead } from '../services/email/templates/new-lead.tsx';
import { renderTeamDigest } from '../services/email/templates/team-digest.tsx';
import type { Env } from '../env/index.ts';
import type { FileStorage } from '../storage/storage.ts';
import type { Mailer } from '../services/email/mailer.ts';
import type { Database } from '../db/database.ts';
import { type EmailDraft, type loadGroup } from '../services/email/notifications.ts';
import { leadRecipients, notificationRoutes } from '../services/email/notification-routes.ts';
import { createClientSignInLink, signInLinkUrl } from '../services/sign-in/client-sign-in-links.ts';
import { unsubscribeLinks } from '../services/email/unsubscribe.ts';
import { clientItems, teamItems } from './notification-items.ts';
import { membersOf } from '../services/clients/members.ts';
import { roleMay } from '../../shared/team.ts';
import { staffUsersByAddress } from '../services/staff-users.ts';
import { createReplyAddress } from '../services/inbound/reply-tokens.ts';

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
    | 'INBOUND_DOMAIN'
  >;
  mailer: Mailer;
  /**
   * Where attachments' bytes are (a signed agreement's PDF); an email that names attachments
   * fails its try without it.
   */
  storage?: FileStorage;
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
  /** The emails to queue: none, one (the team's), or one per person of a client. */
  drafts: EmailDraft[];
}

/** Decides what one group becomes. */
export async function settle(group: Group, options: NotificationWorkerOptions): Promise<Settlement> {
  const { env, db } = options;
  const all = group.items.map((i) => i.id);
  const nothing = { batched: [], skipped: all, drafts: [] };
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
      drafts: [
        {
          audience: 'team',
          to,
          ...email,
          headers: lead.email ? { 'Reply-To': lead.email } : {},
        },
      ],
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
    // With email replies on, each staff member gets their own reply address on the project of
    // the newest message (docs/product.md#email-replies); anyone else replies to the client.
    const projectId = messages.at(-1)?.projectId;
    const staff = env.INBOUND_DOMAIN && projectId ? await staffUsersByAddress(db, env.ADMIN_EMAILS, to) : new Map();
    const direct = to.filter((address) => !staff.has(address.toLowerCase()));
    const drafts: EmailDraft[] =
      direct.length > 0 ? [{ audience: 'team', to: direct, ...email, headers: { 'Reply-To': client.email } }] : [];
    for (const [address, userId] of staff) {
      const replyTo = await createReplyAddress(db, env.INBOUND_DOMAIN!, {
        threadKind: 'project',
        threadId: projectId!,
        recipientKind: 'staff',
        recipientId: userId,
        recipientEmail: address,
      });
      drafts.push({ audience: 'team', to: [address], ...email, headers: { 'Reply-To': replyTo } });
    }
    return { batched, skipped, drafts };
  }

  if (!project || !client.isActive) return nothing;
  const { updates: items, batched, skipped } = await clientItems(db, group.items);
  if (batched.length === 0) return nothing;
  // One email per person whose role may see the items and who wants emails, each with their own
  // sign-in and unsubscribe links (docs/product.md#client-teams).
  const drafts: EmailDraft[] = [];
  for (const member of await membersOf(db.read, client.id)) {
    if (!member.joinedAt || member.erasedAt || !member.emailNotifications) continue;
    const seen = roleMay(member.role, 'work') ? items : items.filter((item) => item.kind === 'project_status');
    if (seen.length === 0) continue;
    const links = await unsubscribeLinks(db, env.SITE_URL, member.id);
    // The button signs the person in and lands on the project (docs/product.md#sign-in-security).
    const landing = roleMay(member.role, 'work') ? `/portal/projects/${project.id}` : '/portal';
    const signIn = await createClientSignInLink(db, member.id, landing, env.MAGIC_LINK_HOURS);
    const email = await renderClientDigest({
      client: { name: member.name },
      project: { title: project.title },
      items: seen,
      projectUrl: signInLinkUrl(env.SITE_URL, signIn),
      linkHours: env.MAGIC_LINK_HOURS,
      unsubscribeUrl: links.pageUrl,
      settingsUrl: site('/portal/settings'),
      timeZone: env.SITE_TIME_ZONE,
    });
    drafts.push({
      audience: 'client',
      to: [member.email],
      ...email,
      // RFC 8058 one-click unsubscribe: the mail provider POSTs to this address.
      headers: {
        'List-Unsubscribe': `<${links.postUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        ...(await clientReplyTo(db, env, project.id, member)),
      },
    });
  }
  return drafts.length > 0 ? { batched, skipped, drafts } : nothing;
}

/**
 * The `Reply-To` of a client member's email about `projectId` (docs/product.md#email-replies):
 * their own reply address when email replies are on and their role may write on the project;
 * else the team's addresses, so that a reply reaches a person rather than no-reply.
 */
async function clientReplyTo(
  db: Database,
  env: NotificationWorkerOptions['env'],
  projectId: string,
  member: { id: string; email: string; role: Parameters<typeof roleMay>[0] },
): Promise<Record<string, string>> {
  if (env.INBOUND_DOMAIN && roleMay(member.role, 'work')) {
    const address = await createReplyAddress(db, env.INBOUND_DOMAIN, {
      threadKind: 'project',
      threadId: projectId,
      recipientKind: 'member',
      recipientId: member.id,
      recipientEmail: member.email,
    });
    return { 'Reply-To': address };
  }
  const team = (await notificationRoutes(db, env)).team;
  return team.length > 0 ? { 'Reply-To': team.join(', ') } : {};
}
