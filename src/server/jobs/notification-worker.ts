/**
 * The notification worker (docs/product.md#notifications, docs/decisions/0008-notification-queue.md),
 * run by the server process (src/server/main.ts) every `pollMs` (default 1,000 ms).
 *
 * Each round it turns every due group of notifications into one email (or skips it: the
 * messages were read meanwhile, the person turned emails off, nobody to tell), then sends every
 * email that is due (data exports are built by a job of their own, jobs/export-builder.ts), each under a lease of NOTIFY_LEASE_SECONDS. A failed send is retried after
 * `retryBaseMs · 2^(tries−1)` (default base 60,000 ms: 1, 2, 4 … 64 minutes) and marked failed
 * after MAX_SEND_ATTEMPTS tries; the request that caused it has long succeeded.
 *
 * However long the backlog (a burst of 20,000 leads), the work never starves requests: groups are
 * read `GROUP_BATCH` at a time, and after each group settled and each email sent the worker lets
 * the event loop serve what is waiting (`setImmediate`) before it goes on. A timer tick that finds
 * a round still running is skipped, and `stop()` ends the round in progress at its next step.
 *
 * A new lead is due at once (docs/product.md#lead-delivery): unless `wakeOnLead` is false, a
 * commit of this process that stored one starts a round right away (or another one right after
 * the round in progress), so its email does not wait for the next poll.
 */
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { findDueGroups, leadsQueuedCount, loadGroup, settleGroup } from '../services/email/notifications.ts';
import { claimEmail, markEmailFailed, markEmailSent, type EmailRow } from '../services/email/queue.ts';
import { log } from '../log.ts';
import { settle, type NotificationWorkerOptions } from './notification-settle.ts';
import { reportRoundError } from './round-errors.ts';

export type { NotificationWorkerOptions } from './notification-settle.ts';

/** Default pause between rounds, in milliseconds. */
export const POLL_MS = 1000;
/** Default first retry delay, in milliseconds (then doubled per try). */
const RETRY_BASE_MS = 60_000;
/** Emails sent at the same time by one worker. */
const CONCURRENCY = 4;
/** Due groups read at a time: bounds what a round holds in memory. */
const GROUP_BATCH = 50;

export interface NotificationWorker {
  /** One round now: settles due groups and sends due emails; resolves with how many were sent. */
  runOnce(): Promise<number>;
  /** Stops the timer and waits for the round in progress. */
  stop(): Promise<void>;
}

/** Starts the worker: a round now and then every `pollMs`. The timer does not keep the process alive. */
export function startNotificationWorker(options: NotificationWorkerOptions): NotificationWorker {
  const { db, env, mailer } = options;
  const now = options.now ?? (() => new Date());
  const retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;
  const onError = options.onError ?? reportRoundError('notifications', 'notification step failed');

  let stopping = false;

  /** The files `email` names, read from the storage (a missing file fails this try; it is retried). */
  async function attachmentsOf(email: EmailRow) {
    if (!email.attachments || email.attachments.length === 0) return undefined;
    const { storage } = options;
    if (!storage) throw new Error('This email has attachments and the worker has no storage');
    return Promise.all(
      email.attachments.map(async (file) => ({
        filename: file.filename,
        contentType: file.contentType,
        content: Buffer.concat(await (await storage.read(file.storageKey)).toArray()),
      })),
    );
  }

  async function settleDue(): Promise<void> {
    while (!stopping) {
      const keys = await findDueGroups(db, now(), env.NOTIFY_DELAY_SECONDS * 1000, GROUP_BATCH);
      if (keys.length === 0) return;
      let settled = 0;
      for (const key of keys) {
        if (stopping) return;
        const group = await loadGroup(db, key);
        if (group) {
          const { batched, skipped, drafts } = await settle(group, options);
          await settleGroup(db, batched, skipped, drafts, now());
          settled++;
        }
        // Each group rendered an email and wrote it: requests waiting go first.
        await yieldToRequests();
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
        attachments: await attachmentsOf(email),
        calendar: email.calendar ?? undefined,
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
  let busy = false;
  async function round(): Promise<number> {
    busy = true;
    sent = 0;
    try {
      await settleDue();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (!stopping && (await sendOne())) await yieldToRequests();
        }),
      );
      return sent;
    } finally {
      busy = false;
    }
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
  // A lead stored by this process: a round now, or one more after the round in progress.
  let leadsSeen = leadsQueuedCount();
  let leadRoundQueued = false;
  const stopWaking =
    options.wakeOnLead === false
      ? () => undefined
      : db.afterCommit(() => {
          if (stopping || leadsQueuedCount() === leadsSeen || leadRoundQueued) return;
          leadsSeen = leadsQueuedCount();
          leadRoundQueued = true;
          void runOnce().finally(() => (leadRoundQueued = false));
        });
  // A tick that finds the previous round still at work is skipped, not queued behind it.
  const timer = setInterval(() => {
    if (!busy) void runOnce();
  }, options.pollMs ?? POLL_MS);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      stopWaking();
      stopping = true;
      await running;
    },
  };
}
