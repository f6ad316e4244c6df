/**
 * The environment's settings of booked calls (docs/product.md#bookings): where the meetings
 * happen. With `MEETING_URL` (a standing video-call room such as a Google Meet or Zoom link)
 * every invitation carries it; without it the host calls the guest, so the booking form asks
 * for a phone number. `SLOTS_RATE_LIMIT` bounds how often one address asks for free times.
 */
import { z } from 'zod';
import { optionalUrl } from './fields.ts';

export const bookingsEnv = {
  /** The video-call link every booked meeting uses; unset, the host phones the guest. */
  MEETING_URL: optionalUrl,
  /** Free-slot lookups (`GET /api/bookings/slots`) per client address per 10 minutes (docs/product.md#limits). */
  SLOTS_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
};
