/**
 * What the booking screens read (docs/product.md#bookings): the free slots of a meeting type,
 * and the week of meetings staff see (every host's, cancelled ones too, by start; a meeting whose
 * host has left the staff is marked).
 */
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { bookings, clients, projects } from '../../../../db/schema/index.ts';
import {
  MEETING_TYPE_DETAILS,
  type MeetingType,
  type SlotsJson,
  type StaffBookingJson,
} from '../../../shared/bookings.ts';
import type { Database } from '../../db/database.ts';
import { InvalidFieldError } from '../../errors.ts';
import { addDays } from 'date-fns';
import type { BookingEnv } from './book.ts';
import { loadHosts } from './availability.ts';
import { busyBetween, staffJson } from './records.ts';
import { computeSlots, startOfDate } from './slots.ts';

const DAY = 86_400_000;

/** The most days the staff's list covers at once. */
const STAFF_DAYS_MAX = 62;

/** The free slots of `type` from `from` ("YYYY-MM-DD", the agency's zone) for `days` days, at `now`. */
export async function listSlots(
  db: Database,
  env: BookingEnv,
  query: { type: MeetingType; from: string; days: number },
  now = new Date(),
): Promise<SlotsJson> {
  const first = startOfDate(query.from, env.SITE_TIME_ZONE).getTime();
  const hosts = await loadHosts(db.read, env.ADMIN_EMAILS);
  const busy = await busyBetween(db.read, first - DAY, first + (query.days + 1) * DAY);
  const minutes = MEETING_TYPE_DETAILS[query.type].minutes;
  const slots = computeSlots({
    hosts,
    busy,
    timeZone: env.SITE_TIME_ZONE,
    from: query.from,
    days: query.days,
    minutes,
    now,
  });
  return {
    timeZone: env.SITE_TIME_ZONE,
    type: query.type,
    minutes,
    phoneRequired: !env.MEETING_URL,
    slots: slots.map((s) => ({ start: new Date(s.start).toISOString(), end: new Date(s.end).toISOString() })),
  };
}

/**
 * Every meeting starting from `from` to the end of `to` (dates in the agency's zone), by start,
 * as staff see them. InvalidFieldError('to') when `to` is before `from` or over 62 days later.
 */
export async function listStaffBookings(
  db: Database,
  env: BookingEnv,
  range: { from: string; to: string },
  now = new Date(),
): Promise<{ timeZone: string; items: StaffBookingJson[] }> {
  const start = startOfDate(range.from, env.SITE_TIME_ZONE);
  const endDay = startOfDate(range.to, env.SITE_TIME_ZONE);
  if (endDay.getTime() < start.getTime()) throw new InvalidFieldError('to', 'to must not be before from');
  if (endDay.getTime() - start.getTime() > STAFF_DAYS_MAX * DAY) {
    throw new InvalidFieldError('to', `At most ${STAFF_DAYS_MAX} days at once`);
  }
  const rows = await db.read
    .select({ booking: bookings, projectTitle: projects.title, clientName: clients.name })
    .from(bookings)
    .leftJoin(projects, eq(projects.id, bookings.projectId))
    .leftJoin(clients, eq(clients.id, bookings.clientId))
    .where(and(gte(bookings.startAt, start), lt(bookings.startAt, addDays(endDay, 1))))
    .orderBy(asc(bookings.startAt), asc(bookings.id));
  const hostIds = new Set((await loadHosts(db.read, env.ADMIN_EMAILS)).map((h) => h.hostId));
  return {
    timeZone: env.SITE_TIME_ZONE,
    items: rows.map((r) =>
      staffJson(r.booking, env, now, {
        projectTitle: r.projectTitle ?? null,
        clientName: r.clientName ?? null,
        hostLeft: !hostIds.has(r.booking.hostId ?? ''),
      }),
    ),
  };
}
