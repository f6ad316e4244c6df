/**
 * The week view of the Bookings tab (docs/product.md#bookings): every staff member's booked calls
 * from Monday to Sunday in the agency's zone (`timeZone`), one column a day from 1,280 px and a
 * stacked list below, with 'Previous week', 'This week' and 'Next week' (the week's Monday is
 * `?week=` in the address, so Back, Forward and reload keep it). Each booking shows its time,
 * guest, type (a project meeting with its project and client), host by name, status, topic and its
 * lead's page; a confirmed booking not yet over can be moved or cancelled (bookings-actions.tsx).
 * It follows the live stream: a booking made, moved or cancelled by anyone shows at once.
 */
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { MEETING_TYPE_DETAILS } from '../../shared/bookings.ts';
import { cn } from '../lib/cn.ts';
import { Loading } from '../ui/loading.tsx';
import { BookingActionButtons, BookingActionDialog, type BookingAction } from './bookings-actions.tsx';
import { useBookings, type StaffBooking } from './bookings-queries.ts';
import { byDay, clockOf, dayHeading, shiftWeek, todayIn, weekDates, weekLabel, weekOf } from './bookings-week.ts';
import { Badge, ListError } from './parts.tsx';
import { showList } from './route.ts';

/** What the meeting is: 'Free consultation', or 'Project meeting' with its project and client. */
function MeetingKind({ booking }: { booking: StaffBooking }) {
  const label = MEETING_TYPE_DETAILS[booking.type].label;
  if (booking.type !== 'project') return <p className="text-sm text-ink-700">{label}</p>;
  const about = [booking.projectTitle, booking.clientName].filter(Boolean).join(' · ');
  return (
    <p className="text-sm text-ink-700">
      {label}
      {about && <span className="block font-semibold wrap-anywhere text-ink-900">{about}</span>}
    </p>
  );
}

/** Opens a booking's Move or Cancel dialog, which the week view holds. */
type OnAction = (action: BookingAction) => void;

function BookingCard({ booking, timeZone, onAction }: { booking: StaffBooking; timeZone: string; onAction: OnAction }) {
  const cancelled = booking.status === 'cancelled';
  return (
    <li>
      <article
        id={`booking-${booking.id}`}
        tabIndex={-1}
        aria-labelledby={`booking-${booking.id}-title`}
        className={cn(
          'grid gap-1.5 rounded-xl p-3 ring-1 focus:outline-2 focus:outline-brand-600',
          cancelled ? 'bg-slate-100 ring-ink-700/10' : 'bg-white ring-brand-700/25',
        )}
      >
        <h4 id={`booking-${booking.id}-title`} className={cn('font-bold text-ink-900', cancelled && 'line-through')}>
          <span className="block text-sm">
            <span className="whitespace-nowrap">{clockOf(booking.start, timeZone)} –</span>{' '}
            <span className="whitespace-nowrap">{clockOf(booking.end, timeZone)}</span>
          </span>
          <span className="block wrap-anywhere">{booking.name}</span>
        </h4>
        {cancelled && (
          <p>
            <Badge tone="gray">Cancelled{booking.cancelledBy === 'guest' ? ' by the guest' : ''}</Badge>
          </p>
        )}
        <MeetingKind booking={booking} />
        {booking.hostLeft ? (
          <p className="text-sm wrap-anywhere text-ink-900">
            <Badge tone="amber">No host</Badge> {booking.hostName} has left the staff and nobody was free to take it
            over: move it to give it a host, or cancel it.
          </p>
        ) : (
          <p className="text-sm wrap-anywhere text-ink-700">With {booking.hostName}</p>
        )}
        {booking.topic && <p className="text-sm wrap-anywhere text-ink-900">“{booking.topic}”</p>}
        {cancelled && booking.cancelReason && (
          <p className="text-sm wrap-anywhere text-ink-700">Reason: {booking.cancelReason}</p>
        )}
        {booking.leadId && (
          <a
            href={`#lead/${encodeURIComponent(booking.leadId)}`}
            className="text-sm font-semibold text-brand-700 underline underline-offset-2"
          >
            Open lead<span className="sr-only"> of {booking.name}</span>
          </a>
        )}
        {booking.canChange && <BookingActionButtons booking={booking} onAction={onAction} />}
      </article>
    </li>
  );
}

function DayColumn({
  date,
  today,
  items,
  timeZone,
  onAction,
}: {
  date: string;
  today: boolean;
  items: StaffBooking[];
  timeZone: string;
  onAction: OnAction;
}) {
  const headingId = `bookings-day-${date}`;
  return (
    <li aria-labelledby={headingId} className="min-w-0 rounded-2xl bg-slate-50 p-3 ring-1 ring-ink-700/10">
      <h3 id={headingId} className="mb-2 flex flex-wrap items-center gap-2 text-sm font-bold text-ink-900">
        {dayHeading(date, timeZone)}
        {today && <Badge tone="blue">Today</Badge>}
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-ink-700">No bookings</p>
      ) : (
        <ul className="grid gap-2" aria-label={`Bookings on ${dayHeading(date, timeZone)}`}>
          {items.map((booking) => (
            <BookingCard key={booking.id} booking={booking} timeZone={timeZone} onAction={onAction} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The week named by `week` (a date in it; this week when empty), in `timeZone`. */
export function WeekView({ week, timeZone }: { week: string | undefined; timeZone: string }) {
  const monday = weekOf(week, timeZone);
  const dates = weekDates(monday, timeZone);
  const bookings = useBookings(dates[0] ?? monday, dates[6] ?? monday, dates.length === 7);
  const today = todayIn(timeZone);
  const thisWeek = weekOf(undefined, timeZone);
  const go = (next: string) => showList('bookings', { week: next === thisWeek ? undefined : next }, 'push');
  const days = byDay(bookings.data?.items ?? [], dates, timeZone);
  const count = [...days.values()].reduce((n, list) => n + list.filter((b) => b.status === 'confirmed').length, 0);
  // The open dialog lives here, not in the card, so a move to another day's column keeps it.
  const [dialog, setDialog] = useState<{ action: BookingAction; open: boolean; opened: number } | null>(null);
  const onAction: OnAction = (action) => setDialog((now) => ({ action, open: true, opened: (now?.opened ?? 0) + 1 }));
  const latest =
    dialog && (bookings.data?.items.find((b) => b.id === dialog.action.booking.id) ?? dialog.action.booking);
  return (
    <section aria-labelledby="bookings-week-heading" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h3 id="bookings-week-heading" tabIndex={-1} className="text-lg font-bold text-ink-900 focus:outline-none">
            Week of {weekLabel(monday, timeZone)}
          </h3>
          <p className="text-sm text-ink-700" aria-live="polite">
            {bookings.isPending ? 'Loading…' : `${count} confirmed ${count === 1 ? 'call' : 'calls'}`}. Times in{' '}
            {timeZone.replaceAll('_', ' ')}.
          </p>
        </div>
        <nav aria-label="Weeks" className="grid grid-cols-3 gap-2 max-sm:w-full">
          <button
            type="button"
            className="btn-secondary px-3 max-sm:px-2 max-sm:text-sm"
            onClick={() => go(shiftWeek(monday, -1, timeZone))}
          >
            <ChevronLeft aria-hidden="true" className="size-4 shrink-0 max-sm:hidden" />
            <span>
              Previous<span className="max-sm:sr-only"> week</span>
            </span>
          </button>
          <button
            type="button"
            className="btn-secondary px-3 max-sm:px-2 max-sm:text-sm"
            aria-current={monday === thisWeek ? 'date' : undefined}
            onClick={() => go(thisWeek)}
          >
            <CalendarDays aria-hidden="true" className="size-4 shrink-0 max-sm:hidden" />
            This week
          </button>
          <button
            type="button"
            className="btn-secondary px-3 max-sm:px-2 max-sm:text-sm"
            onClick={() => go(shiftWeek(monday, 1, timeZone))}
          >
            <span>
              Next<span className="max-sm:sr-only"> week</span>
            </span>
            <ChevronRight aria-hidden="true" className="size-4 shrink-0 max-sm:hidden" />
          </button>
        </nav>
      </div>
      {bookings.isError && !bookings.data ? (
        <ListError what="bookings" />
      ) : bookings.isPending ? (
        <Loading label="Loading bookings..." compact />
      ) : (
        <ol aria-label={`Days of the week of ${weekLabel(monday, timeZone)}`} className="grid gap-3 xl:grid-cols-7">
          {dates.map((date) => (
            <DayColumn
              key={date}
              date={date}
              today={date === today}
              items={days.get(date) ?? []}
              timeZone={timeZone}
              onAction={onAction}
            />
          ))}
        </ol>
      )}
      {dialog && latest && (
        <BookingActionDialog
          key={dialog.opened}
          action={{ kind: dialog.action.kind, booking: latest }}
          timeZone={timeZone}
          open={dialog.open}
          onClose={() => setDialog((now) => now && { ...now, open: false })}
        />
      )}
    </section>
  );
}
