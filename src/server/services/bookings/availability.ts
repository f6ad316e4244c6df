/**
 * Staff availability for booked calls (docs/product.md#bookings): each staff member's weekly
 * hours (in SITE_TIME_ZONE), buffer, minimum notice, horizon and days off. A staff member who
 * never saved theirs offers DEFAULT_AVAILABILITY. The hosts of a meeting are the staff who still
 * have access (a role, or listed in ADMIN_EMAILS).
 */
import { eq, inArray, isNotNull, or } from 'drizzle-orm';
import { staffAvailability, users } from '../../../../db/schema/index.ts';
import { DEFAULT_AVAILABILITY, type AvailabilityJson } from '../../../shared/bookings.ts';
import type { AvailabilityInput } from '../../../shared/schemas/bookings.ts';
import { staffName } from '../../../shared/staff-name.ts';
import type { Database, SqlDb } from '../../db/database.ts';
import { recordAdminEvent, type Actor } from '../admin-events.ts';
import type { HostAvailability } from './slots.ts';

type AvailabilityRow = typeof staffAvailability.$inferSelect;

function toJson(row: AvailabilityRow | undefined): AvailabilityJson {
  if (!row) return structuredClone(DEFAULT_AVAILABILITY);
  const { weekly, bufferMinutes, minNoticeHours, horizonDays, daysOff } = row;
  return { weekly, bufferMinutes, minNoticeHours, horizonDays, daysOff };
}

/** Staff member `userId`'s availability (the defaults when never saved). */
export async function getAvailability(db: Database, userId: string): Promise<AvailabilityJson> {
  const [row] = await db.read.select().from(staffAvailability).where(eq(staffAvailability.userId, userId));
  return toJson(row);
}

/**
 * Replaces `actor`'s availability with `input` (already validated by availabilitySchema), with an
 * admin event, in one write. Weekly intervals are kept sorted by day and time, days off by date.
 * Returns what was saved. Meetings already booked stay booked.
 */
export async function saveAvailability(
  db: Database,
  actor: Actor,
  input: AvailabilityInput,
): Promise<AvailabilityJson> {
  const weekly = [...input.weekly].sort((a, b) => a.day - b.day || a.from.localeCompare(b.from));
  const values = { ...input, weekly, daysOff: [...input.daysOff].sort(), updatedAt: new Date() };
  await db.write(async (tx) => {
    await tx
      .insert(staffAvailability)
      .values({ userId: actor.id, ...values })
      .onConflictDoUpdate({ target: staffAvailability.userId, set: values });
    await recordAdminEvent(tx, actor, 'update', 'availability', actor.id, 'Updated their booking availability');
  });
  return toJson({ userId: actor.id, ...values });
}

/** A host as the booking flow needs them: their availability, name and address. */
export interface Host extends HostAvailability {
  name: string;
  email: string;
}

/**
 * Every staff member who may host a meeting, with their availability, ordered by id, read
 * through `db` (a transaction's reads see its own writes).
 */
export async function loadHosts(db: SqlDb, adminEmails: readonly string[]): Promise<Host[]> {
  const access =
    adminEmails.length > 0
      ? or(isNotNull(users.role), inArray(users.username, [...adminEmails]))
      : isNotNull(users.role);
  const rows = await db
    .select({ user: users, availability: staffAvailability })
    .from(users)
    .leftJoin(staffAvailability, eq(staffAvailability.userId, users.id))
    .where(access)
    .orderBy(users.id);
  return rows.map(({ user, availability }) => ({
    hostId: user.id,
    name: staffName(user),
    email: user.username,
    ...toJson(availability ?? undefined),
  }));
}
