/**
 * Booked calls for staff (docs/product.md#bookings):
 *
 * - GET /availability → the signed-in member's {weekly, bufferMinutes, minNoticeHours,
 *   horizonDays, daysOff, timeZone}; PUT /availability {weekly, bufferMinutes, minNoticeHours,
 *   horizonDays, daysOff} → 200, the same (422 with fields).
 * - GET /bookings?from&to (dates in SITE_TIME_ZONE, both included, at most 62 days) → {timeZone,
 *   items}, every host's meetings by start, cancelled ones too.
 * - POST /bookings/:id/cancel {message?} and POST /bookings/:id/move {start, message?} → 200
 *   the booking; 404 unknown; 409 `slot_taken` / 422 `not_a_slot` with `slots`; 410 closed.
 * - GET /calendar-feed → {active, createdAt}; POST /calendar-feed → 201 {url, createdAt} (a new
 *   secret link, the old one stops working); DELETE /calendar-feed → 204.
 */
import { Hono } from 'hono';
import {
  availabilitySchema,
  staffBookingsQuerySchema,
  staffCancelSchema,
  staffMoveSchema,
} from '../../../shared/schemas/bookings.ts';
import type { SessionEnv } from '../../context.ts';
import type { AppDeps } from '../../deps.ts';
import { getAvailability, saveAvailability } from '../../services/bookings/availability.ts';
import { BookingClosedError, cancelBooking, moveBooking } from '../../services/bookings/change.ts';
import { createFeed, feedStatus, feedUrl, revokeFeed } from '../../services/bookings/feeds.ts';
import { SlotUnavailableError } from '../../services/bookings/placement.ts';
import { listStaffBookings } from '../../services/bookings/queries.ts';
import { bookingById, staffJson } from '../../services/bookings/records.ts';
import { validate } from '../../validation.ts';
import { closedAnswer, unavailableAnswer } from '../../booking-answers.ts';
import { idParam } from './params.ts';

export function staffBookingRoutes(deps: AppDeps) {
  const { db, env } = deps;

  const find = (id: string) => bookingById(db.read, id);

  return new Hono<SessionEnv<'staff'>>()
    .get('/availability', async (c) =>
      c.json({ ...(await getAvailability(db, c.var.user.id)), timeZone: env.SITE_TIME_ZONE }, 200),
    )
    .put('/availability', validate('json', availabilitySchema), async (c) =>
      c.json({ ...(await saveAvailability(db, c.var.user, c.req.valid('json'))), timeZone: env.SITE_TIME_ZONE }, 200),
    )
    .get('/bookings', validate('query', staffBookingsQuerySchema), async (c) =>
      c.json(await listStaffBookings(db, env, c.req.valid('query')), 200),
    )
    .post('/bookings/:id/cancel', validate('param', idParam), validate('json', staffCancelSchema), async (c) => {
      const row = await find(c.req.valid('param').id);
      try {
        const cancelled = await cancelBooking(db, env, row, {
          by: 'staff',
          message: c.req.valid('json').message ?? null,
        });
        return c.json(staffJson(cancelled, env, new Date()), 200);
      } catch (error) {
        if (error instanceof BookingClosedError) return closedAnswer(c, error);
        throw error;
      }
    })
    .post('/bookings/:id/move', validate('param', idParam), validate('json', staffMoveSchema), async (c) => {
      const row = await find(c.req.valid('param').id);
      const { start, message } = c.req.valid('json');
      try {
        const moved = await moveBooking(db, env, row, new Date(start), { by: 'staff', message: message ?? null });
        return c.json(staffJson(moved, env, new Date()), 200);
      } catch (error) {
        if (error instanceof SlotUnavailableError) return unavailableAnswer(c, error);
        if (error instanceof BookingClosedError) return closedAnswer(c, error);
        throw error;
      }
    })
    .get('/calendar-feed', async (c) => c.json(await feedStatus(db, c.var.user.id), 200))
    .post('/calendar-feed', async (c) => {
      const { token, createdAt } = await createFeed(db, c.var.user);
      return c.json({ url: feedUrl(env.SITE_URL, token), createdAt: createdAt.toISOString() }, 201);
    })
    .delete('/calendar-feed', async (c) => {
      await revokeFeed(db, c.var.user);
      return c.body(null, 204);
    });
}
