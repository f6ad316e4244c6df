/**
 * The booking screens' reads (docs/product.md#bookings): the free slots of a meeting type, one
 * 14-day window at a time ('Later dates' asks for the next), and a booking read by its manage
 * link's token. Slots are fresh for a minute; a booking is read once per page.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { MeetingType, SlotJson } from '../../shared/bookings.ts';
import { api, unwrap } from '../lib/api.ts';
import { SLOT_WINDOW_DAYS, firstWindowDate, nextWindowDate } from './time-format.ts';

/** How long a window of slots stays fresh, in milliseconds. */
const FRESH_SLOTS_MS = 60_000;

export const bookingKeys = {
  slots: (type: MeetingType) => ['booking', 'slots', type] as const,
  booking: (token: string) => ['booking', 'manage', token] as const,
};

/** The free slots of `type`, window by window; `slots` is every loaded window's, earliest first. */
export function useSlots(type: MeetingType) {
  const query = useInfiniteQuery({
    queryKey: bookingKeys.slots(type),
    initialPageParam: firstWindowDate(),
    queryFn: ({ pageParam }) =>
      unwrap(api.bookings.slots.$get({ query: { type, from: pageParam, days: String(SLOT_WINDOW_DAYS) } })),
    // After an empty later window there is nothing further (past the booking horizon).
    getNextPageParam: (last, all, from) =>
      all.length > 1 && last.slots.length === 0 ? undefined : nextWindowDate(from),
    staleTime: FRESH_SLOTS_MS,
  });
  const slots: SlotJson[] = query.data?.pages.flatMap((page) => page.slots) ?? [];
  const agencyZone = query.data?.pages[0]?.timeZone;
  // Without a video-call link the host phones the guest, so the phone number is required.
  const phoneRequired = query.data?.pages[0]?.phoneRequired ?? false;
  return { ...query, slots, agencyZone, phoneRequired };
}

/** The booking the manage link's `token` opens (POST /api/bookings/manage: it reads, changes nothing). */
export function useManagedBooking(token: string) {
  return useQuery({
    queryKey: bookingKeys.booking(token),
    queryFn: () => unwrap(api.bookings.manage.$post({ json: { token } })),
    enabled: token.length > 0,
  });
}
