/**
 * The notification worker (docs/product.md#notifications, docs/decisions/0008-notification-queue.md),
 * run by the server process (src/server/main.ts) every `pollMs` (default 1,000 ms).
 *
 * Each round it turns every due group of notifications into one email (or skips it: the
 * messages were read meanwhile, the person turned emails off, nobody to tell), then sends every
 * email that is due, each under a lease of NOTIFY_LEASE_SECONDS. A failed send is retried after
 * `retryBaseMs · 2^(tries−1)` (default base 60,000 ms: 1, 2, 4 … 64 minutes) and marked failed
 * after MAX_SEND_ATTEMPTS tries; the request that caused it has long succeeded.
 */
import { PROJECT_STATUS_LABELS, type ProjectStatus } from '../../shared/projects.ts';
import { renderClientDigest } from '../emails/client-digest.tsx';
import { renderNewLead } from '../emails/new-lead.tsx';
import { renderTeamDigest } from '../emails/team-digest.tsx';
import type { ClientUpdateItem } from '../emails/types.ts';
import type { Env } from '../env.ts';
import type { Mailer } from '../mail.ts';
import type { Database } from '../services/db.ts';
import {
  claimEmail,
  findDueGroups,
  loadGroup,
  markEmailFailed,
  markEmailSent,
  settleGroup,
  staffWithEmailsOff,
  type EmailDraft,
} from '../services/notifications.ts';
import { unsubscribeLinks } from '../services/unsubscribe.ts';
import { log } from '../log.ts';

/** Default pause between rounds, in milliseconds. */
const POLL_MS = 1000;
/** Default first retry delay, in milliseconds (then doubled per try). */
const RETRY_BASE_MS = 60_000;
/** Emails sent at the same time by one worker. */
const CONCURRENCY = 4;

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
  >;
  mailer: Mailer;
  pollMs?: number;
  retryBaseMs?: number;
  /** The clock (tests move it). */
  now?: () => Date;
  onError?: (error: unknown) => void;
}

export interface NotificationWorker {
  /** One round now: settles due groups and sends due emails; resolves with how many were sent. */
  runOnce(): Promise<number>;
  /** Stops the timer and waits for the round in progress. */
  stop(): Promise<void>;
}

type Group = NonNullable<Awaited<ReturnType<typeof loadGroup>>>;
interface Settlement {
  batched: string[];
  skipped: string[];
  draft: EmailDraft | null;
}

const statusLabel = (status: unknown) => PROJECT_STATUS_LABELS[status as ProjectStatus] ?? String(status);

/** Who hears about clients' messages: TEAM_NOTIFY_TO, else ADMIN_EMAILS, minus staff who opted out. */
async function teamRecipients(options: NotificationWorkerOptions): Promise<string[]> {
  const { env, db } = options;
  const list = env.TEAM_NOTIFY_TO.length > 0 ? env.TEAM_NOTIFY_TO : env.ADMIN_EMAILS;
  const off = await staffWithEmailsOff(db, list);
  return list.filter((address) => !off.has(address.toLowerCase()));
}

/** Decides what one group becomes. */
async function settle(group: Group, options: NotificationWorkerOptions): Promise<Settlement> {
  const { env, db } = options;
  const all = group.items.map((i) => i.id);
  const nothing = { batched: [], skipped: all, draft: null };
  const site = (path: string) => new URL(path, env.SITE_URL).href;

  if (group.items[0]?.kind === 'new_lead') {
    const { lead } = group;
    if (!lead || env.LEADS_NOTIFY_TO.length === 0) return nothing;
    const email = await renderNewLead({ lead, dashboardUrl: site('/admin#leads') });
    return {
      batched: all,
      skipped: [],
      draft: {
        audience: 'team',
        to: env.LEADS_NOTIFY_TO,
        ...email,
        headers: lead.email ? { 'Reply-To': lead.email } : {},
      },
    };
  }

  // A message read before its email was due needs no email (docs/product.md#notifications).
  const live = group.items.filter((i) => !i.message?.isRead);
  const skipped = group.items.filter((i) => i.message?.isRead).map((i) => i.id);
  const { client, project } = group;
  if (live.length === 0 || !client) return nothing;

  if (group.audience === 'team') {
    const to = await teamRecipients(options);
    if (to.length === 0) return nothing;
    const email = await renderTeamDigest({
      client: { name: client.name, email: client.email, company: client.company },
      messages: live.flatMap((i) =>
        i.message
          ? [
              {
                projectId: i.message.projectId,
                projectTitle: i.message.projectTitle,
                subject: i.message.subject,
                message: i.message.message,
                sentAt: i.message.createdAt,
              },
            ]
          : [],
      ),
      dashboardUrl: site('/admin#messages'),
      timeZone: env.SITE_TIME_ZONE,
    });
    return {
      batched: live.map((i) => i.id),
      skipped,
      draft: { audience: 'team', to, ...email, headers: { 'Reply-To': client.email } },
    };
  }

  if (!project || !client.isActive || !client.emailNotifications) return nothing;
  const items: ClientUpdateItem[] = live.map((i): ClientUpdateItem => {
    if (i.kind === 'team_message' && i.message) {
      return {
        kind: 'team_message',
        subject: i.message.subject,
        message: i.message.message,
        sentAt: i.message.createdAt,
      };
    }
    if (i.kind === 'milestone_completed') {
      return {
        kind: 'milestone_completed',
        title: String(i.payload.title),
        completedAt: new Date(String(i.payload.completedAt)),
      };
    }
    return {
      kind: 'project_status',
      from: statusLabel(i.payload.from),
      to: statusLabel(i.payload.to),
      changedAt: i.createdAt,
    };
  });
  const links = await unsubscribeLinks(db, env.SITE_URL, client.id);
  const email = await renderClientDigest({
    client: { name: client.name },
    project: { title: project.title },
    items,
    projectUrl: site(`/portal/projects/${project.id}`),
    unsubscribeUrl: links.pageUrl,
    settingsUrl: site('/portal/settings'),
    timeZone: env.SITE_TIME_ZONE,
  });
  return {
    batched: live.map((i) => i.id),
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

/** Starts the worker: a round now and then every `pollMs`. The timer does not keep the process alive. */
export function startNotificationWorker(options: NotificationWorkerOptions): NotificationWorker {
  const { db, env, mailer } = options;
  const now = options.now ?? (() => new Date());
  const retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;
  const onError =
    options.onError ??
    ((error: unknown) => log.error({ component: 'notifications', err: error }, 'notification step failed'));

  async function settleDue(): Promise<void> {
    for (;;) {
      const keys = await findDueGroups(db, now(), env.NOTIFY_DELAY_SECONDS * 1000);
      if (keys.length === 0) return;
      let settled = 0;
      for (const key of keys) {
        const group = await loadGroup(db, key);
        if (!group) continue;
        const { batched, skipped, draft } = await settle(group, options);
        await settleGroup(db, batched, skipped, draft, now());
        settled++;
      }
      if (settled === 0) return;
    }
  }

  async function sendOne(): Promise<boolean> {
    const email = await claimEmail(db, now(), env.NOTIFY_LEASE_SECONDS * 1000);
    if (!email) return false;
    try {
      await mailer.send({
        id: email.id,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: email.headers,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn(
        { component: 'notifications', emailId: email.id, attempt: email.attempts + 1, reason },
        'email not sent',
      );
      await markEmailFailed(db, email, reason, now(), retryBaseMs);
      return true;
    }
    await markEmailSent(db, email, now());
    log.info({ component: 'notifications', emailId: email.id, audience: email.audience }, 'email sent');
    sent++;
    return true;
  }

  let sent = 0;
  async function round(): Promise<number> {
    sent = 0;
    await settleDue();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (await sendOne());
      }),
    );
    return sent;
  }

  let running: Promise<number> = Promise.resolve(0);
  const runOnce = () => {
    running = running.then(round, round).catch((error: unknown) => {
      onError(error);
      return 0;
    });
    return running;
  };
  void runOnce();
  const timer = setInterval(() => void runOnce(), options.pollMs ?? POLL_MS);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
