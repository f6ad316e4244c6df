/**
 * /booking#{token} (docs/product.md#bookings): the page a booking email's manage link opens. The
 * token is read from the address's fragment (never sent in a URL) and kept there, so a reload
 * works; POST /api/bookings/manage shows the meeting, and while it can change, 'Reschedule' and
 * 'Cancel meeting' (manage-actions.tsx). A cancelled booking says 'This meeting was cancelled';
 * an unknown token (404) 'This link is not valid'; a past meeting (410) the server's message.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError, messageOf } from '../lib/api.ts';
import { Icon } from '../lib/icon.tsx';
import { QueryIsland } from '../lib/query-island.tsx';
import { Loading } from '../ui/loading.tsx';
import { CancelMeeting, Reschedule } from './manage-actions.tsx';
import { MeetingDetails } from './meeting-details.tsx';
import { useManagedBooking } from './queries.ts';
import { visitorTimeZone } from './time-format.ts';

/** The token after `#` in the address; '' when there is none. */
const tokenOfHash = () => decodeURIComponent(window.location.hash.replace(/^#/, ''));

function Card({ title, warning = false, children }: { title: string; warning?: boolean; children?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [title]);
  return (
    <section
      aria-labelledby="booking-title"
      className="mx-auto grid w-full max-w-2xl gap-5 rounded-2xl bg-white p-6 shadow-xl ring-1 ring-ink-700/10 sm:p-8"
    >
      <div className="flex items-center gap-3">
        <span
          className={
            warning
              ? 'flex size-11 shrink-0 items-center justify-center rounded-full bg-red-50 text-danger-700'
              : 'flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700'
          }
        >
          <Icon name={warning ? 'circle-x' : 'calendar-days'} className="size-6" />
        </span>
        <h1
          id="booking-title"
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-extrabold text-ink-900 focus:outline-none"
        >
          {title}
        </h1>
      </div>
      {children}
    </section>
  );
}

function ManageBooking({ token }: { token: string }) {
  const booking = useManagedBooking(token);
  const [zone, setZone] = useState(visitorTimeZone);
  const [mode, setMode] = useState<'view' | 'reschedule' | 'cancel'>('view');
  const [announcement, setAnnouncement] = useState<string | null>(null);

  if (!token) return <Card title="This link is not valid" warning />;
  if (booking.isPending) return <Loading label="Loading your meeting..." />;
  if (booking.isError) {
    const status = booking.error instanceof ApiError ? booking.error.status : 0;
    if (status === 404 || status === 400) {
      return (
        <Card title="This link is not valid" warning>
          <p className="text-ink-700">Check that you opened the whole link from your email.</p>
        </Card>
      );
    }
    return (
      <Card title={status === 410 ? 'This meeting cannot be changed' : 'Something went wrong'} warning>
        <p role="alert" className="text-ink-700">
          {messageOf(booking.error, 'Your meeting could not be loaded. Please reload the page.')}
        </p>
      </Card>
    );
  }

  const meeting = booking.data;
  const done = (said: string | null) => {
    setAnnouncement(said);
    setMode('view');
  };
  const cancelled = meeting.status === 'cancelled';
  return (
    <Card title={cancelled ? 'This meeting was cancelled' : 'Your meeting'} warning={cancelled}>
      {announcement && (
        <p role="status" className="rounded-xl bg-green-50 p-4 font-semibold text-green-800">
          {announcement}
        </p>
      )}
      <MeetingDetails booking={meeting} zone={zone} />
      {mode === 'reschedule' && (
        <Reschedule token={token} booking={meeting} zone={zone} onZoneChange={setZone} onDone={done} />
      )}
      {mode === 'cancel' && <CancelMeeting token={token} booking={meeting} onDone={done} />}
      {mode === 'view' && meeting.canChange && (
        <div className="grid gap-3 sm:grid-cols-2">
          <button type="button" className="btn-primary" onClick={() => setMode('reschedule')}>
            <Icon name="calendar-clock" className="size-5" />
            Reschedule
          </button>
          <button type="button" className="btn-secondary" onClick={() => setMode('cancel')}>
            <Icon name="circle-x" className="size-5" />
            Cancel meeting
          </button>
        </div>
      )}
    </Card>
  );
}

export default function ManagePage() {
  // Read once the page runs (the server never sees the fragment), and again if it changes.
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    const read = () => setToken(tokenOfHash());
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  if (token === null) return <Loading label="Loading your meeting..." />;
  return (
    <QueryIsland>
      <ManageBooking token={token} />
    </QueryIsland>
  );
}
