/**
 * Booked meetings as stored and as the API carries them (docs/product.md#bookings): the manage
 * token, the meetings that make a host busy, and the JSON of a booking for its guest and for staff.
 *
 * The manage token of booking `id` is HMAC-SHA-256(`booking-manage` signing key, id) in base64url
 * (43 characters): every email about the booking carries the same link, however often the
 * meeting moves, and only the token's SHA-256 is stored, to find the booking by it.
 */
import { createHash, createHmac } from 'node:crypto';
import { and, asc, count, eq, gt, isNotNull, lt, ne, or } from 'drizzle-orm';
import { bookings } from '../../../../db/schema/index.ts';
import type { GuestBookingJson, StaffBookingJson } from '../../../shared/bookings.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { NotFoundError } from '../../errors.ts';
import { signingKey } from '../signing-keys.ts';
import type { BusyTime } from './slots.ts';

export type BookingRow = typeof bookings.$inferSelect;

/** The manage token of booking `id`. */
export async function manageToken(db: Database, id: string): Promise<string> {
  const key = await signingKey(db, 'booking-manage');
  return createHmac('sha256', key).update(id).digest('base64url');
}

/** The stored form of a manage token: its SHA-256 in hex. */
export function hashManageToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The guest's manage page for `token` on `siteUrl`: the token after `#`, never sent to a server in a URL. */
export function manageUrl(siteUrl: string, token: string): string {
  return new URL(`/booking#${token}`, siteUrl).href;
}

/** The booking whose manage token is `token`, or undefined. */
async function bookingByToken(db: SqlDb, token: string): Promise<BookingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(eq(bookings.manageTokenHash, hashManageToken(token)));
  return row;
}

/** Booking `id`; NotFoundError('Booking') when there is none. */
export async function bookingById(db: SqlDb, id: string): Promise<BookingRow> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new NotFoundError('Booking');
  return row;
}

/** The booking whose manage token is `token`; NotFoundError('Booking') when there is none. */
export async function bookingOfToken(db: SqlDb, token: string): Promise<BookingRow> {
  const row = await bookingByToken(db, token);
  if (!row) throw new NotFoundError('Booking');
  return row;
}

/**
 * The confirmed meetings that end after `from` and start before `to` (epoch ms), as busy times
 * of their hosts, leaving out booking `except` (the one being moved).
 */
export async function busyBetween(db: SqlDb, from: number, to: number, except?: string): Promise<BusyTime[]> {
  const rows = await db
    .select({ hostId: bookings.hostId, start: bookings.startAt, end: bookings.endAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        gt(bookings.endAt, new Date(from)),
        lt(bookings.startAt, new Date(to)),
        except ? ne(bookings.id, except) : undefined,
      ),
    );
  return rows
    .filter((r) => r.hostId !== null)
    .map((r) => ({ hostId: r.hostId!, start: r.start.getTime(), end: r.end.getTime() }));
}

/**
 * How many confirmed meetings each host has that end after `from` (epoch ms), leaving out
 * booking `except`: one row per host, counted by the database.
 */
export async function upcomingPerHost(db: SqlDb, from: number, except?: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ hostId: bookings.hostId, n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        gt(bookings.endAt, new Date(from)),
        isNotNull(bookings.hostId),
        except ? ne(bookings.id, except) : undefined,
      ),
    )
    .groupBy(bookings.hostId);
  return new Map(rows.map((r) => [r.hostId!, r.n]));
}

/** Whether `row` can still be moved or cancelled at `now`: confirmed and not yet ended. */
export function canChange(row: BookingRow, now: Date): boolean {
  return row.status === 'confirmed' && row.endAt.getTime() > now.getTime();
}

/** `row` as its guest sees it. */
export function guestJson(
  row: BookingRow,
  env: { SITE_TIME_ZONE: string; MEETING_URL?: string },
  now: Date,
): GuestBookingJson {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    start: row.startAt.toISOString(),
    end: row.endAt.toISOString(),
    name: row.name,
    email: row.email,
    phone: row.phone,
    topic: row.topic,
    hostName: row.hostName,
    meetingUrl: env.MEETING_URL ?? null,
    timeZone: env.SITE_TIME_ZONE,
    canChange: canChange(row, now),
  };
}

/** `row` as staff see it, with its project's title and client's name when it has them. */
export function staffJson(
  row: BookingRow,
  env: { SITE_TIME_ZONE: string; MEETING_URL?: string },
  now: Date,
  extra: { projectTitle: string | null; clientName: string | null; hostLeft: boolean } = {
    projectTitle: null,
    clientName: null,
    hostLeft: false,
  },
): StaffBookingJson {
  return {
    ...guestJson(row, env, now),
    hostId: row.hostId ?? '',
    leadId: row.leadId,
    projectId: row.projectId,
    projectTitle: extra.projectTitle,
    clientName: extra.clientName,
    cancelReason: row.cancelReason,
    cancelledBy: row.cancelledBy,
    createdAt: row.createdAt.toISOString(),
    hostLeft: row.status === 'confirmed' && extra.hostLeft,
  };
}

/**
 * The booked meetings of a person, for their data export (docs/product.md#privacy): those of
 * `leadId` or `memberId`, or booked with `email`; oldest first, as plain rows.
 */
export async function bookingsOfPerson(
  db: Database,
  person: { leadId?: string; memberId?: string; email: string | null },
): Promise<Record<string, string | null>[]> {
  const where = or(
    person.leadId ? eq(bookings.leadId, person.leadId) : undefined,
    person.memberId ? eq(bookings.memberId, person.memberId) : undefined,
    person.email ? eq(bookings.email, person.email) : undefined,
  );
  if (!where) return [];
  const rows = await db.read.select().from(bookings).where(where).orderBy(asc(bookings.startAt));
  return rows.map((b) => ({
    id: b.id,
    type: b.type,
    status: b.status,
    start: b.startAt.toISOString(),
    end: b.endAt.toISOString(),
    name: b.name,
    email: b.email,
    phone: b.phone,
    topic: b.topic,
    host: b.hostName,
    cancelReason: b.cancelReason,
    createdAt: b.createdAt.toISOString(),
  }));
}
