/**
 * Each staff member's private calendar feed (docs/product.md#bookings): an iCalendar URL
 * `/api/calendar/{token}.ics` to subscribe to from Google Calendar or Outlook. The token is 32
 * random bytes in base64url, shown once when made; only its SHA-256 is stored. Making a new one
 * replaces the old (which stops working at once), and turning the feed off deletes it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gte } from 'drizzle-orm';
import { bookings, calendarFeeds, projects, users } from '../../../../db/schema/index.ts';
import { staffName } from '../../../shared/staff-name.ts';
import type { Database } from '../../db/database.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import { feedOf } from './calendar.ts';

/** How far back a feed lists meetings: 30 days, in milliseconds. */
const FEED_PAST_MS = 30 * 86_400_000;

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The feed's address for `token` on `siteUrl`. */
export function feedUrl(siteUrl: string, token: string): string {
  return new URL(`/api/calendar/${token}.ics`, siteUrl).href;
}

/** Whether `userId` has a feed, and since when. */
export async function feedStatus(db: Database, userId: string): Promise<{ active: boolean; createdAt: string | null }> {
  const [row] = await db.read.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return { active: Boolean(row), createdAt: row ? row.createdAt.toISOString() : null };
}

/** Makes `actor` a new feed token (replacing any), with an admin event; returns the token and when. */
export async function createFeed(db: Database, actor: Actor): Promise<{ token: string; createdAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const createdAt = new Date();
  await db.write(async (tx) => {
    await tx
      .insert(calendarFeeds)
      .values({ userId: actor.id, tokenHash: hashOf(token), createdAt })
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hashOf(token), createdAt } });
    await recordAdminEvent(tx, actor, 'create', 'calendar-feed', actor.id, 'Made a new calendar feed link');
  });
  return { token, createdAt };
}

/** Turns `actor`'s feed off, with an admin event when there was one. */
export async function revokeFeed(db: Database, actor: Actor): Promise<void> {
  await db.write(async (tx) => {
    const gone = await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, actor.id)).returning();
    if (gone.length > 0)
      await recordAdminEvent(tx, actor, 'delete', 'calendar-feed', actor.id, 'Turned off their calendar feed');
  });
}

/**
 * The iCalendar feed of the staff member whose token is `token`: their meetings from 30 days ago
 * on, cancelled ones as cancelled; null for an unknown or revoked token.
 */
export async function readFeed(
  db: Database,
  env: { SITE_URL: string; MEETING_URL?: string },
  token: string,
  now = new Date(),
) {
  const [owner] = await db.read
    .select({ user: users })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, hashOf(token)));
  if (!owner) return null;
  const rows = await db.read
    .select({ booking: bookings, projectTitle: projects.title })
    .from(bookings)
    .leftJoin(projects, eq(projects.id, bookings.projectId))
    .where(and(eq(bookings.hostId, owner.user.id), gte(bookings.startAt, new Date(now.getTime() - FEED_PAST_MS))));
  const hostName = staffName(owner.user);
  return feedOf(
    rows.map(({ booking, projectTitle }) => ({
      id: booking.id,
      type: booking.type,
      status: booking.status,
      start: booking.startAt,
      end: booking.endAt,
      sequence: booking.sequence,
      guestName: booking.name,
      guestEmail: booking.email,
      guestPhone: booking.phone,
      topic: booking.topic,
      hostName,
      hostEmail: owner.user.username,
      projectTitle: projectTitle ?? null,
      meetingUrl: env.MEETING_URL ?? null,
      manageUrl: null,
    })),
    env.SITE_URL,
    hostName,
  );
}
