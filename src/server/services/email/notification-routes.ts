/**
 * Where the staff's notifications go: one team-inbox rule for every email the team receives
 * (docs/product.md#notification-routes).
 *
 * - `team` (clients' messages, files and answers; waiting chats): TEAM_NOTIFY_TO, or every
 *   address of ADMIN_EMAILS when it is unset or empty, less the staff who turned their email
 *   notifications off in the dashboard.
 * - `leads` ("New lead"): LEADS_NOTIFY_TO as set; when it is unset, the same people as `team`.
 *   Set but empty (`LEADS_NOTIFY_TO=`) means no email about ordinary leads.
 * - `urgent` ("[URGENT] New lead"): everyone in `leads` and everyone in `team`, each once, so an
 *   emergency always reaches the staff (the emergency form promises that the on-call team is
 *   alerted).
 *
 * Addresses are kept as the settings spell them; duplicates are compared without case.
 */
import type { Env } from '../../env/index.ts';
import type { Database } from '../../db/database.ts';
import { staffWithEmailsOff } from './queue.ts';

/** The settings the routes are made from. */
export type NotificationRouteEnv = Pick<Env, 'ADMIN_EMAILS' | 'TEAM_NOTIFY_TO' | 'LEADS_NOTIFY_TO'>;

/** The addresses each kind of staff notification is sent to (lists of emails, possibly empty). */
export interface NotificationRoutes {
  leads: string[];
  urgent: string[];
  team: string[];
}

/** `lists` joined in order, each address once (compared without case). */
function unique(...lists: string[][]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const address of lists.flat()) {
    const key = address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(address);
  }
  return out;
}

/**
 * The routes of the module comment, as the database says now (who turned emails off).
 * Throws what the database throws.
 */
export async function notificationRoutes(db: Database, env: NotificationRouteEnv): Promise<NotificationRoutes> {
  const configured = env.TEAM_NOTIFY_TO.length > 0 ? env.TEAM_NOTIFY_TO : env.ADMIN_EMAILS;
  const off = await staffWithEmailsOff(db, configured);
  const team = unique(configured.filter((address) => !off.has(address.toLowerCase())));
  const leads = env.LEADS_NOTIFY_TO === undefined ? team : unique(env.LEADS_NOTIFY_TO);
  return { leads, urgent: unique(leads, team), team };
}

/**
 * Who is emailed about one new lead: `urgent` or `leads` of `notificationRoutes`. An ordinary lead
 * with LEADS_NOTIFY_TO set needs no look-up, so a burst of leads costs no extra read each.
 */
export async function leadRecipients(db: Database, env: NotificationRouteEnv, urgent: boolean): Promise<string[]> {
  if (!urgent && env.LEADS_NOTIFY_TO !== undefined) return unique(env.LEADS_NOTIFY_TO);
  const routes = await notificationRoutes(db, env);
  return urgent ? routes.urgent : routes.leads;
}
