/**
 * Handing over a removed staff member's meetings (docs/product.md#bookings): each of their
 * confirmed meetings still to start moves, at the same time, to whoever on the staff is free then
 * (the host with the fewest meetings ahead), as a staff move does: the guest is told who they
 * will meet, the new host gets the invitation and the previous one its CANCEL. A meeting nobody
 * is free for keeps its time and its previous host's name, and the week view marks it for staff
 * to move or cancel (`hostLeft`; a `booking-updated` event tells open views).
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import { bookings } from '../../../../db/schema/index.ts';
import type { Database } from '../../db/database.ts';
import { recordEvent } from '../events/events.ts';
import { loadHosts } from './availability.ts';
import type { BookingEnv } from './book.ts';
import { BookingClosedError, moveBooking } from './change.ts';
import { SlotUnavailableError } from './placement.ts';

/** What a hand-over did: how many meetings found a new host, and how many still need one. */
export interface HandOver {
  handedOver: number;
  unassigned: number;
}

/**
 * Hands over the meetings of `hostId` starting after `now`, once they can no longer host (their
 * staff role was removed). Returns the counts; a meeting cancelled meanwhile is skipped. Throws
 * nothing of its own; a database error stops it, and what is left shows in the week view.
 */
export async function handOverMeetings(
  db: Database,
  env: BookingEnv,
  hostId: string,
  hostName: string,
  now = new Date(),
): Promise<HandOver> {
  const hosts = await loadHosts(db.read, env.ADMIN_EMAILS);
  if (hosts.some((h) => h.hostId === hostId)) return { handedOver: 0, unassigned: 0 };
  const ahead = await db.read
    .select()
    .from(bookings)
    .where(and(eq(bookings.hostId, hostId), eq(bookings.status, 'confirmed'), gt(bookings.startAt, now)))
    .orderBy(asc(bookings.startAt));
  const message = `${hostName} is no longer with the team, so someone else will meet you at the same time.`;
  const result: HandOver = { handedOver: 0, unassigned: 0 };
  for (const row of ahead) {
    try {
      await moveBooking(db, env, row, row.startAt, { by: 'staff', message }, now);
      result.handedOver++;
    } catch (error) {
      if (error instanceof SlotUnavailableError) {
        result.unassigned++;
        // Open week views mark it at once.
        await db.write((tx) => recordEvent(tx, { type: 'booking-updated', bookingId: row.id, hostId }));
      } else if (!(error instanceof BookingClosedError)) throw error;
    }
  }
  return result;
}
