/**
 * Moving and cancelling a booked meeting (docs/product.md#bookings), by its guest (the manage
 * link) or by staff (with a message to the guest). Each change raises the invitation's SEQUENCE,
 * sends both sides the new invitation (or the CANCEL), takes back the reminders still queued and
 * queues new ones for a moved meeting, in one write. A move to a time that is not free is refused
 * (SlotUnavailableError) and the meeting keeps its time; cancelling twice changes nothing.
 */
import { eq } from 'drizzle-orm';
import { bookings, projects, users } from '../../../../db/schema/index.ts';
import { MEETING_TYPE_DETAILS } from '../../../shared/bookings.ts';
import { staffName } from '../../../shared/staff-name.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { recordEvent } from '../events/events.ts';
import type { BookingEnv } from './book.ts';
import { placementQuery, withStartLock } from './book.ts';
import { prepareNotices, queueNotices, type MeetingChange } from './notices.ts';
import { chooseHost, readPlacement, stillFree, unavailable } from './placement.ts';
import { canChange, manageToken, manageUrl, upcomingPerHost, type BookingRow } from './records.ts';

const ATTEMPTS = 4;

/** A booking that can no longer change: it was cancelled (`booking_cancelled`) or has ended (`meeting_past`). */
export class BookingClosedError extends Error {
  constructor(readonly code: 'booking_cancelled' | 'meeting_past') {
    super(code === 'meeting_past' ? 'This meeting has already taken place.' : 'This meeting was cancelled.');
  }
}

/** Who changes a meeting, and what they tell the other side. */
export interface ChangeBy {
  by: 'guest' | 'staff';
  message: string | null;
}

async function hostOf(db: SqlDb, hostId: string | null): Promise<{ name: string; email: string } | null> {
  if (!hostId) return null;
  const [user] = await db.select().from(users).where(eq(users.id, hostId));
  return user ? { name: staffName(user), email: user.username } : null;
}

async function projectTitleOf(db: SqlDb, row: BookingRow): Promise<string | null> {
  if (!row.projectId) return null;
  const [project] = await db.select({ title: projects.title }).from(projects).where(eq(projects.id, row.projectId));
  return project?.title ?? null;
}

/** The change of `row` to tell both sides of, as it will be once written. */
async function changeOf(
  db: Database,
  env: BookingEnv,
  row: BookingRow,
  after: Pick<BookingRow, 'startAt' | 'endAt' | 'status' | 'hostName'> & {
    host: { name: string; email: string } | null;
  },
  change: MeetingChange['change'],
  by: ChangeBy,
  previousHost: MeetingChange['previousHost'],
): Promise<MeetingChange> {
  return {
    meeting: {
      id: row.id,
      type: row.type,
      status: after.status,
      start: after.startAt,
      end: after.endAt,
      sequence: row.sequence + 1,
      guestName: row.name,
      guestEmail: row.email,
      guestPhone: row.phone,
      topic: row.topic,
      hostName: after.hostName,
      hostEmail: after.host?.email ?? null,
      projectTitle: await projectTitleOf(db.read, row),
    },
    change,
    byStaff: by.by === 'staff',
    message: by.message,
    manageUrl: manageUrl(env.SITE_URL, await manageToken(db, row.id)),
    previousHost,
  };
}

async function current(db: SqlDb, id: string): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

function assertOpen(row: BookingRow, now: Date): void {
  if (row.status === 'cancelled') throw new BookingClosedError('booking_cancelled');
  if (!canChange(row, now)) throw new BookingClosedError('meeting_past');
}

/**
 * Moves booking `original` to `start`, keeping its host when they are free. Returns the moved
 * row. Throws BookingClosedError, or SlotUnavailableError with the next free slots.
 */
export function moveBooking(
  db: Database,
  env: BookingEnv,
  original: BookingRow,
  start: Date,
  by: ChangeBy,
  now = new Date(),
): Promise<BookingRow> {
  return withStartLock(start.getTime(), () => placeMove(db, env, original, start, by, now));
}

async function placeMove(
  db: Database,
  env: BookingEnv,
  original: BookingRow,
  start: Date,
  by: ChangeBy,
  now: Date,
): Promise<BookingRow> {
  let row = original;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    assertOpen(row, now);
    const query = { ...placementQuery(env, row.type, start, now), except: row.id, preferHost: row.hostId };
    const end = new Date(query.start + MEETING_TYPE_DETAILS[row.type].minutes * 60_000);
    const state = await readPlacement(db.read, query);
    const host = chooseHost(state, query, await upcomingPerHost(db.read, now.getTime(), row.id));
    if (typeof host === 'string') throw await unavailable(db.read, state.hosts, query, host);
    const previous = host.hostId === row.hostId ? null : await hostOf(db.read, row.hostId);
    const after = { startAt: start, endAt: end, status: 'confirmed' as const, hostName: host.name, host };
    const notices = await prepareNotices(env, await changeOf(db, env, row, after, 'moved', by, previous), now);
    const seen = row;
    const outcome = await db.write(async (tx) => {
      const fresh = await current(tx, seen.id);
      if (!fresh || fresh.sequence !== seen.sequence) return { retry: fresh };
      if (!(await stillFree(tx, query, host.hostId))) return { retry: fresh };
      const [moved] = await tx
        .update(bookings)
        .set({
          startAt: start,
          endAt: end,
          hostId: host.hostId,
          hostName: host.name,
          sequence: seen.sequence + 1,
          updatedAt: now,
        })
        .where(eq(bookings.id, seen.id))
        .returning();
      await queueNotices(tx, seen.id, notices);
      await recordEvent(tx, { type: 'booking-updated', bookingId: seen.id, hostId: host.hostId });
      return { moved: moved! };
    });
    if ('moved' in outcome && outcome.moved) return outcome.moved;
    const fresh = outcome.retry;
    if (!fresh) throw new BookingClosedError('booking_cancelled');
    row = fresh;
  }
  const query = { ...placementQuery(env, row.type, start, now), except: row.id };
  const state = await readPlacement(db.read, query);
  throw await unavailable(db.read, state.hosts, query, 'taken');
}

/**
 * Cancels booking `original`: both sides get the CANCEL and the reminders are taken back. A
 * booking already cancelled is returned as it is (nothing sent again). Throws BookingClosedError
 * (`meeting_past`) once the meeting has ended.
 */
export async function cancelBooking(
  db: Database,
  env: BookingEnv,
  original: BookingRow,
  by: ChangeBy,
  now = new Date(),
): Promise<BookingRow> {
  let row = original;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (row.status === 'cancelled') return row;
    assertOpen(row, now);
    const host = await hostOf(db.read, row.hostId);
    const after = { ...row, status: 'cancelled' as const, host };
    const notices = await prepareNotices(env, await changeOf(db, env, row, after, 'cancelled', by, null), now);
    const seen = row;
    const outcome = await db.write(async (tx) => {
      const fresh = await current(tx, seen.id);
      if (!fresh || fresh.sequence !== seen.sequence || fresh.status !== 'confirmed') return { retry: fresh };
      const [cancelled] = await tx
        .update(bookings)
        .set({
          status: 'cancelled',
          sequence: seen.sequence + 1,
          cancelReason: by.message,
          cancelledBy: by.by,
          cancelledAt: now,
          updatedAt: now,
        })
        .where(eq(bookings.id, seen.id))
        .returning();
      await queueNotices(tx, seen.id, notices);
      await recordEvent(tx, { type: 'booking-updated', bookingId: seen.id, hostId: seen.hostId ?? '' });
      return { cancelled: cancelled! };
    });
    if ('cancelled' in outcome && outcome.cancelled) return outcome.cancelled;
    const fresh = outcome.retry;
    if (!fresh) throw new BookingClosedError('booking_cancelled');
    row = fresh;
  }
  throw new Error('The booking kept changing while it was being cancelled');
}
