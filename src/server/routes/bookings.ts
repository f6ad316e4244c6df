/**
 * The public booking API (docs/product.md#bookings):
 *
 * - GET /slots?type&from&days → 200 {timeZone, type, minutes, phoneRequired, slots: [{start, end}]}
 *   (ISO 8601 in UTC); 422 for a bad query; 429 past `SLOTS_RATE_LIMIT` per address per 10
 *   minutes, counted in memory (a read writes nothing).
 * - POST / {type: 'consultation', start, name, email, phone?, topic?} (the site's form, with the
 *   contact form's bot guard and rate limit) or {type: 'project', projectId, start, topic?,
 *   phone?} (a client member signed in to the portal, 401 without, 404 for another client's
 *   project) → 201 {id, start, end}; 409 `slot_taken` and 422 `not_a_slot`, both with `slots`,
 *   the next free ones; 422 `invalid_fields` (phone when the host must call: no MEETING_URL). An
 *   `Idempotency-Key` makes a repeat (a double submit) answer the first booking again.
 * - POST /manage {token} → the booking; POST /reschedule {token, start} → 200, 409/422 as
 *   above (the meeting keeps its time); POST /cancel {token, reason?} → 200, again 200. An
 *   unknown token is 404 `not_found`; a meeting already over (or cancelled, for a move) is 410.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { MEETING_TYPE_DETAILS } from '../../shared/bookings.ts';
import { antiBotFields } from '../../shared/schemas/contact.ts';
import {
  cancelSchema,
  consultationBookingSchema,
  manageSchema,
  projectBookingSchema,
  rescheduleSchema,
  slotsQuerySchema,
} from '../../shared/schemas/bookings.ts';
import type { ApiEnv } from '../context.ts';
import type { AppDeps } from '../deps.ts';
import { closedAnswer, unavailableAnswer } from '../booking-answers.ts';
import { AppError } from '../errors.ts';
import { botGuard } from '../middleware/bot-guard.ts';
import { currentClient } from '../middleware/identity.ts';
import { idempotencyKey } from '../middleware/idempotency.ts';
import { LEAD_LIMIT_WINDOW_SECONDS } from '../middleware/limits.ts';
import { createLimiter, createMemoryLimiter, limitByAddress } from '../middleware/rate-limit.ts';
import { clientProject, createBooking, type NewBooking } from '../services/bookings/book.ts';
import { BookingClosedError, cancelBooking, moveBooking } from '../services/bookings/change.ts';
import { SlotUnavailableError } from '../services/bookings/placement.ts';
import { listSlots } from '../services/bookings/queries.ts';
import { bookingOfToken, canChange, guestJson } from '../services/bookings/records.ts';
import { validate } from '../validation.ts';

const bookingRequestSchema = z.discriminatedUnion(
  'type',
  [consultationBookingSchema.extend(antiBotFields), projectBookingSchema.extend(antiBotFields)],
  { error: 'type must be consultation or project' },
);

/** The Idempotency-Key scope of booking: a key used here means nothing elsewhere. */
const BOOKING_SCOPE = 'POST /api/bookings';

const PHONE_NEEDED = 'Please give a phone number: we will call you at the time you choose';

/** The booking of `token`, or 404 `not_found`. */
const byToken = (deps: AppDeps, token: string) => bookingOfToken(deps.db.read, token);

export function bookingRoutes(deps: AppDeps) {
  const limiter = createLimiter(deps.db, {
    name: 'lead',
    points: deps.env.LEAD_RATE_LIMIT,
    durationSeconds: LEAD_LIMIT_WINDOW_SECONDS,
    message: 'Too many messages from your address. Please try again later or call us.',
  });
  const slotsLimiter = createMemoryLimiter({
    name: 'booking-slots',
    points: deps.env.SLOTS_RATE_LIMIT,
    durationSeconds: LEAD_LIMIT_WINDOW_SECONDS,
    message: 'Too many requests from your address. Please try again in a few minutes.',
  });
  const { db, env } = deps;

  /** The guest's part of a request: theirs for the site's form, the signed-in member's for the portal's. */
  async function newBooking(c: Context, body: z.infer<typeof bookingRequestSchema>): Promise<NewBooking> {
    const start = new Date(body.start);
    if (body.type === 'consultation') {
      const { name, email, phone, topic } = body;
      return { type: 'consultation', start, name, email, phone, topic };
    }
    const member = await currentClient(c as Context<ApiEnv>);
    if (!member) throw new AppError(401, 'unauthorized', 'Please sign in to continue');
    const project = await clientProject(db, member.clientId, body.projectId);
    return {
      type: 'project',
      start,
      name: member.name,
      email: member.email,
      phone: body.phone,
      topic: body.topic,
      project: { ...project, clientId: member.clientId, memberId: member.id },
    };
  }

  return new Hono<ApiEnv>()
    .get('/slots', limitByAddress(slotsLimiter), validate('query', slotsQuerySchema), async (c) =>
      c.json(await listSlots(db, env, c.req.valid('query')), 200),
    )
    .post(
      '/',
      validate('json', bookingRequestSchema),
      idempotencyKey(BOOKING_SCOPE),
      limitByAddress(limiter),
      botGuard(),
      async (c) => {
        const body = c.req.valid('json');
        if (c.var.bot) {
          const end = new Date(Date.parse(body.start) + MEETING_TYPE_DETAILS[body.type].minutes * 60_000);
          return c.json(
            { id: crypto.randomUUID(), start: new Date(body.start).toISOString(), end: end.toISOString() },
            201,
          );
        }
        const input = await newBooking(c as unknown as Context, body);
        if (!env.MEETING_URL && !input.phone) {
          throw new AppError(422, 'invalid_fields', 'Some fields are invalid', { phone: PHONE_NEEDED });
        }
        try {
          const row = await createBooking(db, env, input, new Date(), c.var.idempotency);
          return c.json({ id: row.id, start: row.startAt.toISOString(), end: row.endAt.toISOString() }, 201);
        } catch (error) {
          if (error instanceof SlotUnavailableError) return unavailableAnswer(c, error);
          throw error;
        }
      },
    )
    .post('/manage', validate('json', manageSchema), async (c) => {
      const row = await byToken(deps, c.req.valid('json').token);
      const now = new Date();
      if (row.status === 'confirmed' && !canChange(row, now)) {
        return closedAnswer(c, new BookingClosedError('meeting_past'));
      }
      return c.json(guestJson(row, env, now), 200);
    })
    .post('/reschedule', validate('json', rescheduleSchema), async (c) => {
      const { token, start } = c.req.valid('json');
      const row = await byToken(deps, token);
      try {
        const moved = await moveBooking(db, env, row, new Date(start), { by: 'guest', message: null });
        return c.json(guestJson(moved, env, new Date()), 200);
      } catch (error) {
        if (error instanceof SlotUnavailableError) return unavailableAnswer(c, error);
        if (error instanceof BookingClosedError) return closedAnswer(c, error);
        throw error;
      }
    })
    .post('/cancel', validate('json', cancelSchema), async (c) => {
      const { token, reason } = c.req.valid('json');
      const row = await byToken(deps, token);
      try {
        const cancelled = await cancelBooking(db, env, row, { by: 'guest', message: reason ?? null });
        return c.json(guestJson(cancelled, env, new Date()), 200);
      } catch (error) {
        if (error instanceof BookingClosedError) return closedAnswer(c, error);
        throw error;
      }
    });
}
