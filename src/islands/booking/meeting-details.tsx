/**
 * A booking as its guest sees it (docs/product.md#bookings): the meeting type, its time in the
 * visitor's zone with the agency's named beside, the host, and where it happens (the meeting
 * link, or 'We will call you on {phone}').
 */
import type { GuestBookingJson } from '../../shared/bookings.ts';
import { MEETING_TYPE_DETAILS } from '../../shared/bookings.ts';
import { formatTime, formatWhen } from './time-format.ts';

export function MeetingDetails({ booking, zone }: { booking: GuestBookingJson; zone: string }) {
  const type = MEETING_TYPE_DETAILS[booking.type];
  return (
    <dl className="grid gap-4 text-left sm:grid-cols-2">
      <div>
        <dt className="text-sm font-semibold text-ink-700">Meeting</dt>
        <dd className="font-semibold text-ink-900">
          {type.label} ({type.minutes} min)
        </dd>
      </div>
      <div>
        <dt className="text-sm font-semibold text-ink-700">With</dt>
        <dd className="font-semibold text-ink-900">{booking.hostName}</dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-sm font-semibold text-ink-700">When</dt>
        <dd className="font-semibold text-ink-900">
          {formatWhen(booking.start, zone)} – {formatTime(booking.end, zone)}
        </dd>
        <dd className="text-sm text-ink-700">
          Times in {zone} · our office is in {booking.timeZone}
        </dd>
      </div>
      {(booking.meetingUrl || booking.phone) && (
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-sm font-semibold text-ink-700">Where</dt>
          <dd className="wrap-anywhere text-ink-900">
            {booking.meetingUrl ? (
              <a href={booking.meetingUrl} className="font-semibold text-brand-700 underline">
                {booking.meetingUrl}
              </a>
            ) : (
              `We will call you on ${booking.phone}`
            )}
          </dd>
        </div>
      )}
    </dl>
  );
}
