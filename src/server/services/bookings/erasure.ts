/**
 * Erasing the people of booked meetings (docs/product.md#privacy, docs/product.md#bookings): a
 * lead's, a client's or a member's meetings keep their time and host but lose the guest's name
 * (it becomes `name`), address, phone and topic; those still ahead are cancelled (no email goes
 * to an erased address) and their queued reminders are taken back.
 */
import { and, eq, gt, inArray, or } from 'drizzle-orm';
import { bookings } from '../../../../db/schema/index.ts';
import type { SqlDb } from '../../db/database.ts';
import { dropReminders } from './notices.ts';

/** Whose meetings: a lead's, a client's, or members'. */
export interface BookingOwners {
  leadIds?: string[];
  clientId?: string;
  memberIds?: string[];
}

/** Anonymises the meetings of `owners` in the erasure's write `tx`; the guest becomes `name`. */
export async function eraseBookings(tx: SqlDb, owners: BookingOwners, name: string): Promise<void> {
  const where = or(
    owners.leadIds?.length ? inArray(bookings.leadId, owners.leadIds) : undefined,
    owners.clientId ? eq(bookings.clientId, owners.clientId) : undefined,
    owners.memberIds?.length ? inArray(bookings.memberId, owners.memberIds) : undefined,
  );
  if (!where) return;
  const rows = await tx.select({ id: bookings.id }).from(bookings).where(where);
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.id);
  for (const id of ids) await dropReminders(tx, id);
  const now = new Date();
  await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledBy: 'staff', cancelledAt: now, cancelReason: null })
    .where(and(inArray(bookings.id, ids), eq(bookings.status, 'confirmed'), gt(bookings.startAt, now)));
  await tx
    .update(bookings)
    .set({
      name,
      email: `deleted-${crypto.randomUUID()}@invalid`,
      phone: null,
      topic: null,
      cancelReason: null,
      updatedAt: now,
    })
    .where(inArray(bookings.id, ids));
}
