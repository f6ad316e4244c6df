/**
 * The booking API's bodies and queries (docs/product.md#bookings): one schema each, for the
 * booking screens' forms and the server's routes. Bounds: a topic at most 1,000 characters, at
 * most 70 weekly intervals and 366 days off; a buffer 0–240 minutes, notice 0–720 hours, a
 * horizon 1–365 days.
 */
import { z } from '../zod.ts';
import { MEETING_TYPES, SLOT_DAYS_MAX } from '../bookings.ts';
import { NAME_MAX, emailField, requiredText } from './fields.ts';

export const TOPIC_MAX = 1000;
const PHONE_MAX = 40;

const dateField = z.iso.date({ error: 'Use a date like 2027-03-14' });
const timeOfDay = z
  .string({ error: 'Use a time like 09:30' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Use a time like 09:30');
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** One weekly interval; `from` before `to`. */
const weeklyInterval = z
  .object({
    day: z.number({ error: 'day must be 1 (Monday) to 7 (Sunday)' }).int().min(1).max(7),
    from: timeOfDay,
    to: timeOfDay,
  })
  .refine((i) => minutesOf(i.from) < minutesOf(i.to), { message: 'Each interval must end after it starts' });

/** PUT /api/admin/availability: the whole availability, replaced. Intervals of one day must not overlap. */
export const availabilitySchema = z.object({
  weekly: z
    .array(weeklyInterval, { error: 'weekly must be a list' })
    .max(70, 'At most 70 weekly intervals')
    .refine(
      (list) =>
        list.every((a, i) =>
          list.every(
            (b, j) =>
              i === j ||
              a.day !== b.day ||
              minutesOf(a.to) <= minutesOf(b.from) ||
              minutesOf(b.to) <= minutesOf(a.from),
          ),
        ),
      { message: 'Intervals of the same day must not overlap' },
    ),
  bufferMinutes: z.number({ error: 'bufferMinutes must be a number' }).int().min(0).max(240),
  minNoticeHours: z.number({ error: 'minNoticeHours must be a number' }).int().min(0).max(720),
  horizonDays: z.number({ error: 'horizonDays must be a number' }).int().min(1).max(365),
  daysOff: z
    .array(dateField, { error: 'daysOff must be a list of dates' })
    .max(366, 'At most 366 days off')
    .refine((list) => new Set(list).size === list.length, { message: 'Each day off once' }),
});
export type AvailabilityInput = z.infer<typeof availabilitySchema>;

/** GET /api/bookings/slots: a meeting type, a first date (the agency's zone) and a number of days (1–62, 14 by default). */
export const slotsQuerySchema = z.object({
  type: z.enum(MEETING_TYPES, { error: 'type must be consultation or project' }),
  from: dateField,
  days: z.coerce
    .number({ error: 'days must be a number' })
    .int()
    .min(1)
    .max(SLOT_DAYS_MAX, `days must be at most ${SLOT_DAYS_MAX}`)
    .default(14),
});

/** An instant in ISO 8601 with a zone (Z or an offset). */
const instant = z.iso.datetime({ offset: true, error: 'start must be an ISO 8601 time' });

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`)
    .optional()
    .transform((v) => v || undefined);

/** The guest's fields of the booking form: name, email, and optionally a phone number and a topic. */
export const guestFieldsSchema = z.object({
  name: requiredText('Name', NAME_MAX),
  email: emailField,
  phone: optionalText(PHONE_MAX, 'Phone'),
  topic: optionalText(TOPIC_MAX, 'Topic'),
});
export type GuestFields = z.input<typeof guestFieldsSchema>;

/** POST /api/bookings: a free consultation from the site. */
export const consultationBookingSchema = guestFieldsSchema.extend({
  type: z.literal('consultation'),
  start: instant,
});

/** POST /api/bookings: a project meeting from the portal (the guest is the signed-in member). */
export const projectBookingSchema = z.object({
  type: z.literal('project'),
  start: instant,
  projectId: z.string({ error: 'projectId is required' }).min(1).max(100),
  topic: optionalText(TOPIC_MAX, 'Topic'),
  phone: optionalText(PHONE_MAX, 'Phone'),
});

const token = z.string({ error: 'token is required' }).min(10).max(200);

/** POST /api/bookings/manage: the manage link's token (after `#`). */
export const manageSchema = z.object({ token });
/** POST /api/bookings/reschedule. */
export const rescheduleSchema = z.object({ token, start: instant });
/** POST /api/bookings/cancel, with the guest's reason if given. */
export const cancelSchema = z.object({ token, reason: optionalText(TOPIC_MAX, 'Reason') });

/** GET /api/admin/bookings: dates (the agency's zone), both days included; at most 62 days. */
export const staffBookingsQuerySchema = z.object({ from: dateField, to: dateField });
/** POST /api/admin/bookings/:id/cancel, with a message to the guest. */
export const staffCancelSchema = z.object({ message: optionalText(TOPIC_MAX, 'Message') });
/** POST /api/admin/bookings/:id/move, with a message to the guest. */
export const staffMoveSchema = z.object({ start: instant, message: optionalText(TOPIC_MAX, 'Message') });
