/**
 * The environment's settings of booked calls (docs/product.md#bookings): where the meetings
 * happen. With `MEETING_URL` (a standing video-call room such as a Google Meet or Zoom link)
 * every invitation carries it; without it the host calls the guest, so the booking form asks
 * for a phone number.
 */
import { optionalUrl } from './fields.ts';

export const bookingsEnv = {
  /** The video-call link every booked meeting uses; unset, the host phones the guest. */
  MEETING_URL: optionalUrl,
};
