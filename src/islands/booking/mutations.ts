/**
 * The booking screens' writes (docs/product.md#bookings): a free consultation booked by a
 * visitor (with the anti-bot fields and an Idempotency-Key), a project meeting booked by a
 * signed-in client member, and a guest's reschedule and cancel through the manage link's token.
 * A refused time (409 slot_taken, 422 not_a_slot) carries the next free slots: `offeredSlots`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuestBookingJson, MeetingType, SlotJson } from '../../shared/bookings.ts';
import type { GuestFields } from '../../shared/schemas/bookings.ts';
import { ApiError, api, unwrap } from '../lib/api.ts';
import { idempotent, useSubmissionKey } from '../lib/submission-key.ts';
import type { AntiBot } from '../contact/mutations.ts';
import { bookingKeys } from './queries.ts';

/** The free slots a refused booking's answer offers instead; [] when it offers none. */
export function offeredSlots(error: unknown): SlotJson[] {
  if (!(error instanceof ApiError)) return [];
  const slots = (error.body as { slots?: unknown } | null)?.slots;
  return Array.isArray(slots) ? (slots as SlotJson[]) : [];
}

/** After any booking write, every slots window is read again. */
function useRefreshSlots(type: MeetingType) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: bookingKeys.slots(type) });
}

/** Books a free consultation at `start`; `antiBot()` is read when the request is made. */
export function useBookConsultation(antiBot: () => AntiBot) {
  const submission = useSubmissionKey();
  const refresh = useRefreshSlots('consultation');
  return useMutation({
    mutationFn: ({ start, ...fields }: GuestFields & { start: string }) => {
      const json = { type: 'consultation' as const, start, ...fields, ...antiBot() };
      return unwrap(api.bookings.$post({ json }, idempotent(submission.keyFor(json))));
    },
    onSuccess: () => submission.done(),
    onSettled: refresh,
  });
}

/** Books a meeting about `projectId` for the signed-in member. */
export function useBookProjectMeeting(projectId: string) {
  const submission = useSubmissionKey();
  const refresh = useRefreshSlots('project');
  return useMutation({
    mutationFn: (values: { start: string; topic?: string; phone?: string }) => {
      const json = { type: 'project' as const, projectId, ...values };
      return unwrap(api.bookings.$post({ json }, idempotent(submission.keyFor(json))));
    },
    onSuccess: () => submission.done(),
    onSettled: refresh,
  });
}

/** Moves the booking of `token` to `start`, or cancels it; the answer replaces the booking shown. */
export function useChangeBooking(token: string, type: MeetingType | undefined) {
  const queryClient = useQueryClient();
  const keep = (booking: GuestBookingJson) => {
    queryClient.setQueryData(bookingKeys.booking(token), booking);
    if (type) void queryClient.invalidateQueries({ queryKey: bookingKeys.slots(type) });
  };
  const reschedule = useMutation({
    mutationFn: (start: string) => unwrap(api.bookings.reschedule.$post({ json: { token, start } })),
    onSuccess: keep,
  });
  const cancel = useMutation({
    mutationFn: (reason: string) =>
      unwrap(api.bookings.cancel.$post({ json: { token, ...(reason.trim() ? { reason } : {}) } })),
    onSuccess: keep,
  });
  return { reschedule, cancel };
}
