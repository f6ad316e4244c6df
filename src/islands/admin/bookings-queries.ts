/**
 * The dashboard's reads of booked calls (docs/product.md#bookings): the query keys (the weeks
 * under one, so a write or a live `booking-updated` refreshes every week at once: queries.ts's
 * `adminLive`), the signed-in staff member's availability (with the agency's zone), a range of
 * days' bookings of every staff member, and the calendar feed's state. Fresh 2 minutes; the
 * weeks poll only while the live stream is down. The writes: bookings-mutations.ts.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api.ts';
import { useFallbackInterval } from '../lib/live.ts';
import { FRESH_LIST_MS } from '../lib/query.ts';

const ALL = ['admin', 'bookings'] as const;

export const bookingKeys = {
  /** Every booking query: the weeks, the availability and the feed. */
  all: ALL,
  weeks: [...ALL, 'weeks'],
  week: (from: string, to: string) => [...ALL, 'weeks', from, to],
  availability: [...ALL, 'availability'],
  feed: [...ALL, 'feed'],
} as const;

const fetchAvailability = () => unwrap(api.admin.availability.$get());
const fetchBookings = (from: string, to: string) => unwrap(api.admin.bookings.$get({ query: { from, to } }));
const fetchFeed = () => unwrap(api.admin['calendar-feed'].$get());

/** A staff member's availability with the agency's zone (GET /api/admin/availability). */
export type StaffAvailability = Awaited<ReturnType<typeof fetchAvailability>>;
/** A booking as the week view shows it: src/shared/bookings.ts's StaffBookingJson. */
export type StaffBooking = Awaited<ReturnType<typeof fetchBookings>>['items'][number];
/** Whether the calendar feed is on, and since when (the link itself is shown only once). */
export type FeedState = Awaited<ReturnType<typeof fetchFeed>>;

/** Marks every booking query stale (a live `booking-updated`, a reconnection). */
export function refreshBookings(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: bookingKeys.weeks });
}

/** The signed-in staff member's availability, and the agency's zone every date is in. */
export const useAvailability = () =>
  useQuery({ queryKey: bookingKeys.availability, queryFn: fetchAvailability, staleTime: FRESH_LIST_MS });

/** Every staff member's bookings from `from` to `to` (dates in the agency's zone, both included). */
export const useBookings = (from: string, to: string, enabled: boolean) =>
  useQuery({
    queryKey: bookingKeys.week(from, to),
    queryFn: () => fetchBookings(from, to),
    staleTime: FRESH_LIST_MS,
    enabled,
    refetchInterval: useFallbackInterval(FRESH_LIST_MS),
    placeholderData: (previous) => previous,
  });

/** Whether the signed-in staff member's calendar feed is on. */
export const useCalendarFeed = () =>
  useQuery({ queryKey: bookingKeys.feed, queryFn: fetchFeed, staleTime: FRESH_LIST_MS });
