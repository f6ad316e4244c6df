/**
 * The Bookings tab of the dashboard ('#bookings', docs/product.md#bookings): the week view of every
 * staff member's booked calls (bookings-week-view.tsx, the week in the address: '?week=YYYY-MM-DD'),
 * the signed-in staff member's own availability (bookings-availability.tsx) and their private
 * calendar feed (bookings-feed.tsx). Dates and times are in the agency's zone, which the API
 * answers with the availability; nothing shows in the browser's own zone.
 */
import type { ReactNode } from 'react';
import { Loading } from '../ui/loading.tsx';
import { AvailabilityForm } from './bookings-availability.tsx';
import { CalendarFeed } from './bookings-feed.tsx';
import { useAvailability } from './bookings-queries.ts';
import { WeekView } from './bookings-week-view.tsx';
import { CARD, ListError, TabHeading } from './parts.tsx';

/** A titled white panel of the tab; `headingId` names it. */
function Part({ title, headingId, children }: { title: string; headingId: string; children: ReactNode }) {
  return (
    <section aria-labelledby={headingId} className={`${CARD} min-w-0`}>
      <h3 id={headingId} tabIndex={-1} className="mb-4 text-lg font-bold text-ink-900 focus:outline-none">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The tab's panel; `params` hold the week shown ('week=2027-03-08'). */
export function BookingsTab({ params }: { params: string }) {
  const week = new URLSearchParams(params).get('week') ?? undefined;
  const availability = useAvailability();
  return (
    <section aria-labelledby="bookings-heading" className="grid gap-6">
      <TabHeading title="Bookings" id="bookings-heading" />
      {availability.isPending ? (
        <Loading label="Loading bookings..." compact />
      ) : availability.isError ? (
        <ListError what="bookings" />
      ) : (
        <>
          <div className={CARD}>
            <WeekView week={week} timeZone={availability.data.timeZone} />
          </div>
          <div className="grid items-start gap-6 xl:grid-cols-[3fr_2fr]">
            <Part title="My availability" headingId="availability-heading">
              <AvailabilityForm availability={availability.data} />
            </Part>
            <Part title="Calendar feed" headingId="calendar-feed-heading">
              <CalendarFeed />
            </Part>
          </div>
        </>
      )}
    </section>
  );
}
