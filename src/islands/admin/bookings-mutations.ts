/**
 * The dashboard's writes of booked calls (docs/product.md#bookings): save the signed-in staff
 * member's availability, cancel or move a booking with a message to its guest (the server emails
 * them), create a new calendar feed link or turn the feed off. Each refreshes what it changed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvailabilityInput } from '../../shared/schemas/bookings.ts';
import { api, unwrap } from '../lib/api.ts';
import { bookingKeys, refreshBookings, type FeedState } from './bookings-queries.ts';
import { useAdminWrite } from './mutations.ts';

/** Replaces the signed-in staff member's availability; the answer is kept as the saved one. */
export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: AvailabilityInput) => unwrap(api.admin.availability.$put({ json })),
    onSuccess: (saved) => queryClient.setQueryData(bookingKeys.availability, saved),
  });
}

/** Cancels booking `id`; the guest is emailed, with `message` when given. */
export function useCancelBooking(id: string) {
  return useAdminWrite(
    (json: { message?: string }) => unwrap(api.admin.bookings[':id'].cancel.$post({ param: { id }, json })),
    [bookingKeys.weeks],
  );
}

/**
 * Moves booking `id` to `start` (an ISO instant); the guest is emailed, with `message` when given.
 * 409 `slot_taken` when the time is no longer free (the weeks are refreshed then too), 422 when
 * it is no slot, the booking was cancelled or the meeting is past.
 */
export function useMoveBooking(id: string) {
  const queryClient = useQueryClient();
  const write = useAdminWrite(
    (json: { start: string; message?: string }) =>
      unwrap(api.admin.bookings[':id'].move.$post({ param: { id }, json })),
    [bookingKeys.weeks],
  );
  return {
    ...write,
    mutateAsync: (json: { start: string; message?: string }) =>
      write.mutateAsync(json).catch((error: unknown) => {
        void refreshBookings(queryClient);
        throw error;
      }),
  };
}

/** Creates a new feed link (the old one stops working); answers the link, shown only now. */
export function useCreateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.admin['calendar-feed'].$post()),
    onSuccess: ({ createdAt }) => queryClient.setQueryData<FeedState>(bookingKeys.feed, { active: true, createdAt }),
  });
}

/** Turns the calendar feed off: its link answers 404 from now on. */
export function useTurnOffFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.admin['calendar-feed'].$delete()),
    onSuccess: () => queryClient.setQueryData<FeedState>(bookingKeys.feed, { active: false, createdAt: null }),
  });
}
