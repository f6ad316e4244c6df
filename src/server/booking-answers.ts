/**
 * The answers the booking routes share (docs/product.md#bookings), for the guest's routes
 * (routes/bookings.ts) and the staff's (routes/admin/bookings.ts): a time that cannot be booked is
 * 409 `slot_taken` or 422 `not_a_slot` with the next free slots beside the error; a change of a
 * meeting that is over or cancelled is 410 with its code.
 */
import type { Context } from 'hono';
import { errorBody } from './errors.ts';
import type { BookingClosedError } from './services/bookings/change.ts';
import type { SlotUnavailableError } from './services/bookings/placement.ts';

/** 409 `slot_taken` or 422 `not_a_slot`: `{error, slots}`. */
export function unavailableAnswer(c: Context, error: SlotUnavailableError) {
  const code = error.reason === 'taken' ? 'slot_taken' : 'not_a_slot';
  return c.json({ ...errorBody(code, error.message), slots: error.slots }, error.reason === 'taken' ? 409 : 422);
}

/** 410 with `meeting_past` or `booking_cancelled`. */
export function closedAnswer(c: Context, error: BookingClosedError) {
  return c.json(errorBody(error.code, error.message), 410);
}
