/**
 * The live chat's escalation (docs/product.md#live-chat): every CHAT_ESCALATION_EVERY_MS, the
 * process holding the scheduled jobs' lease emails the team about each chat that has waited
 * CHAT_ESCALATE_MINUTES for an answer, once per wait (services/chat/escalation.ts
 * `escalateWaitingChats`: the email and its mark are one write, so two processes or a restart
 * never send it twice).
 */
import type { Env } from '../env/index.ts';
import { log } from '../log.ts';
import { escalateWaitingChats } from '../services/chat/escalation.ts';
import type { Database } from '../db/database.ts';
import { notificationRoutes } from '../services/email/notification-routes.ts';
import { repeat, type Repeating } from './repeat.ts';
import { reportRoundError } from './round-errors.ts';

/** How often waiting chats are looked for: every 20 seconds, in milliseconds. */
export const CHAT_ESCALATION_EVERY_MS = 20_000;

/**
 * Looks for waiting chats now and then every `everyMs`, each time only if `shouldRun()`.
 * @returns `stop()`, which resolves once a round in progress has finished
 */
export function scheduleChatEscalation(
  db: Database,
  env: Pick<
    Env,
    'CHAT_ESCALATE_MINUTES' | 'TEAM_NOTIFY_TO' | 'ADMIN_EMAILS' | 'LEADS_NOTIFY_TO' | 'SITE_URL' | 'SITE_TIME_ZONE'
  >,
  { everyMs = CHAT_ESCALATION_EVERY_MS, shouldRun = () => true }: { everyMs?: number; shouldRun?: () => boolean } = {},
): Repeating {
  return repeat(
    async () => {
      try {
        // The team inbox rule every staff email follows (services/email/notification-routes.ts).
        const { team } = await notificationRoutes(db, env);
        const count = await escalateWaitingChats(
          db,
          {
            escalateMinutes: env.CHAT_ESCALATE_MINUTES,
            to: team,
            siteUrl: env.SITE_URL,
            timeZone: env.SITE_TIME_ZONE,
          },
          new Date(),
        );
        if (count > 0) log.info({ component: 'chat', count }, 'waiting chats told to the team');
      } catch (error) {
        reportRoundError('chat', 'chat escalation failed')(error);
      }
    },
    { everyMs, shouldRun },
  );
}
